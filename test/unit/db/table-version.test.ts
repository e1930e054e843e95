import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyMigrations, DEFAULT_MIGRATIONS_DIR, openDatabase, readMigrations, tableVersion, type TillDatabase } from '../../../src-main/db/index.ts';
import { getSetting, setSetting } from '../../../src-main/settings/index.ts';
import { tempDir } from '../../support/temp-dir.ts';

// db/table-version.ts: when a cached read of a small table must be read again.

let dir: ReturnType<typeof tempDir>;
let db: TillDatabase;
const others: TillDatabase[] = [];
beforeEach(() => {
  dir = tempDir('till-table-version-');
  db = openDatabase(dir.file('till.db'));
});
afterEach(() => {
  for (const other of others.splice(0)) other.close();
  db.close();
  dir.cleanup();
});

describe('a table version', () => {
  it("stays while nothing writes the table, and moves at this connection's writes and at other connections' commits", () => {
    const first = tableVersion(db, 'settings');
    expect(first).not.toBeNull();
    expect(tableVersion(db, 'settings')).toBe(first);
    // A write to another table, on this connection: the settings did not change.
    db.prepare('UPDATE station_carts SET updated_at = updated_at').run();
    expect(tableVersion(db, 'settings')).toBe(first);
    db.prepare("INSERT INTO settings (key, value) VALUES ('seller_name', '\"x\"')").run();
    const second = tableVersion(db, 'settings');
    expect(second).not.toBe(first);
    const other = openDatabase(dir.file('till.db'));
    others.push(other);
    other.prepare("INSERT INTO settings (key, value) VALUES ('vat_number', '\"300000000000003\"')").run();
    expect(tableVersion(db, 'settings')).not.toBe(second);
  });

  it('is null inside a transaction once it wrote the table, and moves again when it ends', () => {
    const before = tableVersion(db, 'settings');
    db.transaction(() => {
      expect(tableVersion(db, 'settings')).toBe(before);
      db.prepare("INSERT INTO settings (key, value) VALUES ('seller_name', '\"x\"')").run();
      expect(tableVersion(db, 'settings')).toBeNull();
    })();
    const after = tableVersion(db, 'settings');
    expect(after).not.toBeNull();
    expect(after).not.toBe(before);
  });

  it('on a read-only connection, moves at the writer’s commits', () => {
    const reader = openDatabase(dir.file('till.db'), { readOnly: true });
    others.push(reader);
    const first = tableVersion(reader, 'settings');
    expect(first).not.toBeNull();
    expect(tableVersion(reader, 'settings')).toBe(first);
    setSetting(db, 'seller_name', 'Qahwa');
    expect(getSetting(reader, 'seller_name')).toBe('Qahwa');
  });

  it('is made again after a migration that makes the table anew (its triggers went with the old one)', () => {
    setSetting(db, 'seller_name', 'Qahwa');
    expect(getSetting(db, 'seller_name')).toBe('Qahwa');
    const migrations = readMigrations(DEFAULT_MIGRATIONS_DIR);
    const last = migrations.at(-1)!.version;
    const remade = {
      version: last + 1,
      name: 'settings_remade',
      sql: 'CREATE TABLE settings_new (key TEXT PRIMARY KEY, value TEXT NOT NULL); INSERT INTO settings_new SELECT * FROM settings; DROP TABLE settings; ALTER TABLE settings_new RENAME TO settings;',
    };
    applyMigrations(db, [...migrations, remade]);
    expect(getSetting(db, 'seller_name')).toBe('Qahwa');
    db.prepare('UPDATE settings SET value = ? WHERE key = ?').run(JSON.stringify('Renamed'), 'seller_name');
    expect(getSetting(db, 'seller_name')).toBe('Renamed');
  });
});
