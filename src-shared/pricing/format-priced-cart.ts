/**
 * The wire carries money as two-place decimal strings (docs/decisions.md, order
 * upload contract); these turn priced amounts into exactly those strings, so
 * no other code formats money by hand.
 */
import { formatMinor } from '../money/index.ts';
import type { PricedCart, PricedLine } from './cart.ts';
import type { Settlement } from './settle-payments.ts';
import type { AppliedDiscount } from './service-discounts.ts';

type Wire<T> = { [K in keyof T]: T[K] extends number ? (K extends 'quantity' ? number : string) : T[K] };

export type PricedLineWire = Wire<PricedLine>;
export type AppliedDiscountWire = Omit<AppliedDiscount, 'amount' | 'line_amounts'> & { amount: string; line_amounts: string[] };
export type PricedCartWire = Omit<Wire<PricedCart>, 'lines' | 'discounts'> & { lines: PricedLineWire[]; discounts: AppliedDiscountWire[] };

export function formatPricedLine(line: PricedLine): PricedLineWire {
  return {
    product_id: line.product_id,
    quantity: line.quantity,
    unit_price: formatMinor(line.unit_price),
    gross: formatMinor(line.gross),
    line_discount: formatMinor(line.line_discount),
    service_discount: formatMinor(line.service_discount),
    order_discount: formatMinor(line.order_discount),
    discount: formatMinor(line.discount),
    net: formatMinor(line.net),
    tax: formatMinor(line.tax),
    total: formatMinor(line.total),
  };
}

export function formatPricedCart(cart: PricedCart): PricedCartWire {
  return {
    lines: cart.lines.map(formatPricedLine),
    subtotal: formatMinor(cart.subtotal),
    order_discount: formatMinor(cart.order_discount),
    discounts: cart.discounts.map((d) => ({ ...d, amount: formatMinor(d.amount), line_amounts: d.line_amounts.map((a) => formatMinor(a)) })),
    service_discount: formatMinor(cart.service_discount),
    discount_total: formatMinor(cart.discount_total),
    tax: formatMinor(cart.tax),
    total: formatMinor(cart.total),
    prices_include_tax: cart.prices_include_tax,
    // Hundredths of a percent format as the catalog's percent strings: 1500 → "15.00".
    vat_rate: formatMinor(cart.vat_rate),
  };
}

/** The order's `payments` on the wire: the amounts applied, not the cash tendered. */
export function formatPayments(settlement: Settlement): { payment_method_key: string; amount: string }[] {
  return settlement.payments.map((p) => ({ payment_method_key: p.method_key, amount: formatMinor(p.amount) }));
}
