// What a cashier calls out: this till's code and the business day's
// sequence (`A-001`), so two tills of one branch never print the same
// number on one day. The business day starts at the cut-off hour: a café
// open until 2 am with cut-off 4 keeps the night's orders in one day.

import type { TillDatabase } from '../db/index.ts';
import { readSetting } from '../settings/index.ts';

export const TILL_CODE_SETTING = 'till.code';
export const DAY_CUTOFF_SETTING = 'till.day_cutoff_hour';

/** One or two capital Latin letters: printable on every ESC/POS code page and readable when called out. */
export const TILL_CODE_PATTERN = /^[A-Z]{1,2}$/;
export const MAX_CUTOFF_HOUR = 12;

export interface OrderNumbering {
  /** null: numbers without a prefix (a till never set up, as before till codes). */
  tillCode: string | null;
  /** Hours after midnight, local time, when the next business day begins (0–12). */
  cutoffHour: number;
}

/** The settings as stored; a value that is not valid counts as unset rather than stopping a sale. */
export function readOrderNumbering(db: TillDatabase): OrderNumbering {
  const code = readSetting<unknown>(db, TILL_CODE_SETTING);
  const cutoff = readSetting<unknown>(db, DAY_CUTOFF_SETTING);
  return {
    tillCode: typeof code === 'string' && TILL_CODE_PATTERN.test(code) ? code : null,
    cutoffHour: typeof cutoff === 'number' && Number.isInteger(cutoff) && cutoff >= 0 && cutoff <= MAX_CUTOFF_HOUR ? cutoff : 0,
  };
}

/** YYYY-MM-DD of the business day `epochMs` falls in, in the till's local time. */
export function businessDayOf(epochMs: number, cutoffHour = 0): string {
  const d = new Date(epochMs);
  // Wall-clock hours, so a DST change does not move the cut-off.
  if (d.getHours() < cutoffHour) d.setDate(d.getDate() - 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** `A-007`, or `007` for a till without a code. */
export function formatOrderNumber(tillCode: string | null, daySequence: number): string {
  const sequence = String(daySequence).padStart(3, '0');
  return tillCode ? `${tillCode}-${sequence}` : sequence;
}
