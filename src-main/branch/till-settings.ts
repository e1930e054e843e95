// This till's own settings from the Till tab: its code (order numbers
// A-001), the business day's cut-off hour, and the idle lock (read by the
// cashier work's lock screen). All three are keys of the settings store.

import type { TillSettingsView } from '../../src-shared/till/index.ts';
import type { TillDatabase } from '../db/index.ts';
import { readOrderNumbering } from '../orders/index.ts';
import { putSetting, setSetting, settingOrDefault } from '../settings/index.ts';

export function readTillSettings(db: TillDatabase): TillSettingsView {
  const numbering = readOrderNumbering(db);
  return {
    code: numbering.tillCode ?? '',
    day_cutoff_hour: numbering.cutoffHour,
    idle_lock_minutes: settingOrDefault(db, 'till.idle_lock_minutes'),
  };
}

/** Checked by the caller's schema and again by the store; written together. New numbers use the code from the next sale on; sold orders keep theirs. */
export function writeTillSettings(db: TillDatabase, settings: TillSettingsView): void {
  db.transaction(() => {
    putSetting(db, 'till.code', settings.code === '' ? null : settings.code);
    setSetting(db, 'till.day_cutoff_hour', settings.day_cutoff_hour);
    setSetting(db, 'till.idle_lock_minutes', settings.idle_lock_minutes);
  })();
}
