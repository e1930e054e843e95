import type { DecimalString } from '../catalog/index.ts';
import { parseDecimalRounded, plainMinor, type HundredthsOfPercent, type Minor } from '../money/index.ts';

/**
 * What reading one answer noticed without failing: money that came with
 * more places than the market's currency has (`currency.decimals`, 2 unless
 * the currency has 3) and was rounded (by the one rounding rule).
 *
 * This is where the wire's decimal strings become the till's one form of
 * money, integer minor units: once, as a page is read, and never again.
 */
export class ReadTally {
  precisionLost = 0;

  constructor(
    /** Decimal places of the market's currency. */
    readonly decimals = 2,
  ) {}

  /** `value` (any decimal string or number) in minor units of the currency's places; `fallback` ("0.00") when absent. */
  money(value: string | number | null | undefined, fallback: DecimalString, where: string): Minor {
    // A plain amount of the currency's places (nearly every one) needs no rounding and so no tally (issue 37).
    const plain = typeof value === 'string' ? plainMinor(value, this.decimals) : NaN;
    if (!Number.isNaN(plain)) return plain;
    if (value === null || value === undefined) return parseDecimalRounded(fallback, where, this.decimals).minor;
    const { minor, exact } = parseDecimalRounded(value, where, this.decimals);
    if (!exact) this.precisionLost++;
    return minor;
  }

  /** A percentage in hundredths of a percent (two places, whatever the currency), rounded the same way. */
  percent(value: string | number | null | undefined, where: string): HundredthsOfPercent {
    if (value === null || value === undefined) return 0;
    const plain = typeof value === 'string' ? plainMinor(value, 2) : NaN;
    if (!Number.isNaN(plain)) return plain;
    const { minor, exact } = parseDecimalRounded(value, where, 2);
    if (!exact) this.precisionLost++;
    return minor;
  }
}
