import { formatMinor, parseDecimal, type Minor } from '../../src-shared/money/index.ts';
import type { Locale } from '../../src-shared/i18n/index.ts';

/**
 * Decimal places of the market's currency, as the host said in the session
 * (2; 3 for KWD): every amount this screen shows or reads has that many.
 * One screen is one till session, so it is kept here, set with the session.
 */
let decimals = 2;

export function setMoneyDecimals(places: number | undefined): void {
  decimals = places ?? 2;
}

/** "12.50" (or "12.500" in a 3-decimal currency): Western digits in both languages, as on Saudi receipts and card terminals. */
export function money(amount: Minor): string {
  return formatMinor(amount, decimals);
}

/**
 * What a cashier typed as an amount ("20", "12.5", "١٢٫٥٠") in minor units
 * (halalas; fils with 3 places), or null when it is not an amount (or has
 * more places than the currency). Arabic-Indic digits and the Arabic decimal
 * separator are accepted because an Arabic keyboard types them.
 */
export function parseAmount(text: string): Minor | null {
  const western = text
    .trim()
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/[\u066B,]/g, '.');
  if (!/^\d+(\.\d+)?$/.test(western)) return null;
  try {
    return parseDecimal(western, 'amount', decimals);
  } catch {
    return null;
  }
}

// Gregorian calendar and Western digits in Arabic too: a Saudi business day is kept by the Gregorian date.
const TAGS: Record<Locale, string> = { en: 'en-GB', ar: 'ar-SA-u-ca-gregory-nu-latn' };

/** Made once per language: the first one a page makes loads ICU's data for it (tens of ms as a till starts). */
const CLOCK_FORMATS = new Map<Locale, Intl.DateTimeFormat>();

export function clockTime(locale: Locale, epochMs: number): string {
  let format = CLOCK_FORMATS.get(locale);
  if (!format) CLOCK_FORMATS.set(locale, (format = new Intl.DateTimeFormat(TAGS[locale], { hour: '2-digit', minute: '2-digit' })));
  return format.format(epochMs);
}

/** A day as a date with its year (a certificate's expiry): "26 Nov 2026". */
export function calendarDate(locale: Locale, epochMs: number): string {
  return new Intl.DateTimeFormat(TAGS[locale], { day: 'numeric', month: 'short', year: 'numeric' }).format(epochMs);
}

export function dateTime(locale: Locale, epochMs: number): string {
  return new Intl.DateTimeFormat(TAGS[locale], { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }).format(epochMs);
}

/** VAT rate in hundredths of a percent as the receipt shows it: 1500 → "15". */
export function percent(hundredths: number): string {
  return hundredths % 100 === 0 ? String(hundredths / 100) : (hundredths / 100).toFixed(2);
}

/** A customer's phone as dialled from abroad: "+966 501234567" (shown left to right in both languages). */
export function phoneText(customer: { phone_prefix: string; phone: string }): string {
  if (!customer.phone) return '';
  const prefix = customer.phone_prefix.replace(/^\+/, '');
  return prefix ? `+${prefix} ${customer.phone}` : customer.phone;
}

/**
 * A value set apart inside a sentence (Unicode first-strong isolate), for
 * text that can only be a string: a name or a number in a translated
 * sentence keeps its own direction without reordering the Arabic around it.
 */
export function isolate(value: string | number): string {
  return `\u2068${value}\u2069`;
}
