import type { DecimalString } from '../catalog/index.ts';
import { formatMinor, parseDecimalRounded } from '../money/index.ts';

/**
 * What reading one answer noticed without failing: money that came with
 * more than two places and was rounded (by the one rounding rule).
 */
export class ReadTally {
  precisionLost = 0;

  /** `value` (any decimal string or number) as a two-place decimal string; `fallback` when absent. */
  money(value: string | number | null | undefined, fallback: DecimalString, where: string): DecimalString {
    if (value === null || value === undefined) return fallback;
    const { minor, exact } = parseDecimalRounded(value, where);
    if (!exact) this.precisionLost++;
    return formatMinor(minor);
  }
}
