import { statement } from './query.ts';
import type { TillDatabase } from './open-database.ts';

// Settings the Branch screen owns that the typed store (src-main/settings)
// does not list yet, read and written in the store's format (JSON text).
export function readSetting<T>(db: TillDatabase, key: string): T | undefined {
  const row = statement(db, 'SELECT value FROM settings WHERE key = ?').get(key) as { value: string } | undefined;
  return row ? (JSON.parse(row.value) as T) : undefined;
}

export function writeSetting(db: TillDatabase, key: string, value: unknown): void {
  statement(db, 'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(key, JSON.stringify(value));
}
