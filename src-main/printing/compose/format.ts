// Numbers and times as the receipt shows them: amounts with the currency's
// places (two, or three for KWD; never floating point), times in the till's
// own time zone.

import { formatMinor, type Minor } from '../../../src-shared/money/index.ts';
import type { Discount } from '../../../src-shared/pricing/index.ts';

export function money(minor: Minor, decimals = 2): string {
  return formatMinor(minor, decimals);
}

/** YYYY-MM-DD HH:MM in the till's local time, like the business day of the order. */
export function localDateTime(epochMs: number): string {
  const d = new Date(epochMs);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** Hundredths of a percent as "15%" or "12.5%". */
export function percent(hundredths: number): string {
  const text = formatMinor(hundredths).replace(/\.?0+$/, '');
  return `${text}%`;
}

/** A cashier's discount as entered: "10%" or "5.00". */
export function describeDiscount(discount: Discount, decimals = 2): string {
  return discount.kind === 'PERCENT' ? percent(discount.value) : money(discount.value, decimals);
}
