import { errorBody, successBody } from '../envelope.ts';
import type { RouteSpec } from '../route-spec.ts';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The loyalty route authenticates with `api-token`, not a bearer token (spec, "Authentication" 2): the server lets it through without one. */
export const LOYALTY_CHECK_PATH = /^\/sync\/[^/]+\/check_reward$/;

/**
 * Discounts Verify, whose path and shape the spec does not show: `POST
 * /discounts/verify` with `{code, branch_id}` (the till's defaults,
 * docs/service-contract.md). A known code answers 200 with the discount in
 * `data`; any other 404 `Resource not found.`.
 */
export const promotionRoutes: RouteSpec[] = [
  {
    method: 'POST',
    url: '/discounts/verify',
    permission: 'read',
    handle: ({ state, body, path }) => {
      state.promotions.verifyRequests.push({ path, headers: {}, body });
      const code = isObject(body) && typeof body.code === 'string' ? body.code : '';
      const offer = state.promotions.coupons.get(code);
      if (!offer) return { status: 404, body: errorBody(404, 'Resource not found.') };
      return { status: 200, body: successBody(200, 'Discount is valid', { code, ...offer }) };
    },
  },
  /**
   * `POST /sync/<loyalty_provider>/check_reward`, as the spec shows it:
   * header `api-token`, body reward_code, business_refrence, branch_id, date
   * (yyyy-MM-dd HH:mm:ss), timestamp. The answer is "a JSON object" in the
   * spec: here `{valid, reward: {...}}` (a known, unredeemed code) or
   * `{valid: false, message}`; 401 without the right api-token; 422 when a
   * member is missing or the date is not in its format.
   */
  {
    method: 'POST',
    url: '/sync/:provider/check_reward',
    permission: 'none',
    handle: ({ state, body, path, headers }) => {
      const promotions = state.promotions;
      promotions.rewardRequests.push({ path, headers, body });
      if (headers['api-token'] !== promotions.loyaltyApiToken) return { status: 401, body: errorBody(401, 'Unauthenticated.') };
      const input = isObject(body) ? body : {};
      const strings = ['reward_code', 'business_refrence', 'branch_id', 'date', 'timestamp'];
      const missing = strings.filter((key) => typeof input[key] !== 'string' || input[key] === '');
      if (missing.length > 0 || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(String(input.date))) {
        return {
          status: 422,
          body: { message: 'The given data was invalid.', errors: Object.fromEntries(missing.map((k) => [k, [`The ${k} field is required.`]])) },
        };
      }
      const code = String(input.reward_code);
      const offer = promotions.rewards.get(code);
      if (!offer || promotions.redeemed.has(code))
        return { status: 200, body: { valid: false, message: offer ? 'Reward already redeemed' : 'Unknown reward' } };
      promotions.redeemed.add(code);
      return { status: 200, body: { valid: true, reward: { code, ...offer } } };
    },
  },
];
