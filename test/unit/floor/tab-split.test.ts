import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { partTotal, splitByLines, splitEvenly, SplitError, type LineAmounts } from '../../../src-shared/floor/index.ts';
import { lineFigures, priceCart, type BranchTax } from '../../../src-shared/pricing/index.ts';

// Issue 21, "Tests and figures": split and merge keep the money. Whatever the
// lines, prices, discounts and tax mode, the parts of a split add up to the
// tab exactly (minor units), each line's units go out exactly once, and a
// merge is the union of both tabs' lines, its total the sum of theirs.

interface Line {
  price: number;
  quantity: number;
  discountPercent: number;
}

const lineArb = fc.record({
  price: fc.integer({ min: 1, max: 500_00 }),
  quantity: fc.integer({ min: 1, max: 12 }),
  discountPercent: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 10_000 })),
});
const taxArb = fc.record({
  vat_rate: fc.constantFrom(0, 500, 1500),
  prices_include_tax: fc.boolean(),
});

/** The tab's lines priced as the till prices them (the one pricing rule), as LineAmounts. */
function priced(lines: readonly Line[], tax: { vat_rate: number; prices_include_tax: boolean }): LineAmounts[] {
  const branchTax: BranchTax = { vatRate: tax.vat_rate, pricesIncludeTax: tax.prices_include_tax };
  const cart = priceCart({
    tax: branchTax,
    methodKey: 'CASH',
    orderType: 'DINE_IN',
    lines: lines.map((l, i) => ({
      product: {
        id: `p${i}`,
        prices: [
          {
            id: `price-${i}`,
            product_id: `p${i}`,
            modifier_id: null,
            priceable_type: 'PAYMENT_METHOD' as const,
            priceable_id: 'CASH',
            value: l.price,
            value_type: 'NOMINAL' as const,
          },
        ],
      },
      quantity: l.quantity,
      discount: l.discountPercent > 0 ? { kind: 'PERCENT' as const, value: l.discountPercent } : undefined,
      modifiers: [],
    })),
  });
  return cart.lines.map((p, i) => ({ line_id: `line-${i}`, ...lineFigures(p) }));
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

/** Every line's units, discount, tax and total across the parts add up to the line's. */
function expectLinesKept(lines: readonly LineAmounts[], parts: readonly LineAmounts[][]): void {
  for (const line of lines) {
    const pieces = parts.flat().filter((p) => p.line_id === line.line_id);
    expect(sum(pieces.map((p) => p.quantity))).toBe(line.quantity);
    expect(sum(pieces.map((p) => p.discount))).toBe(line.discount);
    expect(sum(pieces.map((p) => p.tax))).toBe(line.tax);
    expect(sum(pieces.map((p) => p.total))).toBe(line.total);
    for (const p of pieces) {
      expect(Number.isInteger(p.total) && Number.isInteger(p.tax) && Number.isInteger(p.discount)).toBe(true);
      expect(p.gross).toBe(p.unit_price * p.quantity);
      expect(p.discount).toBeLessThanOrEqual(p.gross);
    }
  }
}

describe('splitting a tab', () => {
  it('evenly: the parts add up to the tab exactly, none is empty, and they are as even as whole units allow', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { minLength: 1, maxLength: 8 }), taxArb, fc.integer({ min: 2, max: 8 }), (raw, tax, n) => {
        const lines = priced(raw, tax);
        const units = sum(lines.map((l) => l.quantity));
        if (n > units) {
          expect(() => splitEvenly(lines, n)).toThrow(SplitError);
          return;
        }
        const parts = splitEvenly(lines, n);
        expect(parts).toHaveLength(n);
        expect(sum(parts.map(partTotal))).toBe(partTotal(lines));
        expect(parts.every((p) => p.length > 0)).toBe(true);
        expectLinesKept(lines, parts);
        // No part is further from the fair share than the dearest unit.
        const fair = partTotal(lines) / n;
        const dearest = Math.max(...lines.map((l) => Math.ceil(l.total / l.quantity)));
        for (const part of parts) expect(Math.abs(partTotal(part) - fair)).toBeLessThanOrEqual(dearest + 1);
      }),
      { seed: 2101, numRuns: 300 },
    );
  });

  it('by lines: each line goes whole to one part, the rest make the last part, and the totals add up', () => {
    fc.assert(
      fc.property(
        fc.array(lineArb, { minLength: 2, maxLength: 8 }),
        taxArb,
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 8, maxLength: 8 }),
        (raw, tax, choice) => {
          const lines = priced(raw, tax);
          const groups = [0, 1, 2, 3].map((g) => lines.filter((_, i) => choice[i] === g).map((l) => l.line_id)).filter((g) => g.length > 0);
          // The named parts: all groups but the last (its lines are "the rest").
          const named = groups.slice(0, -1);
          if (named.length === 0) {
            expect(() => splitByLines(lines, named)).toThrow(SplitError);
            return;
          }
          const parts = splitByLines(lines, named);
          expect(parts).toHaveLength(groups.length);
          expect(sum(parts.map(partTotal))).toBe(partTotal(lines));
          expectLinesKept(lines, parts);
          expect(
            parts
              .flat()
              .map((p) => p.line_id)
              .sort(),
          ).toEqual(lines.map((l) => l.line_id).sort());
        },
      ),
      { seed: 2102, numRuns: 300 },
    );
  });

  it('refuses a line in two parts, an unknown line, and a one-part split', () => {
    const lines = priced(
      [
        { price: 1000, quantity: 1, discountPercent: 0 },
        { price: 2000, quantity: 2, discountPercent: 0 },
      ],
      { vat_rate: 1500, prices_include_tax: true },
    );
    expect(() => splitByLines(lines, [['line-0'], ['line-0']])).toThrow(/in two parts/);
    expect(() => splitByLines(lines, [['nope']])).toThrow(/no line nope/);
    expect(() => splitByLines(lines, [['line-0', 'line-1']])).toThrow(/at least two parts/);
    expect(() => splitEvenly(lines, 4)).toThrow(/3 item\(s\)/);
  });
});

describe('merging two tabs', () => {
  it("the merged tab's total is the sum of both, priced as one tab (no halala made or lost)", () => {
    fc.assert(
      fc.property(fc.array(lineArb, { minLength: 1, maxLength: 6 }), fc.array(lineArb, { minLength: 1, maxLength: 6 }), taxArb, (a, b, tax) => {
        const merged = priced([...a, ...b], tax);
        expect(partTotal(merged)).toBe(partTotal(priced(a, tax)) + partTotal(priced(b, tax)));
      }),
      { seed: 2103, numRuns: 300 },
    );
  });
});
