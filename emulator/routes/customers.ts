import { isLive } from '../answers.ts';
import { MESSAGES, notFound, successBody } from '../envelope.ts';
import { UUID_PATTERN } from '../ids.ts';
import type { TenantCustomer } from '../tenant.ts';
import { rules, Validator } from '../validation.ts';
import { searchMatcher } from '../search-matcher.ts';
import type { RouteSpec } from '../route-spec.ts';
import { serializeCustomer } from '../serialize-customer.ts';
import { checkScope, readScope } from '../subscriber-scope.ts';
import { listing, listRoute } from './list-route.ts';

export const customerRoutes: RouteSpec[] = [
  listRoute('/users/customers', {
    query: (context, params, v) => readScope(context, params, v, false),
    list: (context, params, scope) => {
      checkScope(context, scope);
      const matches = params.search === null ? null : searchMatcher(params.search);
      const selected = context.state.tenant.customers.filter(
        (c) =>
          isLive(c) &&
          (scope.marketId === undefined || c.userable.market_id === scope.marketId) &&
          (matches === null || matches(c.name) || matches(c.email) || matches(c.phone)),
      );
      const withUserable = params.includes.includes('userable');
      return listing(selected, (c) => serializeCustomer(c, withUserable));
    },
  }),
];

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `POST /customers`: Customers Create, whose path and body the spec does not
 * show (emulator/README.md): the list item's members `name`, `phone_prefix`
 * (1 to 3 digits), `phone` (digits, 8 to 15 with the prefix), optional
 * `email`. Idempotent on the client's key `uuid` when one is sent: the same
 * key answers 200 with the customer it made. A phone the market already has
 * is refused (422, `phone`). Answers 201 with the created customer user.
 */
customerRoutes.push({
  method: 'POST',
  url: '/customers',
  permission: 'write',
  handle: ({ state, body }) => {
    const v = new Validator();
    const input = isObject(body) ? body : {};
    const key = input.uuid;
    if (key !== undefined && (typeof key !== 'string' || !UUID_PATTERN.test(key))) v.fail('uuid', rules.uuid('uuid'));
    const name = typeof input.name === 'string' ? input.name.trim() : '';
    if (name === '') v.fail('name', rules.required('name'));
    const prefix = typeof input.phone_prefix === 'string' ? input.phone_prefix : '';
    const phone = typeof input.phone === 'string' ? input.phone : '';
    if (!/^\d{1,3}$/.test(prefix)) v.fail('phone_prefix', rules.required('phone_prefix'));
    if (!/^\d+$/.test(phone) || (prefix + phone).length < 8 || (prefix + phone).length > 15) v.fail('phone', 'The phone field format is invalid.');
    const email = input.email === undefined || input.email === null ? '' : input.email;
    if (typeof email !== 'string') v.fail('email', rules.string('email'));
    v.throwIfFailed();
    const customers = state.tenant.customers;
    const heldId = typeof key === 'string' ? state.customerKeys.get(key) : undefined;
    const held = heldId === undefined ? undefined : customers.find((c) => c.id === heldId);
    if (held) return { status: 200, body: successBody(200, MESSAGES.created, serializeCustomer(held, false)) };
    if (customers.some((c) => isLive(c) && c.phone_prefix === prefix && c.phone === phone)) {
      v.fail('phone', 'The phone has already been taken.');
      v.throwIfFailed();
    }
    const now = state.now();
    const userableId = state.newId();
    const customer: TenantCustomer = {
      id: state.newId(),
      userable_id: userableId,
      role: 'USER_CUSTOMER',
      name,
      username: null,
      email: email as string,
      phone_prefix: prefix,
      phone,
      lang: 'ar',
      fcm_token: null,
      is_active: true,
      email_verified_at: null,
      phone_verified_at: null,
      created_at: now,
      updated_at: now,
      deleted_at: null,
      profile_img: '',
      userable: { id: userableId, market_id: state.tenant.me.market.id, points: 0 },
    };
    customers.push(customer);
    if (typeof key === 'string') state.customerKeys.set(key, customer.id);
    return { status: 201, body: successBody(201, MESSAGES.created, serializeCustomer(customer, false)) };
  },
});

/**
 * `POST /customers/:customerId`: Customers Update, whose path and body the
 * spec does not show (emulator/README.md): any of the list item's members
 * `name`, `phone_prefix` and `phone` (together), `email`, checked as Create
 * checks them. 404 for a customer the market does not have, 422 for a phone
 * another customer has; 200 with the customer user as it is now. Every
 * request is kept in `customerUpdates`, refused ones too.
 */
customerRoutes.push({
  method: 'POST',
  url: '/customers/:customerId',
  permission: 'write',
  handle: ({ state, body, params }) => {
    const id = params.customerId ?? '';
    const received = { id, body, status: 0 };
    state.customerUpdates.push(received);
    try {
      const answer = updateCustomer(state.tenant.customers, state.tenant.me.market.id, id, isObject(body) ? body : {}, state.now());
      received.status = answer.status;
      return answer;
    } catch (error) {
      received.status = (error as { status?: number }).status ?? 500;
      throw error;
    }
  },
});

function updateCustomer(customers: TenantCustomer[], marketId: string, id: string, input: Record<string, unknown>, now: number) {
  const customer = customers.find((c) => c.id === id && isLive(c) && c.userable.market_id === marketId);
  if (!customer) throw notFound();
  const v = new Validator();
  const name = input.name === undefined ? customer.name : typeof input.name === 'string' ? input.name.trim() : '';
  if (name === '') v.fail('name', rules.required('name'));
  const prefix = input.phone_prefix === undefined ? customer.phone_prefix : input.phone_prefix;
  const phone = input.phone === undefined ? customer.phone : input.phone;
  if (typeof prefix !== 'string' || !/^\d{1,3}$/.test(prefix)) v.fail('phone_prefix', rules.required('phone_prefix'));
  if (typeof phone !== 'string' || !/^\d+$/.test(phone) || `${String(prefix)}${phone}`.length < 8 || `${String(prefix)}${phone}`.length > 15)
    v.fail('phone', 'The phone field format is invalid.');
  const email = input.email === undefined || input.email === null ? customer.email : input.email;
  if (typeof email !== 'string') v.fail('email', rules.string('email'));
  v.throwIfFailed();
  if (customers.some((c) => c.id !== id && isLive(c) && c.phone_prefix === prefix && c.phone === phone)) {
    v.fail('phone', 'The phone has already been taken.');
    v.throwIfFailed();
  }
  Object.assign(customer, { name, phone_prefix: prefix as string, phone: phone as string, email: email as string, updated_at: now });
  return { status: 200, body: successBody(200, MESSAGES.updated, serializeCustomer(customer, false)) };
}
