import { discountAmount } from '../../../src-shared/pricing/index.ts';
import type { CartLineView, CartView } from '../../../src-shared/selling/index.ts';

/** A discount's figures: how much it takes off (halalas) and what it applies to. */
export interface DiscountFigures {
  amount: number;
  base: number;
}

/** Whether `now` asks for no more than `approved`: not more halalas, and not a larger share of what it applies to. */
export function withinFigures(now: DiscountFigures, approved: DiscountFigures): boolean {
  if (now.amount <= 0) return true;
  if (now.base <= 0) return false;
  // amount/base ≤ approved.amount/approved.base, in whole numbers.
  return now.amount <= approved.amount && now.amount * approved.base <= approved.amount * now.base;
}

/** A line's own discount in halalas (its `discount` also holds its share of the order discount). */
export function lineDiscountOf(line: Pick<CartLineView, 'line_discount' | 'gross'>): number {
  return discountAmount(line.line_discount ?? undefined, line.gross, 'line discount');
}

/** A line's own discount's figures: what it takes off its gross. */
export function lineFigures(line: Pick<CartLineView, 'line_discount' | 'gross'>): DiscountFigures {
  return { amount: lineDiscountOf(line), base: line.gross };
}

/** The order discount's figures in a cart: what it took off, from the subtotal after the line discounts. */
export function orderFigures(cart: Pick<CartView, 'lines' | 'subtotal' | 'discount_total' | 'promotions'>): DiscountFigures {
  const lineDiscounts = cart.lines.reduce((sum, line) => sum + lineDiscountOf(line), 0);
  // A coupon or reward is the service's discount within its own rules (issue 35): it needs no manager, and is not the cashier's.
  const promotions = (cart.promotions ?? []).reduce((sum, p) => sum + p.amount, 0);
  return { amount: cart.discount_total - lineDiscounts - promotions, base: cart.subtotal - lineDiscounts };
}

/**
 * What a manager approved on the cart being rung up, one discount at a
 * time with its figures: this line's discount of this many halalas off
 * this gross, or the order's. An approval covers that discount while it
 * stays within those figures (the same line, no more halalas, no larger
 * share); a quantity raised under a percentage, a discount moved to
 * another line or a bigger order under an order percentage is a new
 * discount and asks again. A checkout ends them all, so nothing carries
 * over to the next sale.
 */
export class ApprovedDiscounts {
  private readonly lines = new Map<string, DiscountFigures>();
  /** The order discount, with the lines the cart had then (a cart has no id; its lines' random ids tell it from the next). */
  private order: { figures: DiscountFigures; lineIds: ReadonlySet<string> } | null = null;

  /** After an approved line change: that line's discount as it now stands. */
  approveLine(cart: CartView, lineId: string): void {
    const line = cart.lines.find((l) => l.line_id === lineId);
    if (line) this.lines.set(lineId, lineFigures(line));
  }

  /** After an approved order discount: the order discount as it now stands. */
  approveOrder(cart: CartView): void {
    this.order = { figures: orderFigures(cart), lineIds: new Set(cart.lines.map((line) => line.line_id)) };
  }

  coversLine(lineId: string, figures: DiscountFigures): boolean {
    const approved = this.lines.get(lineId);
    return approved !== undefined && withinFigures(figures, approved);
  }

  coversOrder(cart: Pick<CartView, 'lines'>, figures: DiscountFigures): boolean {
    const approved = this.order;
    if (!approved || !cart.lines.some((line) => approved.lineIds.has(line.line_id))) return false;
    return withinFigures(figures, approved.figures);
  }

  forget(): void {
    this.lines.clear();
    this.order = null;
  }
}
