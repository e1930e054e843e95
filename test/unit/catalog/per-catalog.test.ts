import { afterAll, describe, expect, it } from 'vitest';
import { categoriesWithCounts } from '../../../src-main/catalog/index.ts';
import { openDatabase, pinGenerations, type TillDatabase } from '../../../src-main/db/index.ts';
import { tempDir } from '../../support/temp-dir.ts';

// A figure kept once a catalog (issue 34 item 8) is worked out again whenever
// what readers see of the replica changes: a pull pinning a new generation,
// a row written by hand on this connection, a commit by another connection.
// Its stamp reads no replica table (db/generations.ts pinnedVersion).

const dir = tempDir('till-per-catalog-');
afterAll(() => dir.cleanup());

function addProduct(db: TillDatabase, id: string, table = 'products', generation?: number): void {
  const columns =
    'id, market_id, category_id, name_en, name_ar, sort_order, is_active, created_at, updated_at, rating_amount, rating_avg, sold_amount, sold_revenue, search_text';
  const values = `'${id}', 'm', 1, '${id}', '${id}', 0, 1, 0, 0, 0, '0', 0, 0, '${id}'`;
  if (generation === undefined) db.exec(`INSERT INTO ${table} (${columns}) VALUES (${values})`);
  else db.exec(`INSERT INTO ${table} (${columns}, generation) VALUES (${values}, ${generation})`);
}

const countOfCategoryOne = (db: TillDatabase) => categoriesWithCounts(db).find((c) => c.id === 1)?.product_count;

describe('figures kept once a catalog', () => {
  it('follow a pin, an edit by hand and another connection’s commit', () => {
    const file = dir.file('till.db');
    const db = openDatabase(file);
    db.exec("INSERT INTO categories (id, icon, name_en, name_ar, sectors, position) VALUES (1, 'i', 'Hot', 'ساخن', '[]', 1)");
    addProduct(db, 'p1');
    expect(countOfCategoryOne(db)).toBe(1);

    addProduct(db, 'p2');
    expect(countOfCategoryOne(db)).toBe(2);
    db.exec("DELETE FROM products WHERE id = 'p1'");
    expect(countOfCategoryOne(db)).toBe(1);

    // A pull's new generation, invisible until pinned.
    db.exec("INSERT INTO main.categories (id, icon, name_en, name_ar, sectors, position, generation) VALUES (1, 'i', 'Hot', 'ساخن', '[]', 1, 7)");
    for (const id of ['n1', 'n2', 'n3']) addProduct(db, id, 'main.products', 7);
    expect(countOfCategoryOne(db)).toBe(1);
    pinGenerations(
      db,
      new Map([
        ['products', 7],
        ['categories', 7],
      ]),
    );
    expect(countOfCategoryOne(db)).toBe(3);

    const other = openDatabase(file);
    addProduct(other, 'n4');
    other.close();
    expect(countOfCategoryOne(db)).toBe(4);
    db.close();
  });
});
