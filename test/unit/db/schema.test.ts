import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, TABLE_COLUMNS } from '../../../src-main/db/index.ts';
import { readFileSync } from 'node:fs';
import { generateSchema, SCHEMA_FILE } from '../../../scripts/generate-schema.ts';
import { tempDir } from '../../support/temp-dir.ts';

// src-main/db/schema.ts types every table for Kysely. It is generated from
// the migrated database (`npm run schema`); here it is checked to be exactly
// that, and its TABLE_COLUMNS against what the migrations really make.
const dirs: ReturnType<typeof tempDir>[] = [];
afterEach(() => dirs.splice(0).forEach((d) => d.cleanup()));

function migrated() {
  const dir = tempDir();
  dirs.push(dir);
  return openDatabase(dir.file('till.db'));
}

describe('the Kysely schema', () => {
  it('is what `npm run schema` generates from the migrations (run it after changing a migration)', async () => {
    expect(readFileSync(SCHEMA_FILE, 'utf8')).toBe(await generateSchema());
  });

  it('lists every table of the migrated database, and no other', () => {
    const db = migrated();
    const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as { name: string }[])
      .map((t) => t.name)
      // FTS5 keeps its index in shadow tables of its own; nothing of ours queries them.
      .filter((name) => !/^product_search_(data|idx|docsize|config|content)$/.test(name));
    expect(tables.sort()).toEqual(Object.keys(TABLE_COLUMNS).sort());
    db.close();
  });

  it('has the columns of each table, in order, as the migrations declare them', () => {
    const db = migrated();
    for (const [table, columns] of Object.entries(TABLE_COLUMNS)) {
      const actual = (db.prepare(`PRAGMA table_xinfo(${table})`).all() as { name: string }[]).map((c) => c.name);
      expect(actual, table).toEqual([...columns]);
    }
    db.close();
  });
});
