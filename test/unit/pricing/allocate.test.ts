import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocateByLargestRemainder } from '../../../src-shared/pricing/index.ts';

describe('allocateByLargestRemainder', () => {
  it('gives floors, then the leftover to the largest remainders', () => {
    expect(allocateByLargestRemainder(100, [1000, 2000])).toEqual([33, 67]);
    expect(allocateByLargestRemainder(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocateByLargestRemainder(2, [1, 1, 1])).toEqual([1, 1, 0]);
    expect(allocateByLargestRemainder(10, [3, 3, 4])).toEqual([3, 3, 4]);
    expect(allocateByLargestRemainder(7, [0, 5, 0, 5])).toEqual([0, 4, 0, 3]);
  });

  it('handles nothing to share and nothing to share across', () => {
    expect(allocateByLargestRemainder(0, [5, 7])).toEqual([0, 0]);
    expect(allocateByLargestRemainder(0, [0, 0])).toEqual([0, 0]);
    expect(allocateByLargestRemainder(0, [])).toEqual([]);
    expect(() => allocateByLargestRemainder(1, [0, 0])).toThrow(/weigh 0/);
    expect(() => allocateByLargestRemainder(1, [])).toThrow(/weigh 0/);
  });

  it('refuses negative or fractional inputs', () => {
    expect(() => allocateByLargestRemainder(-1, [1])).toThrow(RangeError);
    expect(() => allocateByLargestRemainder(1, [-1, 2])).toThrow(/weight 0/);
    expect(() => allocateByLargestRemainder(1.5, [1])).toThrow(RangeError);
  });

  it('is exact with products beyond 2^53', () => {
    const big = 2 ** 50;
    expect(allocateByLargestRemainder(big, [big, big])).toEqual([big / 2, big / 2]);
  });

  it('always sums exactly, keeps every share within one of its exact share and within its weight', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 30 }).filter((w) => w.some((x) => x > 0)),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (weights, fraction) => {
          const total = weights.reduce((a, b) => a + b, 0);
          const amount = Math.floor(total * fraction); // test-side choice of an amount; not money code
          const shares = allocateByLargestRemainder(amount, weights);
          expect(shares.reduce((a, b) => a + b, 0)).toBe(amount);
          shares.forEach((share, i) => {
            const w = weights[i] ?? 0;
            expect(Number.isSafeInteger(share)).toBe(true);
            expect(share).toBeGreaterThanOrEqual(0);
            expect(share).toBeLessThanOrEqual(w);
            const exactTimesTotal = BigInt(amount) * BigInt(w);
            expect(BigInt(share) * BigInt(total) >= exactTimesTotal - BigInt(total)).toBe(true);
            expect(BigInt(share) * BigInt(total) <= exactTimesTotal + BigInt(total)).toBe(true);
          });
        },
      ),
      { numRuns: 500 },
    );
  });
});
