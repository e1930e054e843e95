import { TillError } from '../errors/index.ts';
import type { Minor } from '../money/index.ts';

/** Where a discount that came with a code comes from: a coupon (the service's Verify) or a loyalty reward (check_reward). */
export const PROMOTION_SOURCES = ['coupon', 'reward'] as const;
export type PromotionSource = (typeof PROMOTION_SOURCES)[number];

/**
 * A coupon's or a reward's discount on the cart and on the order (issue 35,
 * items 2 and 3): the order-level discount it gives, with the code that gave
 * it. Its members are those of a service discount as the discounts work
 * applies it (discount_id, names, kind, value, max_amount, code, amount),
 * with where it came from (`source`) and whether the service confirmed it. `verified` is false only for a coupon accepted offline from the
 * replica's discounts (`coupons.offline` = replica): the service judges it
 * when the order arrives.
 */
export interface AppliedPromotion {
  source: PromotionSource;
  /** As typed or scanned, trimmed. */
  code: string;
  /** The service's discount id, when its answer (or the replica) named one. */
  discount_id: string | null;
  name_en: string | null;
  name_ar: string | null;
  /** PERCENT: `value` in hundredths of a percent (1000 = 10%); AMOUNT: `value` in minor units. */
  kind: 'PERCENT' | 'AMOUNT';
  value: number;
  /** The most it takes off, when the service set a cap (minor units); null: no cap. */
  max_amount: Minor | null;
  verified: boolean;
}

/** An applied promotion with what it takes off this cart or order (minor units). */
export interface PricedPromotion extends AppliedPromotion {
  amount: Minor;
}

/** A code already on this order: refused before the service is asked again (a reward is redeemed once). */
export function promotionAlreadyApplied(code: string): TillError {
  return new TillError('code_refused', `${code} is already on this order: it counts once`, { code: 'promotion.already_applied', params: { code } });
}
