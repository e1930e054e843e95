// What a cashier calls out: the station's code and that station's
// sequence of the business day (`A-001`, `B-001`), so two counters of one
// branch never print the same number on one day. The business day starts at the cut-off hour: a café
// open until 2 am with cut-off 4 keeps the night's orders in one day.

import { MAX_CUTOFF_HOUR, TILL_CODE_PATTERN } from '../../src-shared/settings/index.ts';
import type { TillDatabase } from '../db/index.ts';
import { settingOrDefault } from '../settings/index.ts';

export { MAX_CUTOFF_HOUR, TILL_CODE_PATTERN };

export interface OrderNumbering {
  /** null: numbers without a prefix (a till never set up, as before till codes). */
  tillCode: string | null;
  /** Hours after midnight, local time, when the next business day begins (0–12). */
  cutoffHour: number;
}

/** The settings till.code and till.day_cutoff_hour; a stored value that is not valid counts as unset rather than stopping a sale. */
export function readOrderNumbering(db: TillDatabase): OrderNumbering {
  return { tillCode: settingOrDefault(db, 'till.code'), cutoffHour: readDayCutoffHour(db) };
}

/** till.day_cutoff_hour alone: what numbering an order reads inside its write transaction (the station's code comes with the draft). */
export function readDayCutoffHour(db: TillDatabase): number {
  return settingOrDefault(db, 'till.day_cutoff_hour');
}

/** YYYY-MM-DD of the business day `epochMs` falls in, in the till's local time. */
export function businessDayOf(epochMs: number, cutoffHour = 0): string {
  const d = new Date(epochMs);
  // Wall-clock hours, so a DST change does not move the cut-off.
  if (d.getHours() < cutoffHour) d.setDate(d.getDate() - 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** `A-007`, or `007` for an order made outside any station (as before till codes). */
export function formatOrderNumber(tillCode: string | null, daySequence: number): string {
  const sequence = String(daySequence).padStart(3, '0');
  return tillCode ? `${tillCode}-${sequence}` : sequence;
}
