/**
 * Decimal strings are how the wire and the catalog carry money ("12.50", or
 * "1.250" in a 3-decimal currency such as KWD) and percentages ("15.00",
 * always two places). Parsing is strict: anything that is not plainly a
 * decimal of the expected places is rejected rather than guessed at,
 * because a silently misread price is charged to a customer.
 */
import { assertMinor, type Minor } from './minor.ts';
import { divRound } from './rounding.ts';
import { TillError } from '../errors/index.ts';

/** Most currencies have two places; the money code takes any of these (ISO 4217 goes up to 4). */
export const MAX_DECIMALS = 4;

function checkDecimals(decimals: number): bigint {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > MAX_DECIMALS) {
    throw new RangeError(`a currency has 0 to ${MAX_DECIMALS} decimal places, not ${String(decimals)}`);
  }
  return 10n ** BigInt(decimals);
}

/** A decimal string that is not a decimal of the currency's places; names where it came from. */
export class DecimalFormatError extends TillError {
  constructor(
    readonly where: string,
    readonly text: string,
    reason: string,
  ) {
    super('invalid_input', `${where}: "${text}" ${reason}`);
    this.name = 'DecimalFormatError';
  }
}

const ANY_DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * `text` in minor units of a currency with `decimals` places (default 2):
 * "12.5" → 1250, "-0.05" → -5, "15.00" (a percent) → 1500 hundredths of a
 * percent; with 3 places "1.250" → 1250 fils. Strict: more places than
 * `decimals` are refused, never rounded.
 */
export function parseDecimal(text: string, where: string, decimals = 2): Minor {
  const scale = checkDecimals(decimals);
  const match = typeof text === 'string' ? ANY_DECIMAL.exec(text) : null;
  if (!match || (match[3] ?? '').length > decimals || (decimals === 0 && match[3] !== undefined)) {
    const example = decimals === 0 ? '"12" or "-3"' : `"12.${'5'.padEnd(decimals, '0')}" or "-3"`;
    throw new DecimalFormatError(where, String(text), `is not a decimal with at most ${decimals === 2 ? 'two' : decimals} places (like ${example})`);
  }
  const [, sign = '', whole = '0', fraction = ''] = match;
  const minor = BigInt(whole) * scale + BigInt(fraction.padEnd(decimals, '0') || '0');
  if (minor > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new DecimalFormatError(where, text, 'is too large to be an exact amount');
  }
  // `0 - 0` rather than `-0` so "-0.00" parses to a plain zero.
  return sign === '-' ? 0 - Number(minor) : Number(minor);
}

/** Minor units as a decimal string with `decimals` places (default 2): 1250 → "12.50", -5 → "-0.05"; 3 places: 1250 → "1.250". */
export function formatMinor(minor: Minor, decimals = 2): string {
  assertMinor(minor, 'formatMinor');
  const scale = Number(checkDecimals(decimals));
  const abs = Math.abs(minor);
  const fraction = abs % scale;
  // Divide only an exact multiple of the scale: `Math.trunc(abs / 100)` can round up near 2^53.
  const whole = (abs - fraction) / scale;
  return `${minor < 0 ? '-' : ''}${whole}${decimals > 0 ? `.${String(fraction).padStart(decimals, '0')}` : ''}`;
}

/**
 * A decimal of any precision ("3.125", 7.5) rounded to `decimals` places
 * (default 2) by the one ROUNDING_RULE (half away from zero), for what a
 * service sends with more places than its money has. `exact` is false when
 * places were lost.
 */
export function parseDecimalRounded(value: string | number, where: string, decimals = 2): { minor: Minor; exact: boolean } {
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  const plain = typeof text === 'string' ? plainMinor(text, decimals) : NaN;
  if (!Number.isNaN(plain)) return { minor: plain, exact: true };
  checkDecimals(decimals);
  const match = typeof text === 'string' ? ANY_DECIMAL.exec(text) : null;
  if (!match) throw new DecimalFormatError(where, String(value), 'is not a decimal number (like "12.50")');
  const [, sign = '', whole = '0', fraction = ''] = match;
  const scaled = BigInt(whole + fraction);
  const places = BigInt(fraction.length);
  const wanted = BigInt(decimals);
  const minor = places <= wanted ? scaled * 10n ** (wanted - places) : divRound(scaled, 10n ** (places - wanted));
  const exact = places <= wanted || minor * 10n ** (places - wanted) === scaled;
  if (minor > BigInt(Number.MAX_SAFE_INTEGER)) throw new DecimalFormatError(where, String(value), 'is too large to be an exact amount');
  return { minor: sign === '-' ? 0 - Number(minor) : Number(minor), exact };
}

const POWERS_OF_TEN: readonly number[] = [1, 10, 100, 1_000, 10_000];
/** Digits whose integer is below 10^15, far inside the safe integers: no product or sum of them can round. */
const PLAIN_DIGITS = 15;

/**
 * The common case of parseDecimalRounded without BigInt: `text` a decimal
 * ("13.00", "-2.5", "7") with at most `decimals` places, so nothing is
 * rounded, whose minor units have at most 15 digits. Its digits are read
 * as an integer, in integer steps that stay below 10^15 (exact in a double),
 * and scaled by a power of ten: the same integer the BigInt reading gives.
 * Anything else (a malformed text, more places, a larger amount, unknown
 * places) is NaN, and parseDecimalRounded reads it (or refuses it) in
 * BigInt as before. A pull reads 400,000 prices (issue 37).
 */
export function plainMinor(text: string, decimals: number): Minor {
  const scale = POWERS_OF_TEN[decimals];
  if (scale === undefined) return NaN;
  const negative = text.charCodeAt(0) === 0x2d;
  let value = 0;
  let digits = 0;
  // -1 before the point; then the digits after it.
  let places = -1;
  for (let at = negative ? 1 : 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code >= 0x30 && code <= 0x39) {
      if (++digits > PLAIN_DIGITS) return NaN;
      value = value * 10 + (code - 0x30);
      if (places >= 0) places++;
    } else if (code === 0x2e && places < 0 && digits > 0) {
      places = 0;
    } else {
      return NaN;
    }
  }
  // No digit, a point with none after it, or more places than the currency has (rounding is the BigInt path's).
  if (digits === 0 || places === 0 || places > decimals) return NaN;
  const shift = decimals - Math.max(places, 0);
  if (digits + shift > PLAIN_DIGITS) return NaN;
  const minor = value * POWERS_OF_TEN[shift]!;
  // `0 - 0` rather than `-0` so "-0.00" reads as a plain zero.
  return negative ? 0 - minor : minor;
}
