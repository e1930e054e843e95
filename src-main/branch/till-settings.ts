// This till's own settings from the Till tab: the business day's cut-off
// hour and the idle lock (read by the cashier work's lock screen), keys of
// the settings store. Order numbers take each station's code (issue 20):
// till.code only named the first counter when the database was made, so
// the tab no longer offers it.

import type { TillSettingsView } from '../../src-shared/branch/index.ts';
import type { TillDatabase } from '../db/index.ts';
import { readOrderNumbering } from '../orders/index.ts';
import { setSetting, settingOrDefault } from '../settings/index.ts';

export function readTillSettings(db: TillDatabase): TillSettingsView {
  const numbering = readOrderNumbering(db);
  return {
    day_cutoff_hour: numbering.cutoffHour,
    idle_lock_minutes: settingOrDefault(db, 'till.idle_lock_minutes'),
  };
}

/** Checked by the caller's schema and again by the store; written together. */
export function writeTillSettings(db: TillDatabase, settings: TillSettingsView): void {
  db.transaction(() => {
    setSetting(db, 'till.day_cutoff_hour', settings.day_cutoff_hour);
    setSetting(db, 'till.idle_lock_minutes', settings.idle_lock_minutes);
  })();
}
