import type { CartView } from '../../../src-shared/selling/index.ts';
import { lineFigures, orderFigures, type ApprovedDiscounts } from './approved-discounts.ts';

/**
 * The discount of a whole order: every line discount and the order discount
 * together, against the subtotal. Checked at checkout, so a discount split
 * into many calls each under the limit (20% on a line, then 20% on the
 * order, or an amount off and then the undiscounted lines removed) cannot
 * pass where one call would not.
 */
export interface WholeOrderDiscount {
  /** Hundredths of a percent of the subtotal, rounded up. */
  basisPoints: number;
  /** How many discounts make it up (each may round up by less than one halala). */
  discounts: number;
}

type DiscountedCart = Pick<CartView, 'subtotal' | 'discount_total' | 'lines' | 'order_discount' | 'service_discount'>;

/**
 * The cashier's part of the cart's discount, against what it was taken from:
 * the service's discounts (issue 35) are left out of both, since the service
 * set their rules and they need no manager (docs/security.md).
 */
function cashiersPart(cart: DiscountedCart): { amount: number; base: number } {
  const service = cart.service_discount ?? 0;
  return { amount: cart.discount_total - service, base: cart.subtotal - service };
}

export function wholeOrderDiscount(cart: DiscountedCart): WholeOrderDiscount {
  const discounts = cart.lines.filter((line) => line.discount > 0).length + (cart.order_discount ? 1 : 0);
  const { amount, base } = cashiersPart(cart);
  if (amount <= 0) return { basisPoints: 0, discounts };
  if (base <= 0) return { basisPoints: 10_000, discounts };
  return { basisPoints: Math.ceil((amount * 10_000) / base), discounts };
}

/**
 * Whether the cart's whole discount is over `limitBp` (hundredths of a
 * percent). Each discount is rounded to whole halalas on its own, so each
 * may add up to one halala over the exact percentage: that much is not
 * counted, or twenty lines at exactly the limit would read as over it.
 */
export function wholeOrderOverLimit(cart: DiscountedCart, limitBp: number): boolean {
  const { amount, base } = cashiersPart(cart);
  if (amount <= 0) return false;
  if (base <= 0) return true;
  const { discounts } = wholeOrderDiscount(cart);
  return amount * 10_000 > limitBp * base + discounts * 10_000;
}

/**
 * The part of the order's discount no approval covers, against what is
 * left once the approved discounts are taken off: a line discount a
 * manager approved (within its figures) and an approved order discount
 * leave both sums. What remains must be within the limit, like a
 * cashier's own discounts: an approval on a 2 SAR water never covers 36%
 * off the rest of the order.
 */
export function unapprovedDiscount(cart: CartView, approved: ApprovedDiscounts): { amount: number; base: number; discounts: number } {
  let amount = 0;
  let base = cart.subtotal - (cart.service_discount ?? 0);
  let discounts = 0;
  for (const line of cart.lines) {
    const figures = lineFigures(line);
    if (figures.amount <= 0) continue;
    if (approved.coversLine(line.line_id, figures)) base -= figures.amount;
    else {
      amount += figures.amount;
      discounts += 1;
    }
  }
  const order = orderFigures(cart);
  if (order.amount > 0) {
    if (approved.coversOrder(cart, order)) base -= order.amount;
    else {
      amount += order.amount;
      discounts += 1;
    }
  }
  return { amount, base, discounts };
}

/** Whether the unapproved part of the order's discount is over `limitBp` (the same halala allowance as wholeOrderOverLimit). */
export function unapprovedOverLimit(cart: CartView, limitBp: number, approved: ApprovedDiscounts): boolean {
  const { amount, base, discounts } = unapprovedDiscount(cart, approved);
  if (amount <= 0) return false;
  if (base <= 0) return true;
  return amount * 10_000 > limitBp * base + discounts * 10_000;
}
