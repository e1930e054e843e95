/**
 * Decimal strings are how the wire and the catalog carry money ("12.50") and
 * percentages ("15.00"). Parsing is strict: anything that is not plainly a
 * two-place decimal is rejected rather than guessed at, because a silently
 * misread price is charged to a customer.
 */
import { assertMinor, type Minor } from './minor.ts';
import { divRound } from './rounding.ts';

const DECIMAL = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;

/** A decimal string that is not a two-place decimal; names where it came from. */
export class DecimalFormatError extends RangeError {
  override readonly name = 'DecimalFormatError';
  constructor(
    readonly where: string,
    readonly text: string,
    reason: string,
  ) {
    super(`${where}: "${text}" ${reason}`);
  }
}

/**
 * `text` in hundredths: "12.5" → 1250, "-0.05" → -5, "15.00" (a percent) →
 * 1500 hundredths of a percent. Accepts exactly `^-?\d+(\.\d{1,2})?$`.
 */
export function parseDecimal(text: string, where: string): Minor {
  const match = typeof text === 'string' ? DECIMAL.exec(text) : null;
  if (!match) {
    throw new DecimalFormatError(where, String(text), 'is not a decimal with at most two places (like "12.50" or "-3")');
  }
  const [, sign = '', whole = '0', fraction = ''] = match;
  const hundredths = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
  if (hundredths > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new DecimalFormatError(where, text, 'is too large to be an exact amount');
  }
  // `0 - 0` rather than `-0` so "-0.00" parses to a plain zero.
  const value = sign === '-' ? 0 - Number(hundredths) : Number(hundredths);
  return value;
}

/** Hundredths as a two-place decimal string: 1250 → "12.50", -5 → "-0.05", 0 → "0.00". */
export function formatMinor(minor: Minor): string {
  assertMinor(minor, 'formatMinor');
  const abs = Math.abs(minor);
  const cents = abs % 100;
  // Divide only an exact multiple of 100: `Math.trunc(abs / 100)` can round up near 2^53.
  const whole = (abs - cents) / 100;
  return `${minor < 0 ? '-' : ''}${whole}.${String(cents).padStart(2, '0')}`;
}

const ANY_DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * A decimal of any precision ("3.125", 7.5) rounded to hundredths by the
 * one ROUNDING_RULE (half away from zero), for what a service sends with
 * more places than money has. `exact` is false when places were lost.
 */
export function parseDecimalRounded(value: string | number, where: string): { minor: Minor; exact: boolean } {
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  const match = typeof text === 'string' ? ANY_DECIMAL.exec(text) : null;
  if (!match) throw new DecimalFormatError(where, String(value), 'is not a decimal number (like "12.50")');
  const [, sign = '', whole = '0', fraction = ''] = match;
  const scaled = BigInt(whole + fraction);
  const places = BigInt(fraction.length);
  const hundredths = places <= 2n ? scaled * 10n ** (2n - places) : divRound(scaled, 10n ** (places - 2n));
  const exact = places <= 2n || hundredths * 10n ** (places - 2n) === scaled;
  if (hundredths > BigInt(Number.MAX_SAFE_INTEGER)) throw new DecimalFormatError(where, String(value), 'is too large to be an exact amount');
  return { minor: sign === '-' ? 0 - Number(hundredths) : Number(hundredths), exact };
}
