import type { DecimalString } from '../catalog/index.ts';
import { formatMinor, parseDecimalRounded } from '../money/index.ts';

/**
 * What reading one answer noticed without failing: money that came with
 * more places than the market's currency has (`currency.decimals`, 2 unless
 * the currency has 3) and was rounded (by the one rounding rule).
 */
export class ReadTally {
  precisionLost = 0;

  constructor(
    /** Decimal places of the market's currency. */
    readonly decimals = 2,
  ) {}

  /** `value` (any decimal string or number) as a decimal string of the currency's places; `fallback` ("0.00") when absent. */
  money(value: string | number | null | undefined, fallback: DecimalString, where: string): DecimalString {
    if (value === null || value === undefined) return formatMinor(parseDecimalRounded(fallback, where, this.decimals).minor, this.decimals);
    const { minor, exact } = parseDecimalRounded(value, where, this.decimals);
    if (!exact) this.precisionLost++;
    return formatMinor(minor, this.decimals);
  }

  /** A percentage (always two places: hundredths of a percent), rounded the same way. */
  percent(value: string | number | null | undefined, where: string): DecimalString {
    if (value === null || value === undefined) return '0.00';
    const { minor, exact } = parseDecimalRounded(value, where, 2);
    if (!exact) this.precisionLost++;
    return formatMinor(minor, 2);
  }
}
