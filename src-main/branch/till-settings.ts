// This till's own settings from the Till tab: its code (order numbers
// A-001), the business day's cut-off hour, and the idle lock (read by the
// cashier work's lock screen).

import type { TillSettingsView } from '../../src-shared/till/index.ts';
import type { TillDatabase } from '../db/index.ts';
import { readSetting, removeSetting, writeSetting } from '../settings/index.ts';
import { DAY_CUTOFF_SETTING, readOrderNumbering, TILL_CODE_SETTING } from '../orders/index.ts';

export const IDLE_LOCK_SETTING = 'till.idle_lock_minutes';
export const DEFAULT_IDLE_LOCK_MINUTES = 0;

export function readTillSettings(db: TillDatabase): TillSettingsView {
  const numbering = readOrderNumbering(db);
  const idle = readSetting<unknown>(db, IDLE_LOCK_SETTING);
  return {
    code: numbering.tillCode ?? '',
    day_cutoff_hour: numbering.cutoffHour,
    idle_lock_minutes: typeof idle === 'number' && Number.isInteger(idle) && idle >= 0 ? idle : DEFAULT_IDLE_LOCK_MINUTES,
  };
}

/** Checked by the caller's schema; written together. New numbers use the code from the next sale on; sold orders keep theirs. */
export function writeTillSettings(db: TillDatabase, settings: TillSettingsView): void {
  db.transaction(() => {
    if (settings.code === '') removeSetting(db, TILL_CODE_SETTING);
    else writeSetting(db, TILL_CODE_SETTING, settings.code);
    writeSetting(db, DAY_CUTOFF_SETTING, settings.day_cutoff_hour);
    writeSetting(db, IDLE_LOCK_SETTING, settings.idle_lock_minutes);
  })();
}
