/**
 * Money in the domain is an integer count of minor units (halalas, 1/100 SAR).
 * Integers add and subtract exactly, so totals can never drift by a halala;
 * the only place a fraction appears is a division, and that goes through
 * mulDivRound with the one rounding rule (see rounding.ts).
 *
 * `Minor` is a plain number rather than a brand so that `a + b` stays a
 * `Minor` without casts; the guarantee "always a safe integer" is kept by
 * asserting at every boundary (parsing, multiplication, division, sums).
 */
export type Minor = number;

/**
 * A percentage in hundredths of a percent: 1500 is 15%, 10000 is 100%.
 * Catalog percentages are decimal strings with two places, so parseDecimal
 * yields exactly this unit.
 */
export type HundredthsOfPercent = number;

/** 100% in hundredths of a percent. */
export const ONE_HUNDRED_PERCENT: HundredthsOfPercent = 10_000;

/** Minor units in one major unit (1 SAR = 100 halalas). */
export const MINOR_PER_MAJOR = 100;

/** Throws unless `value` is a safe integer, naming `where` so the caller can find the bad amount. */
export function assertMinor(value: number, where: string): asserts value is Minor {
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`${where}: ${String(value)} is not a whole number of minor units within ±${Number.MAX_SAFE_INTEGER}`);
  }
}

/** `value` checked to be a safe integer; for use in expressions. */
export function toMinor(value: number, where: string): Minor {
  assertMinor(value, where);
  return value;
}

/** The exact sum; throws if it leaves the safe-integer range, where doubles stop being exact. */
export function sumMinor(values: Iterable<Minor>, where = 'sum'): Minor {
  let total = 0;
  for (const value of values) {
    assertMinor(value, where);
    total += value;
    assertMinor(total, where);
  }
  return total;
}
