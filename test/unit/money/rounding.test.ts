import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { divRound, mulDivRound, percentOf, ROUNDING_RULE } from '../../../src-shared/money/index.ts';

const MAX = Number.MAX_SAFE_INTEGER;

describe('the rounding rule: half away from zero', () => {
  it('is written down', () => {
    expect(ROUNDING_RULE).toBe('round half away from zero');
  });

  it('rounds exact halves away from zero in both signs', () => {
    expect(mulDivRound(5, 1, 2)).toBe(3); // 2.5
    expect(mulDivRound(-5, 1, 2)).toBe(-3); // -2.5
    expect(mulDivRound(1, 1, 2)).toBe(1); // 0.5
    expect(mulDivRound(-1, 1, 2)).toBe(-1); // -0.5
    expect(mulDivRound(5, 1, -2)).toBe(-3); // a negative divisor flips the sign, not the rule
    expect(mulDivRound(-5, -1, 2)).toBe(3);
    expect(mulDivRound(125, 1, 10)).toBe(13); // 0.125 SAR → 0.13
    expect(mulDivRound(-125, 1, 10)).toBe(-13);
  });

  it('rounds to the nearest when not at a half', () => {
    expect(mulDivRound(7, 1, 4)).toBe(2); // 1.75
    expect(mulDivRound(5, 1, 4)).toBe(1); // 1.25
    expect(mulDivRound(-7, 1, 4)).toBe(-2);
    expect(mulDivRound(-5, 1, 4)).toBe(-1);
    expect(mulDivRound(2499, 1, 1000)).toBe(2);
    expect(mulDivRound(2500, 1, 1000)).toBe(3);
    expect(mulDivRound(-2499, 1, 1000)).toBe(-2);
    expect(mulDivRound(-2500, 1, 1000)).toBe(-3);
  });

  it('gives a plain zero, never -0', () => {
    expect(Object.is(mulDivRound(-1, 1, 3), 0)).toBe(true);
    expect(Object.is(percentOf(0, -1500), 0)).toBe(true);
  });

  it('divRound works on BigInt directly', () => {
    expect(divRound(15n, 10n)).toBe(2n);
    expect(divRound(-15n, 10n)).toBe(-2n);
    expect(divRound(14n, 10n)).toBe(1n);
    expect(() => divRound(1n, 0n)).toThrow(/division by zero/);
  });

  it('is exact where a × b passes 2^53', () => {
    expect(mulDivRound(2 ** 52, 1000, 1000)).toBe(2 ** 52);
    expect(mulDivRound(MAX, MAX, MAX)).toBe(MAX);
    expect(mulDivRound(MAX, 3, 7)).toBe(3860228252031853); // …853 + 2/7
    expect(mulDivRound(MAX - 1, 1500, 11500)).toBe(1174852076705347); // …346 + 12/23: tax in the largest inclusive amount
  });

  it('refuses inputs or results that are not safe integers, and division by zero', () => {
    expect(() => mulDivRound(1.5, 1, 1)).toThrow(RangeError);
    expect(() => mulDivRound(2 ** 53, 1, 1)).toThrow(RangeError);
    expect(() => mulDivRound(MAX, 2, 1)).toThrow(/mulDivRound/);
    expect(() => mulDivRound(1, 1, 0)).toThrow(/division by zero/);
    expect(() => mulDivRound(Number.NaN, 1, 1)).toThrow(RangeError);
  });

  it('percentOf takes hundredths of a percent', () => {
    expect(percentOf(3450, 1500)).toBe(518); // 15% of 34.50 = 5.175 → 5.18
    expect(percentOf(-3450, 1500)).toBe(-518);
    expect(percentOf(1000, 10000)).toBe(1000);
    expect(percentOf(1155, 1000)).toBe(116); // 10% of 11.55 = 1.155 → 1.16
    expect(percentOf(1, 5000)).toBe(1); // 50% of 0.01 = 0.005 → 0.01
    expect(percentOf(-1, 5000)).toBe(-1);
  });

  it('always lands within half a unit of the exact quotient, ties away from zero', () => {
    const safe = fc.integer({ min: -MAX, max: MAX });
    fc.assert(
      fc.property(
        safe,
        fc.integer({ min: -1e9, max: 1e9 }),
        safe.filter((c) => c !== 0),
        (a, b, c) => {
          const exact = BigInt(a) * BigInt(b);
          let result: number;
          try {
            result = mulDivRound(a, b, c);
          } catch {
            // Only a result outside the safe range may be refused.
            const approx = divRound(exact, BigInt(c));
            return approx > BigInt(MAX) || approx < -BigInt(MAX);
          }
          const r = BigInt(result);
          const diff2 = 2n * (exact - r * BigInt(c));
          const absDiff2 = diff2 < 0n ? -diff2 : diff2;
          const absC = BigInt(Math.abs(c));
          if (absDiff2 < absC) return true;
          // A tie: the result must be the one farther from zero.
          const absR = r < 0n ? -r : r;
          const absExact = exact < 0n ? -exact : exact;
          return absDiff2 === absC && absR * absC > absExact;
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('is odd: negating the amount negates the result (refunds mirror sales)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.integer({ min: 0, max: 20000 }), (amount, pct) => {
        expect(percentOf(-amount, pct)).toBe(0 - percentOf(amount, pct));
      }),
    );
  });
});
