/**
 * A discount of the service's Discounts list (issue 35, item 1). The spec
 * names Discounts (List, Detail, Verify) but shows no field: the till reads
 * `GET /discounts` tolerantly (member table, "discount") into this one shape,
 * and the rule engine (src-shared/discounts) decides when it applies.
 * Money is in minor units; a percentage in hundredths of a percent.
 */
import type { HundredthsOfPercent, Minor } from '../money/index.ts';

/** A bound of the validity period: epoch ms (an instant), or a wall-clock time `yyyy-MM-dd HH:mm:ss` in the branch's time zone. */
export type DiscountBound = number | string;

export interface ServiceDiscount {
  id: string;
  name_en: string;
  name_ar: string;
  /** PERCENT: `value` is hundredths of a percent (1000 = 10%); AMOUNT: `value` is minor units. */
  kind: 'PERCENT' | 'AMOUNT';
  value: HundredthsOfPercent | Minor;
  /** The most it takes off, in minor units; null: no cap. */
  max_amount: Minor | null;
  /** Products it is limited to; with `category_ids` both empty it applies to the whole order. */
  product_ids: string[];
  category_ids: number[];
  /** Branches it is valid in; empty: every branch. */
  branch_ids: string[];
  /** Order types (DINE_IN, TAKEAWAY, DELIVERY) it is valid for; empty: every type. */
  order_types: string[];
  /** Validity period, inclusive; null: open. */
  valid_from: DiscountBound | null;
  valid_to: DiscountBound | null;
  /** Days of the week it is valid on, 0 = Sunday … 6 = Saturday; empty: every day. */
  days: number[];
  /** Daily hours `HH:mm`, from inclusive to exclusive (a window may run past midnight: 22:00–02:00); null: all day. */
  hours_from: string | null;
  hours_to: string | null;
  /** A coupon code: a discount with one is given only for its code (item 2), never picked from the list nor applied by itself. */
  code: string | null;
  /** The order (after line discounts) must come to at least this; null: no minimum. */
  min_order: Minor | null;
  is_active: boolean;
  /** Applied by its rules, without the cashier; false: the cashier picks it from the list. */
  automatic: boolean;
}
