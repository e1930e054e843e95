// Splitting a tab into parts that are paid as separate orders (issue 21).
// The tab's priced lines are the truth: a part takes whole lines, or whole
// units of a line, and the line's discount and tax go with its units by the
// one rounding rule (largest remainder). So the parts' totals always add up
// to the tab's total, to the halala, whatever the tax mode.

import { allocateByLargestRemainder, type LineFigures } from '../pricing/index.ts';
import type { Minor } from '../money/index.ts';

/** One line of a tab as priced (or a piece of it in a part): its figures, by the tab line's id. */
export interface LineAmounts extends LineFigures {
  line_id: string;
  /**
   * Each of the tab's service discounts' share of this line's discount, in the
   * order of the tab's discount list (issue 35); absent on pieces kept before it.
   * A piece's shares add up to at most its discount (the rest is the line's own).
   */
  shares?: Minor[];
}

export type SplitRequest = { kind: 'lines'; parts: readonly (readonly string[])[] } | { kind: 'evenly'; parts: number };

export class SplitError extends Error {}

const sum = (values: readonly number[]) => values.reduce((acc, v) => acc + v, 0);

/** The parts' totals (and the tab's, as one part). */
export function partTotal(part: readonly LineAmounts[]): Minor {
  return sum(part.map((l) => l.total));
}

/** `quantity` units of `line`, with its discount, tax and total shared out by units (pieces of one line sum to it exactly). */
function piecesOf(line: LineAmounts, counts: readonly number[]): LineAmounts[] {
  // Each service discount's share goes with the units on its own, and the line's own discount with what is left, so a
  // piece's discount is the sum of its parts and every discount's pieces add up to its share of the line exactly.
  const shares = (line.shares ?? []).map((share) => allocateByLargestRemainder(share, counts));
  const own = allocateByLargestRemainder(line.discount - sum(line.shares ?? []), counts);
  const discount = counts.map((_, i) => own[i]! + sum(shares.map((s) => s[i]!)));
  const tax = allocateByLargestRemainder(line.tax, counts);
  // A piece's total follows from its own figures, as the line's does: tax is added only where prices exclude it.
  const taxAdded = line.total !== line.gross - line.discount;
  return counts.map((quantity, i) => {
    const gross = line.unit_price * quantity;
    return {
      line_id: line.line_id,
      quantity,
      unit_price: line.unit_price,
      gross,
      discount: discount[i]!,
      tax: tax[i]!,
      total: gross - discount[i]! + (taxAdded ? tax[i]! : 0),
      ...(line.shares ? { shares: shares.map((s) => s[i]!) } : {}),
    };
  });
}

/**
 * By lines: each named list of line ids is a part; lines named nowhere make
 * one more part at the end. Every line goes whole to exactly one part.
 */
export function splitByLines(lines: readonly LineAmounts[], parts: readonly (readonly string[])[]): LineAmounts[][] {
  const known = new Map(lines.map((l) => [l.line_id, l]));
  const taken = new Set<string>();
  const out: LineAmounts[][] = parts.map((ids, index) => {
    if (ids.length === 0) throw new SplitError(`part ${index + 1} has no lines`);
    return ids.map((id) => {
      const line = known.get(id);
      if (!line) throw new SplitError(`the tab has no line ${id}`);
      if (taken.has(id)) throw new SplitError(`line ${id} is in two parts`);
      taken.add(id);
      return { ...line };
    });
  });
  const rest = lines.filter((l) => !taken.has(l.line_id)).map((l) => ({ ...l }));
  if (rest.length > 0) out.push(rest);
  if (out.length < 2) throw new SplitError('a split needs at least two parts');
  return out;
}

/**
 * Evenly: the tab's units shared out among `n` parts so each part's total
 * is as close to 1/n of the tab as whole units allow (dearest units first,
 * each to the part with the least so far; earlier parts first on a tie).
 * A line whose units land in several parts becomes one piece per part.
 */
export function splitEvenly(lines: readonly LineAmounts[], n: number): LineAmounts[][] {
  const units = sum(lines.map((l) => l.quantity));
  if (!Number.isInteger(n) || n < 2) throw new SplitError('a split needs at least two parts');
  if (n > units) throw new SplitError(`the tab has ${units} item(s): it cannot be split into ${n} parts`);
  // Each unit's share of its line's total, as the pieces would carry it.
  const unitTotals = lines.map((line) =>
    allocateByLargestRemainder(
      line.total,
      Array.from({ length: line.quantity }, () => 1),
    ),
  );
  const order = lines
    .flatMap((line, li) => unitTotals[li]!.map((total, ui) => ({ li, ui, total })))
    .sort((a, b) => b.total - a.total || a.li - b.li || a.ui - b.ui);
  const partTotals = Array.from({ length: n }, () => 0);
  const counts = lines.map(() => Array.from({ length: n }, () => 0));
  order.forEach((unit, index) => {
    // The first n units go one to each part, so no part is empty.
    let target = index < n ? index : 0;
    if (index >= n) for (let p = 1; p < n; p++) if (partTotals[p]! < partTotals[target]!) target = p;
    partTotals[target]! += unit.total;
    counts[unit.li]![target]! += 1;
  });
  const parts: LineAmounts[][] = Array.from({ length: n }, () => []);
  lines.forEach((line, li) => {
    const used = counts[li]!.map((c, p) => ({ c, p })).filter((x) => x.c > 0);
    const pieces = piecesOf(
      line,
      used.map((x) => x.c),
    );
    used.forEach((x, i) => parts[x.p]!.push(pieces[i]!));
  });
  return parts;
}

/** Either split. */
export function splitTabLines(lines: readonly LineAmounts[], request: SplitRequest): LineAmounts[][] {
  return request.kind === 'lines' ? splitByLines(lines, request.parts) : splitEvenly(lines, request.parts);
}
