import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type TillDatabase } from '../../../src-main/db/index.ts';
import { REPLICA, Staging } from '../../../src-main/catalog/index.ts';
import { tempDir } from '../../support/temp-dir.ts';

// Staging tables take rows without an index (issue 12: the unique index was
// most of the staging cost), so a record staged twice (it moved between
// pages while the list was read) is resolved at the swap: counted once,
// written once, the later copy winning, at its later place.

const dir = tempDir('till-staging-');
let db: TillDatabase;
afterEach(() => {
  db?.close();
});
afterAll(() => dir.cleanup());

const categories = REPLICA.categories;
const category = (id: number, icon: string, name_en: string, name_ar: string, position: number) => ({ id, icon, name_en, name_ar, sectors: '[]', position });
const rows = (d: TillDatabase) => d.prepare('SELECT id, name_en, position FROM categories ORDER BY position').raw().all();

describe('staging', () => {
  it('counts and writes a record staged twice once, the later copy, in a first pull and in a later one', () => {
    db = openDatabase(dir.file(`staging-${Date.now()}.db`));
    for (const existing of [false, true]) {
      const staging = new Staging(db, [categories]);
      staging.insert(categories, category(1, '☕', 'Coffee', 'قهوة', 0));
      staging.insert(categories, category(2, '🍵', 'Tea (old)', 'شاي', 1));
      staging.insert(categories, category(3, '🥐', 'Bakery', 'مخبوزات', 2));
      staging.insert(categories, category(2, '🍵', existing ? 'Tea (again)' : 'Tea', 'شاي', 3));
      expect(staging.count(categories)).toBe(3);
      db.transaction(() => staging.swapIn(categories))();
      staging.drop();
      expect(rows(db)).toEqual([
        [1, 'Coffee', 0],
        [3, 'Bakery', 2],
        [2, existing ? 'Tea (again)' : 'Tea', 3],
      ]);
    }
  });

  it('keeps the staged rows out of the process: they go to the temp file', () => {
    db = openDatabase(dir.file(`staging-temp-${Date.now()}.db`));
    const staging = new Staging(db, [categories]);
    expect(db.pragma('temp_store', { simple: true })).toBe(1);
    staging.drop();
  });
});
