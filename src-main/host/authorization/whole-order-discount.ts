import type { CartView } from '../../../src-shared/till/index.ts';

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

export function wholeOrderDiscount(cart: Pick<CartView, 'subtotal' | 'discount_total' | 'lines' | 'order_discount'>): WholeOrderDiscount {
  const discounts = cart.lines.filter((line) => line.discount > 0).length + (cart.order_discount ? 1 : 0);
  if (cart.discount_total <= 0) return { basisPoints: 0, discounts };
  if (cart.subtotal <= 0) return { basisPoints: 10_000, discounts };
  return { basisPoints: Math.ceil((cart.discount_total * 10_000) / cart.subtotal), discounts };
}

/**
 * Whether the cart's whole discount is over `limitBp` (hundredths of a
 * percent). Each discount is rounded to whole halalas on its own, so each
 * may add up to one halala over the exact percentage: that much is not
 * counted, or twenty lines at exactly the limit would read as over it.
 */
export function wholeOrderOverLimit(cart: Pick<CartView, 'subtotal' | 'discount_total' | 'lines' | 'order_discount'>, limitBp: number): boolean {
  if (cart.discount_total <= 0) return false;
  if (cart.subtotal <= 0) return true;
  const { discounts } = wholeOrderDiscount(cart);
  return cart.discount_total * 10_000 > limitBp * cart.subtotal + discounts * 10_000;
}

/**
 * The whole-order discount a manager already approved for the cart being
 * rung up (when they approved one of its discounts), so checkout does not
 * ask again for what was approved, and asks for anything beyond it. A cart
 * is the same cart while it keeps one of the lines it had then (line ids are
 * random per line; a new sale has none of them).
 */
export class ApprovedCartDiscount {
  private approved: { basisPoints: number; lineIds: ReadonlySet<string> } | null = null;

  remember(cart: CartView): void {
    this.approved = { basisPoints: wholeOrderDiscount(cart).basisPoints, lineIds: new Set(cart.lines.map((line) => line.line_id)) };
  }

  forget(): void {
    this.approved = null;
  }

  covers(cart: CartView): boolean {
    const approved = this.approved;
    if (!approved) return false;
    if (!cart.lines.some((line) => approved.lineIds.has(line.line_id))) return false;
    return wholeOrderDiscount(cart).basisPoints <= approved.basisPoints;
  }
}
