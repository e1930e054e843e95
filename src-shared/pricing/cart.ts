/**
 * What the till asks to be priced and what it gets back. Inputs are plain
 * TypeScript (the till API validates them with zod before they get here),
 * every amount in minor units as the replica holds it, never a string;
 * outputs use the order upload contract's names (`unit_price`, `subtotal`,
 * `discount_total`, ...) so they map onto the wire one to one.
 */
import type { Modifier, Price, Product, ServiceDiscount } from '../catalog/index.ts';
import type { HundredthsOfPercent, Minor } from '../money/index.ts';
import type { BranchTax } from './branch-tax.ts';
import type { AppliedDiscount, CodeDiscount } from './service-discounts.ts';

export const ORDER_TYPES = ['DINE_IN', 'TAKEAWAY', 'DELIVERY'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

/** A discount the cashier applies: a percentage of what it applies to, or a fixed amount. */
export type Discount = { kind: 'PERCENT'; value: HundredthsOfPercent } | { kind: 'AMOUNT'; value: Minor };

/** A chosen modifier; the catalog's Modifier fits (its `price` in minor units). `prices` are its own canonical prices, if any. */
export interface ChosenModifier extends Pick<Modifier, 'id' | 'price'> {
  prices?: readonly Price[];
}

export interface CartLineInput {
  /** The catalog Product fits; `prices` may hold its modifiers' prices too (told apart by modifier_id); `category_id` for discounts on categories. */
  product: Pick<Product, 'id' | 'prices'> & { category_id?: number | null };
  modifiers: readonly ChosenModifier[];
  /** A positive whole number. */
  quantity: number;
  discount?: Discount;
}

export interface CartInput {
  tax: BranchTax;
  /** The payment method key the price list follows ('CASH', 'HUNGERSTATION', ...). */
  methodKey: string;
  orderType: OrderType;
  lines: readonly CartLineInput[];
  /** Applied to the net after line and service discounts, shared across lines in proportion to their net. */
  discount?: Discount;
  /** The service's discounts (issue 35): those that apply now by their rules, automatic or picked, are taken after line discounts. */
  service?: ServiceDiscountInput;
  /** Coupons and loyalty rewards checked for this cart (issue 35), given after the service's other discounts. */
  codes?: readonly CodeDiscount[];
}

/** What decides which of the service's discounts a cart gets (discount-rules.ts, service-discounts.ts). */
export interface ServiceDiscountInput {
  /** The replica's discounts. */
  discounts: readonly ServiceDiscount[];
  /** Ids the cashier picked from the list (or a coupon gave): given when they apply now, besides the automatic ones. */
  picked: readonly string[];
  /** The till's clock, epoch ms. */
  now: number;
  /** The branch's time zone (IANA); undefined: the machine's. */
  timeZone?: string | undefined;
  branchId: string | null;
}

/** One priced line; every amount in minor units. */
export interface PricedLine {
  product_id: string;
  quantity: number;
  /** Base + order-type adjustment + modifiers, never below 0. */
  unit_price: Minor;
  /** unit_price × quantity. */
  gross: Minor;
  /** The line's own discount, within [0, gross]. */
  line_discount: Minor;
  /** This line's part of the service's discounts (its own product or category discount, and its share of a whole-order one). */
  service_discount: Minor;
  /** This line's share of the order discount. */
  order_discount: Minor;
  /** line_discount + service_discount + order_discount. */
  discount: Minor;
  /** gross − discount: the taxable amount (exclusive) or the tax-inclusive amount (inclusive). */
  net: Minor;
  tax: Minor;
  /** What the customer pays for the line: net when prices include tax, else net + tax. */
  total: Minor;
}

export interface PricedCart {
  lines: PricedLine[];
  /** Σ gross. */
  subtotal: Minor;
  /** The order discount actually given, after clamping to the net. */
  order_discount: Minor;
  /** The service's discounts given, each with its amount and lines. */
  discounts: AppliedDiscount[];
  /** Σ of those. */
  service_discount: Minor;
  /** Σ line discounts + service discounts + order discount. */
  discount_total: Minor;
  /** Σ line tax. */
  tax: Minor;
  /** subtotal − discount_total, + tax when prices exclude tax; equals Σ line totals. */
  total: Minor;
  prices_include_tax: boolean;
  vat_rate: HundredthsOfPercent;
}
