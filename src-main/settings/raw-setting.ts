import { statement, type TillDatabase } from '../db/index.ts';

// Settings that src-shared/settings does not declare yet (the Branch
// screen's, the till code), read and written in the store's format (JSON
// text) without its validation: the callers check the values they read.
export function readSetting<T>(db: TillDatabase, key: string): T | undefined {
  const row = statement(db, 'SELECT value FROM settings WHERE key = ?').get(key) as { value: string } | undefined;
  return row ? (JSON.parse(row.value) as T) : undefined;
}

/** The stored text as it is, for a value that may not be JSON (written by hand or an older till). */
export function readSettingText(db: TillDatabase, key: string): string | undefined {
  return (statement(db, 'SELECT value FROM settings WHERE key = ?').get(key) as { value: string } | undefined)?.value;
}

export function writeSetting(db: TillDatabase, key: string, value: unknown): void {
  statement(db, 'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(key, JSON.stringify(value));
}

/** Removes the key: its default (or the service's value) applies again. */
export function removeSetting(db: TillDatabase, key: string): void {
  statement(db, 'DELETE FROM settings WHERE key = ?').run(key);
}
