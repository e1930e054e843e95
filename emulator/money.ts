/**
 * Decimal strings with two places, as the wire carries money, worked in
 * integer hundredths so nothing is ever rounded by floating point.
 */
export const MONEY_PATTERN = /^\d+\.\d{2}$/;
const SIGNED_MONEY_PATTERN = /^-?\d+\.\d{2}$/;

/** Hundredths of a (possibly negative) two-place decimal string, or null when it is not one. */
export function toCents(value: string): number | null {
  if (!SIGNED_MONEY_PATTERN.test(value)) return null;
  const negative = value.startsWith('-');
  const [whole, fraction] = (negative ? value.slice(1) : value).split('.') as [string, string];
  const cents = Number(whole) * 100 + Number(fraction);
  return negative ? -cents : cents;
}

export function fromCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** numerator / denominator rounded half away from zero (denominator > 0). */
function divideRoundHalfUp(numerator: number, denominator: number): number {
  const sign = numerator < 0 ? -1 : 1;
  return sign * Math.floor((2 * Math.abs(numerator) + denominator) / (2 * denominator));
}

export interface LegacyMoney {
  price: string;
  tax: string;
  total: string;
  is_tax_included: boolean;
}

/**
 * The pre-2.2.3 price members derived from a canonical value and the branch's
 * VAT (emulator/README.md, 10): the value is the gross when prices include
 * tax, else the net.
 */
export function legacyMoney(value: string, vatRate: string, pricesIncludeTax: boolean): LegacyMoney {
  const cents = toCents(value) ?? 0;
  // The rate in hundredths of a percent, so 15.00 % is 1500.
  const rate = toCents(vatRate) ?? 0;
  if (pricesIncludeTax) {
    const tax = divideRoundHalfUp(cents * rate, 10_000 + rate);
    return { price: fromCents(cents - tax), tax: fromCents(tax), total: fromCents(cents), is_tax_included: true };
  }
  const tax = divideRoundHalfUp(cents * rate, 10_000);
  return { price: fromCents(cents), tax: fromCents(tax), total: fromCents(cents + tax), is_tax_included: false };
}
