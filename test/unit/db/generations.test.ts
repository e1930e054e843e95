import { mkdirSync, writeFileSync } from 'node:fs';
import type Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, pinGenerations, registerGenerationalTables } from '../../../src-main/db/index.ts';
import { REPLICA_TABLES } from '../../../src-main/catalog/index.ts';
import { tempDir } from '../../support/temp-dir.ts';

// Tables by generation (issue 37): a table in the replica's list gets its
// generation column when the database opens, whatever its migration said
// (a table or a column added by another migration needs no SQL of its own),
// and every connection reads it through a view of the pinned generation.

const dir = tempDir('till-generations-');
afterAll(() => dir.cleanup());

/** A migrations folder of a table made the old way (key unique overall), a column added later, an index and a trigger. */
function migrations(): string {
  const folder = dir.file(`migrations-${Math.random().toString(36).slice(2)}`);
  mkdirSync(folder);
  writeFileSync(
    `${folder}/0001_widgets.sql`,
    `CREATE TABLE generation_pins (table_name TEXT PRIMARY KEY, pinned INTEGER NOT NULL);
     CREATE TABLE widgets (
       seq INTEGER PRIMARY KEY,
       id TEXT NOT NULL UNIQUE,
       name TEXT NOT NULL -- shown on the button
     );
     CREATE TABLE widget_log (id TEXT);
     CREATE INDEX widgets_by_name ON widgets (name);
     CREATE TRIGGER widgets_logged AFTER INSERT ON widgets BEGIN INSERT INTO widget_log (id) VALUES (new.id); END;
     INSERT INTO widgets (id, name) VALUES ('w1', 'Knob');`,
  );
  writeFileSync(`${folder}/0002_widget_size.sql`, 'ALTER TABLE widgets ADD COLUMN size INTEGER NOT NULL DEFAULT 1;');
  return folder;
}

registerGenerationalTables([
  { name: 'widgets', key: 'id' },
  { name: 'widget_parts', key: 'id', unique: false },
  { name: 'gadgets', key: 'id', generationFirst: ['gadgets_by_name'] },
]);

/** A folder with tables as an earlier version converted them, key first (UNIQUE (id, generation)): one with a seq, one without. */
function keyFirstMigrations(): string {
  const folder = dir.file(`migrations-key-first-${Math.random().toString(36).slice(2)}`);
  mkdirSync(folder);
  writeFileSync(
    `${folder}/0001_key_first.sql`,
    `CREATE TABLE generation_pins (table_name TEXT PRIMARY KEY, pinned INTEGER NOT NULL);
     CREATE TABLE widgets (
       seq INTEGER PRIMARY KEY,
       id TEXT NOT NULL,
       name TEXT NOT NULL
     , generation INTEGER NOT NULL DEFAULT 0, UNIQUE ("id", generation));
     CREATE TABLE widget_log (id TEXT);
     CREATE INDEX widgets_by_name ON widgets (name);
     CREATE TRIGGER widgets_logged AFTER INSERT ON widgets BEGIN INSERT INTO widget_log (id) VALUES (new.id); END;
     CREATE TABLE gadgets (
       id TEXT NOT NULL,
       name TEXT NOT NULL
     , generation INTEGER NOT NULL DEFAULT 0, UNIQUE ("id", generation));
     CREATE INDEX gadgets_by_name ON gadgets (name);
     INSERT INTO widgets (seq, id, name, generation) VALUES (4, 'w1', 'Knob', 1), (9, 'w1', 'Knob (new)', 2), (12, 'w2', 'Lever', 2);
     INSERT INTO gadgets (rowid, id, name, generation) VALUES (5, 'g1', 'Cog', 1), (8, 'g2', 'Gear', 1);
     INSERT INTO generation_pins (table_name, pinned) VALUES ('widgets', 2), ('gadgets', 1);`,
  );
  return folder;
}

const indexColumns = (db: Database.Database, index: string) =>
  db.prepare(`SELECT name FROM pragma_index_info('${index}', 'main') ORDER BY seqno`).pluck().all();
const definition = (db: Database.Database, name: string) => db.prepare('SELECT sql FROM main.sqlite_master WHERE name = ?').pluck().get(name) as string;

/** A folder with widget_parts made the old way (key unique overall), two of its rows. */
function partsMigrations(): string {
  const folder = dir.file(`migrations-parts-${Math.random().toString(36).slice(2)}`);
  mkdirSync(folder);
  writeFileSync(
    `${folder}/0001_widget_parts.sql`,
    `CREATE TABLE generation_pins (table_name TEXT PRIMARY KEY, pinned INTEGER NOT NULL);
     CREATE TABLE widget_parts (
       seq INTEGER PRIMARY KEY,
       id TEXT NOT NULL UNIQUE,
       widget_id TEXT NOT NULL
     );
     CREATE INDEX widget_parts_by_widget ON widget_parts (widget_id);
     INSERT INTO widget_parts (id, widget_id) VALUES ('k1', 'w1'), ('k2', 'w1');`,
  );
  return folder;
}

