import type { PricedLine } from './cart.ts';

/**
 * What a line keeps of its pricing: the cart's view of it, the stored order
 * line and a tab's line in a split all carry these figures of its PricedLine
 * (money in minor units), under the same names.
 */
export type LineFigures = Pick<PricedLine, 'quantity' | 'unit_price' | 'gross' | 'discount' | 'tax' | 'total'>;

/** A priced line's figures, and nothing else of it. */
export function lineFigures(p: PricedLine): LineFigures {
  return { quantity: p.quantity, unit_price: p.unit_price, gross: p.gross, discount: p.discount, tax: p.tax, total: p.total };
}
