import type { TillDatabase } from '../../db/index.ts';
import { getSetting } from '../../settings/index.ts';
import { percentToHundredths } from '../../../src-shared/settings/index.ts';

export const DISCOUNT_LIMIT_SETTING = 'discount.limit_percent' as const;
export const DEFAULT_DISCOUNT_LIMIT_PERCENT = 20;

/**
 * The largest discount, in percent of what it applies to, a cashier may give
 * without approval. A setting (`discount.limit_percent`, 0–100, checked by
 * the settings store); a stored value that no longer passes its check falls
 * back to the default rather than to "no limit".
 */
export function discountLimitPercent(db: TillDatabase): number {
  try {
    return percentToHundredths(getSetting(db, DISCOUNT_LIMIT_SETTING)) / 100;
  } catch {
    return DEFAULT_DISCOUNT_LIMIT_PERCENT;
  }
}
