import { describe, expect, it } from 'vitest';
import { quickCashAmounts } from '../../../src-shared/pricing/index.ts';

describe('quickCashAmounts', () => {
  it.each([
    [3450, [3450, 3500, 4000, 5000]],
    [3500, [3500, 4000, 5000, 10000]],
    [1, [1, 500, 1000, 5000]],
    [123456, [123456, 123500, 124000, 125000]],
    [10000, [10000, 50000, 100000]],
    [49999, [49999, 50000, 100000]],
    [50000, [50000, 100000, 150000]],
    [9500, [9500, 10000, 50000]],
    [4500, [4500, 5000, 10000, 50000]],
  ])('for %i halalas suggests %j', (due, expected) => {
    expect(quickCashAmounts(due)).toEqual(expected);
  });

  it('suggests nothing when nothing is due, and refuses a negative amount', () => {
    expect(quickCashAmounts(0)).toEqual([]);
    expect(() => quickCashAmounts(-1)).toThrow(RangeError);
  });

  it('always gives 3 or 4 rising amounts that cover the due, banknote multiples after the first', () => {
    for (let due = 1; due <= 200_000; due += 97) {
      const amounts = quickCashAmounts(due);
      expect(amounts.length).toBeGreaterThanOrEqual(3);
      expect(amounts.length).toBeLessThanOrEqual(4);
      expect(amounts[0]).toBe(due);
      for (let i = 1; i < amounts.length; i++) {
        expect(amounts[i]).toBeGreaterThan(amounts[i - 1] ?? 0);
        expect((amounts[i] ?? 0) % 500).toBe(0);
      }
    }
  });
});
