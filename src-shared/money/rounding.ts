/**
 * The one rounding rule of Till's money code: ROUND HALF AWAY FROM ZERO.
 * A quotient is rounded to the nearest integer minor unit; an exact half goes
 * away from zero (2.5 → 3, −2.5 → −3). It is the rule people use by hand on a
 * receipt, it is symmetric for refunds (negating the input negates the
 * result), and for positive amounts it equals the emulator's round-half-up.
 *
 * Every division happens here, in integer (BigInt) arithmetic, so no
 * floating-point product such as `x * 1.15` ever reaches an amount.
 */
import { assertMinor, ONE_HUNDRED_PERCENT, type HundredthsOfPercent, type Minor } from './minor.ts';

/**
 * ROUNDING_RULE: round half away from zero. Applied once, at the division
 * that produces an amount; an amount is never rounded twice.
 */
export const ROUNDING_RULE = 'round half away from zero' as const;

/** n / d rounded by ROUNDING_RULE; d must not be 0. */
export function divRound(n: bigint, d: bigint): bigint {
  if (d === 0n) throw new RangeError('divRound: division by zero');
  const quotient = n / d; // BigInt division truncates toward zero
  const remainder = n % d; // carries the sign of n
  const absRemainder = remainder < 0n ? -remainder : remainder;
  const absDivisor = d < 0n ? -d : d;
  if (absRemainder * 2n < absDivisor) return quotient;
  // Half or more: step one further from zero, in the sign of the true quotient.
  return n < 0n !== d < 0n ? quotient - 1n : quotient + 1n;
}

/**
 * a × b / c, exact, then rounded once by ROUNDING_RULE. The product is formed
 * in BigInt because a × b can pass 2^53 even when the result fits.
 */
export function mulDivRound(a: number, b: number, c: number): Minor {
  assertMinor(a, 'mulDivRound a');
  assertMinor(b, 'mulDivRound b');
  assertMinor(c, 'mulDivRound c');
  if (c === 0) throw new RangeError('mulDivRound: division by zero');
  const result = Number(divRound(BigInt(a) * BigInt(b), BigInt(c)));
  assertMinor(result, `mulDivRound(${a}, ${b}, ${c})`);
  return result;
}

/** `amount` × `hundredthsOfPercent` / 100%, rounded by ROUNDING_RULE: percentOf(3450, 1500) = 518 (15% of 34.50). */
export function percentOf(amount: Minor, hundredthsOfPercent: HundredthsOfPercent): Minor {
  return mulDivRound(amount, hundredthsOfPercent, ONE_HUNDRED_PERCENT);
}
