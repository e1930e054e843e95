import type { TillDatabase } from '../../db/index.ts';
import { readSetting } from '../../till/index.ts';

export const DISCOUNT_LIMIT_SETTING = 'discount.limit_percent';
export const DEFAULT_DISCOUNT_LIMIT_PERCENT = 20;

/**
 * The largest discount, in percent of what it applies to, a cashier may give
 * without approval. A setting (`discount.limit_percent`, 0–100); anything
 * unreadable falls back to the default rather than to "no limit".
 */
export function discountLimitPercent(db: TillDatabase): number {
  let value: unknown;
  try {
    value = readSetting<unknown>(db, DISCOUNT_LIMIT_SETTING);
  } catch {
    value = undefined;
  }
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) && number >= 0 && number <= 100 ? number : DEFAULT_DISCOUNT_LIMIT_PERCENT;
}
