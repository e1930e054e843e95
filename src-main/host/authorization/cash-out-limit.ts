import type { TillDatabase } from '../../db/index.ts';
import { getSetting } from '../../settings/index.ts';
import { parseDecimal } from '../../../src-shared/money/index.ts';

export const CASH_OUT_LIMIT_SETTING = 'cash.out_limit' as const;
/** 500.00 in halalas: the declared default of `cash.out_limit`. */
export const DEFAULT_CASH_OUT_LIMIT = 50_000;

/**
 * The largest cash out, in halalas, a cashier may record without approval
 * (`cash.out_limit`, checked by the settings store). A stored value that no
 * longer passes its check falls back to the default rather than to "no limit".
 */
export function cashOutLimit(db: TillDatabase): number {
  try {
    return parseDecimal(getSetting(db, CASH_OUT_LIMIT_SETTING), 'cash.out_limit');
  } catch {
    return DEFAULT_CASH_OUT_LIMIT;
  }
}