const partIndexes = (db: Database.Database) => db.prepare("SELECT name FROM pragma_index_list('widget_parts', 'main') ORDER BY name").pluck().all();
const partRows = (db: Database.Database) => db.prepare('SELECT seq, id, widget_id, generation FROM main.widget_parts ORDER BY seq').raw().all();

describe('tables by generation', () => {
  it('converts a listed table when the database opens, keeping its rows, columns, index and trigger', () => {
    const migrationsDir = migrations();
    const db = openDatabase(dir.file('convert.db'), { migrationsDir });
    const columns = (db.prepare('PRAGMA main.table_info(widgets)').all() as { name: string }[]).map((c) => c.name);
    expect(columns).toEqual(['seq', 'id', 'name', 'size', 'generation']);
    expect(db.prepare('SELECT seq, id, name, size FROM widgets').raw().all()).toEqual([[1, 'w1', 'Knob', 1]]);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE tbl_name = 'widgets' AND type IN ('index', 'trigger') ORDER BY name").pluck().all()).toEqual([
      'sqlite_autoindex_widgets_1',
      'widgets_by_name',
      'widgets_logged',
    ]);
    // The key is unique per generation: two generations of w1 side by side, one of them seen.
    db.prepare("INSERT INTO main.widgets (id, name, generation) VALUES ('w1', 'Knob (new)', 7)").run();
    expect(() => db.prepare("INSERT INTO main.widgets (id, name, generation) VALUES ('w1', 'again', 7)").run()).toThrow(/UNIQUE/);
    expect(db.prepare('SELECT name FROM widgets').pluck().all()).toEqual(['Knob']);
    db.transaction(() => pinGenerations(db, new Map([['widgets', 7]])))();
    expect(db.prepare('SELECT name FROM widgets').pluck().all()).toEqual(['Knob (new)']);
    // The trigger came back: it logged the migration's insert and the new generation's, not the conversion's copy.
    expect(db.prepare('SELECT id FROM widget_log').pluck().all()).toEqual(['w1', 'w1']);
    db.close();
    // Opened again: nothing to convert, the same view.
    const again = openDatabase(dir.file('convert.db'), { migrationsDir });
    expect(again.prepare('SELECT name FROM widgets').pluck().all()).toEqual(['Knob (new)']);
    again.close();
  });

  it('lets a plain insert, update or delete write the pinned generation (a fixture, a repair by hand)', () => {
    const db = openDatabase(dir.file('writes.db'), { migrationsDir: migrations() });
    db.transaction(() => pinGenerations(db, new Map([['widgets', 3]])))();
    db.prepare("INSERT INTO widgets (id, name) VALUES ('w2', 'Lever')").run();
    expect(db.prepare("SELECT generation, size FROM main.widgets WHERE id = 'w2'").raw().get()).toEqual([3, 1]);
    db.prepare("UPDATE widgets SET name = 'Big lever' WHERE id = 'w2'").run();
    expect(db.prepare('SELECT id, name FROM widgets').raw().all()).toEqual([['w2', 'Big lever']]);
    db.prepare("DELETE FROM widgets WHERE id = 'w2'").run();
    expect(db.prepare('SELECT count(*) FROM widgets').pluck().get()).toBe(0);
    // The generation-0 row (from before generations) was never touched.
    expect(db.prepare('SELECT name FROM main.widgets WHERE generation = 0').pluck().all()).toEqual(['Knob']);
    db.close();
  });

  it('reads the pinned generation on a read-only connection too', () => {
    const migrationsDir = migrations();
    const db = openDatabase(dir.file('readonly.db'), { migrationsDir });
    db.prepare("INSERT INTO main.widgets (id, name, generation) VALUES ('w1', 'Knob (new)', 2)").run();
    db.transaction(() => pinGenerations(db, new Map([['widgets', 2]])))();
    const reader = openDatabase(dir.file('readonly.db'), { migrationsDir, readOnly: true });
    expect(reader.prepare('SELECT name FROM widgets').pluck().all()).toEqual(['Knob (new)']);
    // Its views have no writing triggers (nothing to install for a connection that cannot write): a write is refused.
    expect(() => reader.exec("INSERT INTO widgets (id, name) VALUES ('w2', 'Lever')")).toThrow();
    expect(reader.prepare("SELECT count(*) FROM temp.sqlite_master WHERE type = 'trigger'").pluck().get()).toBe(0);
    reader.close();
    db.close();
  });

  it('converts a table registered without a unique key with no index on its key, its rows and other indexes kept', () => {
    const db = openDatabase(dir.file('parts.db'), { migrationsDir: partsMigrations() });
    expect(partIndexes(db)).toEqual(['widget_parts_by_widget']);
    expect(partRows(db)).toEqual([
      [1, 'k1', 'w1', 0],
      [2, 'k2', 'w1', 0],
    ]);
    db.close();
  });

  it('takes the unique key out of a table converted with one and registered without one now, its rows kept (an upgrade)', () => {
    const file = dir.file('parts-upgrade.db');
    const migrationsDir = partsMigrations();
    // Converted the way earlier versions did: UNIQUE (id, generation), two generations of k1 side by side.
    registerGenerationalTables([{ name: 'widget_parts', key: 'id' }]);
    try {
      const before = openDatabase(file, { migrationsDir });
      before.prepare("INSERT INTO main.widget_parts (id, widget_id, generation) VALUES ('k1', 'w2', 5)").run();
      expect(partIndexes(before)).toEqual(['sqlite_autoindex_widget_parts_1', 'widget_parts_by_widget']);
      before.close();
    } finally {
      registerGenerationalTables([{ name: 'widget_parts', key: 'id', unique: false }]);
    }
    const db = openDatabase(file, { migrationsDir });
    expect(partIndexes(db)).toEqual(['widget_parts_by_widget']);
    expect(partRows(db)).toEqual([
      [1, 'k1', 'w1', 0],
      [2, 'k2', 'w1', 0],
      [3, 'k1', 'w2', 5],
    ]);
    expect(db.prepare('SELECT id FROM widget_parts ORDER BY seq').pluck().all()).toEqual(['k1', 'k2']);
    db.close();
  });

  it('puts the generation first in the unique key of a table converted key first, its rows, rowids, indexes and trigger kept (an upgrade)', () => {
    const file = dir.file('key-first.db');
    const migrationsDir = keyFirstMigrations();
    const db = openDatabase(file, { migrationsDir });
    expect(definition(db, 'widgets')).toContain(', UNIQUE (generation, "id"))');
    expect(definition(db, 'widgets')).not.toContain('UNIQUE ("id", generation)');
    expect(indexColumns(db, 'sqlite_autoindex_widgets_1')).toEqual(['generation', 'id']);
    expect(indexColumns(db, 'sqlite_autoindex_gadgets_1')).toEqual(['generation', 'id']);
    expect(db.prepare('SELECT seq, id, name, generation FROM main.widgets ORDER BY seq').raw().all()).toEqual([
      [4, 'w1', 'Knob', 1],
      [9, 'w1', 'Knob (new)', 2],
      [12, 'w2', 'Lever', 2],
    ]);
    // A table whose rowid no column names keeps its rowids too (a standby finds its rows by them).
    expect(db.prepare('SELECT rowid, id, name, generation FROM main.gadgets ORDER BY rowid').raw().all()).toEqual([
      [5, 'g1', 'Cog', 1],
      [8, 'g2', 'Gear', 1],
    ]);
    // Other indexes and the trigger stay; an index the table lists in generationFirst is led by the generation.
    expect(db.prepare("SELECT name FROM sqlite_master WHERE tbl_name = 'widgets' AND type IN ('index', 'trigger') ORDER BY name").pluck().all()).toEqual([
      'sqlite_autoindex_widgets_1',
      'widgets_by_name',
      'widgets_logged',
    ]);
    expect(indexColumns(db, 'widgets_by_name')).toEqual(['name']);
    expect(indexColumns(db, 'gadgets_by_name')).toEqual(['generation', 'name']);
    expect(db.prepare('SELECT name FROM widgets ORDER BY seq').pluck().all()).toEqual(['Knob (new)', 'Lever']);
    db.prepare("INSERT INTO widgets (id, name) VALUES ('w3', 'Dial')").run();
    // The trigger logged the migration's rows and this one, not the rebuild's copies.
    expect(db.prepare('SELECT id FROM widget_log').pluck().all()).toEqual(['w1', 'w1', 'w2', 'w3']);
    // Still unique per generation.
    expect(() => db.prepare("INSERT INTO main.widgets (id, name, generation) VALUES ('w1', 'again', 2)").run()).toThrow(/UNIQUE/);
    const schema = db.prepare('SELECT type, name, sql FROM main.sqlite_master ORDER BY name').raw().all();
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    db.close();
    // Opened again: nothing left to convert.
    const again = openDatabase(file, { migrationsDir });
    expect(again.prepare('SELECT type, name, sql FROM main.sqlite_master ORDER BY name').raw().all()).toEqual(schema);
    again.close();
  });

  it('keeps every replica table by generation', () => {
    const db = openDatabase(dir.file('replica.db'));
    for (const table of REPLICA_TABLES) {
      const columns = (db.prepare(`PRAGMA main.table_info(${table.name})`).all() as { name: string }[]).map((c) => c.name);
      expect(columns, table.name).toContain('generation');
      expect(db.prepare('SELECT type FROM sqlite_temp_master WHERE name = ?').pluck().get(table.name), table.name).toBe('view');
    }
    db.close();
  });
});
