// The service's discounts of a tab (issue 35) as the order paying it (or one
// of its parts) names them: each discount with its share of the pieces paid.

import type { AppliedDiscount } from '../pricing/index.ts';
import type { Minor } from '../money/index.ts';
import type { LineAmounts } from './tab-split.ts';

/** A tab line's figures with each of the tab's discounts' share of it (`discounts` in the tab's order, as priced). */
export function withShares(line: Omit<LineAmounts, 'shares'>, index: number, discounts: readonly AppliedDiscount[]): LineAmounts {
  return { ...line, shares: discounts.map((d) => d.line_amounts[index] ?? 0) };
}

/**
 * The discounts a part's pieces carry: each of the tab's discounts with what
 * it took from these pieces (its `line_amounts` by the part's own lines), and
 * only those that took something from them.
 */
export function partDiscounts(discounts: readonly AppliedDiscount[], pieces: readonly LineAmounts[]): AppliedDiscount[] {
  return discounts.flatMap((discount, j) => {
    const lineAmounts: Minor[] = pieces.map((piece) => piece.shares?.[j] ?? 0);
    const amount = lineAmounts.reduce((sum, a) => sum + a, 0);
    return amount > 0 ? [{ ...discount, amount, line_amounts: lineAmounts }] : [];
  });
}
