import { TillError } from '../errors/index.ts';
import type { CodeDiscount, DiscountSource } from '../pricing/index.ts';

/** Where a discount that came with a code comes from: a coupon (the service's Verify) or a loyalty reward (check_reward). */
export const PROMOTION_SOURCES = ['coupon', 'reward'] as const;
export type PromotionSource = DiscountSource;

/**
 * A coupon's or a reward's discount as checked for the cart (issue 35,
 * items 2 and 3): the members of a service discount (discount_id, names,
 * kind, value, max_amount, code) with where it came from (`source`) and
 * whether the service confirmed it (`verified` false only for a coupon
 * accepted offline from the replica's discounts). Priced, it is one of the
 * cart's and the order's `discounts` (an AppliedDiscount with its source).
 */
export type AppliedPromotion = CodeDiscount;

/** A code already on this order: refused before the service is asked again (a reward is redeemed once). */
export function promotionAlreadyApplied(code: string): TillError {
  return new TillError('code_refused', `${code} is already on this order: it counts once`, { code: 'promotion.already_applied', params: { code } });
}
