import Database from 'better-sqlite3';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_MIGRATIONS_DIR, NewerDatabaseError, openDatabase, readMigrations } from '../../../src-main/db/index.ts';
import { REPLICA_TABLES } from '../../../src-main/catalog/index.ts';
import { tempDir } from '../../support/temp-dir.ts';

const dirs: ReturnType<typeof tempDir>[] = [];
const fresh = () => {
  const dir = tempDir();
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((d) => d.cleanup()));

describe('migrations', () => {
  it('applies every numbered file once and records it', () => {
    const dir = fresh();
    const db = openDatabase(dir.file('till.db'));
    const applied = db.prepare('SELECT version, name FROM schema_migrations ORDER BY version').all();
    expect(applied).toEqual(readMigrations(DEFAULT_MIGRATIONS_DIR).map((m) => ({ version: m.version, name: m.name })));
    db.close();
    // Opening again applies nothing new and keeps the data.
    const again = openDatabase(dir.file('till.db'));
    expect(again.prepare('SELECT count(*) AS n FROM schema_migrations').get()).toEqual({ n: applied.length });
    expect(again.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(again.pragma('synchronous', { simple: true })).toBe(2); // FULL
    again.close();
  });

  it('refuses a database written by a newer version and leaves it untouched', () => {
    const dir = fresh();
    openDatabase(dir.file('till.db')).close();
    const raw = new Database(dir.file('till.db'));
    raw.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(999, '0999_future.sql', 1);
    raw.close();
    expect(() => openDatabase(dir.file('till.db'))).toThrow(NewerDatabaseError);
    expect(() => openDatabase(dir.file('till.db'))).toThrow(/newer version of Till/);
    const check = new Database(dir.file('till.db'));
    expect(check.prepare('SELECT max(version) AS v FROM schema_migrations').get()).toEqual({ v: 999 });
    check.close();
  });

  it('refuses a database whose history differs from this build', () => {
    const dir = fresh();
    openDatabase(dir.file('till.db')).close();
    const raw = new Database(dir.file('till.db'));
    raw.prepare("UPDATE schema_migrations SET name = '0001_something_else.sql' WHERE version = 1").run();
    raw.close();
    expect(() => openDatabase(dir.file('till.db'))).toThrow(/different build/);
  });

  it('rejects misnamed or gapped migration files', () => {
    const dir = fresh();
    cpSync(DEFAULT_MIGRATIONS_DIR, dir.file('m'), { recursive: true });
    writeFileSync(dir.file('m/0003_gap.sql'), 'SELECT 1;');
    expect(() => readMigrations(dir.file('m'))).toThrow(/without gaps/);
    writeFileSync(dir.file('m/3_bad-name.sql'), 'SELECT 1;');
    expect(() => readMigrations(dir.file('m'))).toThrow(/NNNN_snake_case/);
  });

  it('names a file that is not a database instead of touching it', () => {
    const dir = fresh();
    const text = 'shopping list: milk, beans, '.repeat(200);
    writeFileSync(dir.file('notes.db'), text);
    expect(() => openDatabase(dir.file('notes.db'))).toThrow(`${dir.file('notes.db')} is not a Till database`);
    expect(() => openDatabase(dir.file('notes.db'), { readOnly: true })).toThrow(/point --db at the till's database/);
    expect(readFileSync(dir.file('notes.db'), 'utf8')).toBe(text);
  });

  it('says where to start when a read-only command meets no database', () => {
    const dir = fresh();
    expect(() => openDatabase(dir.file('missing.db'), { readOnly: true })).toThrow(/run "pos sync/);
  });

  it('has the columns the pull writes, as the migration declares them', () => {
    const dir = fresh();
    const db = openDatabase(dir.file('till.db'));
    for (const table of REPLICA_TABLES) {
      const columns = (db.prepare(`PRAGMA table_info(${table.name})`).all() as { name: string }[])
        .map((c) => c.name)
        .filter((c) => c !== 'seq' && c !== 'generation');
      expect(columns, table.name).toEqual([...table.columns]);
    }
    db.close();
  });
});
