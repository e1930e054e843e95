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
  checkDecimals(decimals);
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
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
