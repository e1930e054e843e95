import Database from 'better-sqlite3';
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_MIGRATIONS_DIR, indexRows, NewerDatabaseError, openDatabase, pinGenerations, readMigrations } from '../../../src-main/db/index.ts';
import {
  categoriesWithCounts,
  findBarcode,
  productIdsInCategory,
  REPLICA,
  REPLICA_TABLES,
  saleProducts,
  searchProducts,
  Staging,
} from '../../../src-main/catalog/index.ts';
import { outboxCounts } from '../../../src-main/orders/index.ts';
import { checkSearchIndex } from '../../support/search-index.ts';
import { tempDir } from '../../support/temp-dir.ts';
import { stagedProduct } from '../../support/staged-product.ts';

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
    // Statement journals stay in memory (no page images of the replica in temporary files), and setting it kept
    // the connection's temporary views of the pinned catalog, which a later change of temp_store would drop.
    expect(again.pragma('temp_store', { simple: true })).toBe(2); // MEMORY
    expect(again.prepare("SELECT count(*) AS n FROM temp.sqlite_master WHERE type = 'view' AND name = 'products'").get()).toEqual({ n: 1 });
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

  it('makes orders again without day_sequence (0034), keeping every order, its seq, its counts and what references it', () => {
    const dir = fresh();
    // A till on the build before: migrations up to 0033, two orders (one a refund of the other) with their rows.
    cpSync(DEFAULT_MIGRATIONS_DIR, dir.file('m'), { recursive: true });
    // 0034 and every migration after it (numbered without gaps) are the build's own.
    for (const name of readdirSync(dir.file('m'))) if (Number(name.slice(0, 4)) >= 34) rmSync(dir.file(`m/${name}`));
    const before = openDatabase(dir.file('till.db'), { migrationsDir: dir.file('m') });
    const order = before.prepare(
      `INSERT INTO orders (seq, uuid, number, business_day, day_sequence, kind, refund_of, status, type, market_id, branch_id, price_list,
         vat_rate, prices_include_tax, subtotal, discount_total, tax, total, tendered, change_due, created_at, shift_id, station, station_sequence)
       VALUES (?, ?, ?, '2026-11-29', ?, ?, ?, 'PAID', 'DINE_IN', 'm', 'b', 'CASH', 1500, 1, 1000, 0, 130, 1000, 1000, 0, 0, 's1', 'A', ?)`,
    );
    order.run(7, 'u7', 'A-001', 1, 'SALE', null, 1);
    order.run(9, 'u9', 'A-002', 2, 'REFUND', 'u7', 2);
    for (const [seq, uuid] of [
      [7, 'u7'],
      [9, 'u9'],
    ] as const) {
      before.prepare("INSERT INTO order_payments (order_seq, order_uuid, position, method_key, amount) VALUES (?, ?, 0, 'CASH', 1000)").run(seq, uuid);
      before.prepare("INSERT INTO outbox (order_uuid, state, enqueued_seq) VALUES (?, 'pending', ?)").run(uuid, seq);
    }
    const rows = before.prepare('SELECT * FROM orders ORDER BY seq').all() as Record<string, unknown>[];
    before.close();

    const after = openDatabase(dir.file('till.db'));
    expect(after.prepare('SELECT * FROM orders ORDER BY seq').all()).toEqual(rows.map(({ day_sequence: _gone, ...row }) => row));
    expect(after.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(after.pragma('foreign_key_check')).toEqual([]);
    // The outbox's rows so far are all counted (outbox_counted.through_seq is the last one's).
    expect(after.prepare('SELECT through_seq FROM outbox_counted').get()).toEqual({ through_seq: 9 });
    expect(outboxCounts(after)).toEqual({ pending: 2, synced: 0, rejected: 0 });
    const indexes = after.prepare("SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'orders' ORDER BY name").all();
    expect(indexes).toEqual(['orders_by_refund_of', 'orders_by_shift', 'orders_station_number', 'sqlite_autoindex_orders_1'].map((name) => ({ name })));
    // References to the new table still hold: a payment of an order that is not there is refused.
    expect(() =>
      after.prepare("INSERT INTO order_payments (order_seq, order_uuid, position, method_key, amount) VALUES (8, 'u8', 0, 'CASH', 1)").run(),
    ).toThrow(/FOREIGN KEY/);
    after.close();
  });

  it("indexes a replica's modifiers and prices by their product's row of the same generation after 0036, filled at open", () => {
    const dir = fresh();
    // A replica on the build before: migrations up to 0035, product p1 pinned in generation 2 and again in 5 (a killed pull's).
    cpSync(DEFAULT_MIGRATIONS_DIR, dir.file('m'), { recursive: true });
    for (const name of readdirSync(dir.file('m'))) if (Number(name.slice(0, 4)) >= 36) rmSync(dir.file(`m/${name}`));
    const before = openDatabase(dir.file('till.db'), { migrationsDir: dir.file('m') });
    for (const [seq, generation] of [
      [10, 2],
      [20, 5],
    ])
      before
        .prepare(
          `INSERT INTO main.products (seq, id, market_id, category_id, name_en, name_ar, sort_order, is_active, created_at, updated_at,
             rating_amount, rating_avg, sold_amount, sold_revenue, search_text, generation)
           VALUES (?, 'p1', 'm1', 1, 'Latte', 'لاتيه', 1, 1, 0, 0, 0, '0', 0, 0, 'latte', ?)`,
        )
        .run(seq, generation);
    for (const generation of [2, 5]) {
      const name = `Oat ${generation}`;
      before
        .prepare("INSERT INTO main.modifiers (id, product_id, name_en, name_ar, price, position, generation) VALUES ('m1', 'p1', ?, 'حليب', 200, 1, ?)")
        .run(name, generation);
      before
        .prepare(
          "INSERT INTO main.prices (id, product_id, priceable_type, priceable_id, value, value_type, generation) VALUES ('pr1', 'p1', 'ORDER_TYPE', 'dine-in', ?, 'NOMINAL', ?)",
        )
        .run(generation * 100, generation);
    }
    pinGenerations(before, new Map(['products', 'modifiers', 'prices'].map((table) => [table, 2])));
    before.close();

    const after = openDatabase(dir.file('till.db'));
    const bySeq = (table: string) => after.prepare(`SELECT generation, product_seq FROM main.${table} ORDER BY generation`).raw().all();
    expect(bySeq('modifiers')).toEqual([
      [2, 10],
      [5, 20],
    ]);
    expect(bySeq('prices')).toEqual([
      [2, 10],
      [5, 20],
    ]);
    const indexColumns = (index: string) => after.prepare(`SELECT name FROM pragma_index_info('${index}', 'main') ORDER BY seqno`).pluck().all();
    expect([indexColumns('modifiers_by_product'), indexColumns('prices_by_product')]).toEqual([['product_seq', 'position'], ['product_seq']]);
    // A cart's product reads its modifiers and prices through its row: the pinned generation's.
    const [latte] = saleProducts(after, ['p1']);
    expect(latte!.modifiers.map((m) => m.name_en)).toEqual(['Oat 2']);
    expect(latte!.prices.map((p) => p.value)).toEqual([200]);
    // A modifier written by hand through the pinned view (no product_seq named) gets its product's row too.
    after.prepare("INSERT INTO modifiers (id, product_id, name_en, name_ar, price, position) VALUES ('m2', 'p1', 'Soy', 'صويا', 100, 2)").run();
    expect(saleProducts(after, ['p1'])[0]!.modifiers.map((m) => m.name_en)).toEqual(['Oat 2', 'Soy']);
    after.close();
  });

  it("makes the search index again without prefix indexes (0037), every product still found by a word's first letters", () => {
    const dir = fresh();
    // A replica on the build before: migrations up to 0036, a product indexed with prefix = '1 2 3'.
    cpSync(DEFAULT_MIGRATIONS_DIR, dir.file('m'), { recursive: true });
    for (const name of readdirSync(dir.file('m'))) if (Number(name.slice(0, 4)) >= 37) rmSync(dir.file(`m/${name}`));
    const before = openDatabase(dir.file('till.db'), { migrationsDir: dir.file('m') });
    before
      .prepare(
        `INSERT INTO products (id, market_id, category_id, name_en, name_ar, sort_order, is_active, created_at, updated_at,
           rating_amount, rating_avg, sold_amount, sold_revenue, search_text)
         VALUES ('p1', 'm1', 1, 'Saffron Latte', 'لاتيه بالزعفران', 1, 1, 0, 0, 0, '0', 0, 0, 'saffron latte لاتيه بالزعفران زعفران')`,
      )
      .run();
    before.close();

    const after = openDatabase(dir.file('till.db'));
    const definition = after.prepare("SELECT sql FROM main.sqlite_schema WHERE name = 'product_search'").pluck().get() as string;
    expect(definition).not.toMatch(/prefix/);
    expect(after.prepare("SELECT v FROM main.product_search_config WHERE k = 'pgsz'").pluck().get()).toBe(1000);
    for (const query of ['s', 'sa', 'saf', 'saffron', 'la', 'lat', 'ل', 'لا', 'زع', 'بالز', 'sa la'])
      expect(
        searchProducts(after, query).map((hit) => hit.id),
        query,
      ).toEqual(['p1']);
    expect(searchProducts(after, 'lx')).toEqual([]);
    // The triggers index what is written after, through the recreated table.
    after.prepare("UPDATE products SET search_text = 'cortado' WHERE id = 'p1'").run();
    expect(searchProducts(after, 'co').map((hit) => hit.id)).toEqual(['p1']);
    expect(searchProducts(after, 'sa')).toEqual([]);
    after.close();
  });

  it('gives a replica of the build of 0037 (unique keys key first) the generation first at open: the same rows, schema and plans as a new one', () => {
    const dir = fresh();
    // The build of 0037 converted every replica table with UNIQUE ("id", generation), products_by_category (category_id,
    // sort_order) and barcodes_by_code (barcode). Made here from a new database's empty tables (no index has an entry yet, so
    // rewriting their definitions rewrites nothing else), then filled.
    const old = openDatabase(dir.file('old.db'));
    const empty = REPLICA_TABLES.map((t) => old.prepare(`SELECT count(*) FROM main.${t.name}`).pluck().get());
    expect(empty.every((n) => n === 0)).toBe(true);
    old.unsafeMode(true); // SQLite's defensive mode off: sqlite_master writable
    old.pragma('writable_schema = ON');
    old.exec(`UPDATE sqlite_master SET sql = replace(sql, 'UNIQUE (generation, "id")', 'UNIQUE ("id", generation)') WHERE type = 'table';
      UPDATE sqlite_master SET sql = 'CREATE INDEX products_by_category ON products (category_id, sort_order)' WHERE name = 'products_by_category';
      UPDATE sqlite_master SET sql = 'CREATE INDEX barcodes_by_code ON barcodes (barcode)' WHERE name = 'barcodes_by_code';`);
    old.pragma(`schema_version = ${(old.pragma('schema_version', { simple: true }) as number) + 1}`);
    old.pragma('writable_schema = OFF');
    old.close();
    const keyFirst = new Database(dir.file('old.db'));
    expect(keyFirst.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(keyFirst.prepare("SELECT name FROM pragma_index_info('sqlite_autoindex_products_1')").pluck().all()).toEqual(['id', 'generation']);
    keyFirst.close();

    // The same replica in both: generation 1 (p1, its modifier and price, a barcode), generation 2 pinned (p1 renamed, p2).
    const fill = (db: Database.Database) => {
      db.exec(
        "INSERT INTO main.categories (rowid, id, icon, name_en, name_ar, sectors, position, generation) VALUES (3, 1, 'i', 'Hot', 'ساخن', '[]', 1, 1), (7, 1, 'i', 'Hot', 'ساخن', '[]', 1, 2), (8, 2, 'i', 'Cold', 'بارد', '[]', 2, 2)",
      );
      const product = db.prepare(
        `INSERT INTO main.products (seq, id, market_id, category_id, name_en, name_ar, sort_order, is_active, created_at, updated_at,
           rating_amount, rating_avg, sold_amount, sold_revenue, search_text, generation)
         VALUES (?, ?, 'm1', ?, ?, 'لاتيه', ?, 1, 0, 0, 0, '0', 0, 0, ?, ?)`,
      );
      product.run(10, 'p1', 1, 'Latte', 1, 'latte', 1);
      product.run(20, 'p1', 1, 'Saffron Latte', 1, 'saffron latte', 2);
      product.run(21, 'p2', 2, 'Iced Tea', 2, 'iced tea', 2);
      // Written to the table itself: its writer indexes what it inserts (migration 0038).
      indexRows(db, 'products', [10, 20, 21]);
      const modifier = db.prepare(
        "INSERT INTO main.modifiers (id, product_id, name_en, name_ar, price, position, generation, product_seq) VALUES ('m1', 'p1', ?, 'حليب', 200, 1, ?, ?)",
      );
      modifier.run('Oat', 1, 10);
      modifier.run('Oat milk', 2, 20);
      const price = db.prepare(
        "INSERT INTO main.prices (id, product_id, priceable_type, priceable_id, value, value_type, generation, product_seq) VALUES ('pr1', 'p1', 'ORDER_TYPE', 'dine-in', ?, 'NOMINAL', ?, ?)",
      );
      price.run(100, 1, 10);
      price.run(150, 2, 20);
      const barcode = db.prepare('INSERT INTO main.barcodes (seq, id, barcode, product_id, generation) VALUES (?, ?, ?, ?, ?)');
      barcode.run(1, 'b1', '6281000000011', 'p1', 1);
      barcode.run(2, 'b1', '6281000000011', 'p1', 2);
      barcode.run(3, 'b2', '6281000000028', 'p2', 2);
      pinGenerations(db, new Map(REPLICA_TABLES.map((t) => [t.name, 2])));
    };
    const before = new Database(dir.file('old.db'));
    fill(before);
    before.close();
    const converted = openDatabase(dir.file('old.db'));
    const made = openDatabase(dir.file('new.db'));
    fill(made);

    for (const db of [converted, made]) {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(db.prepare("SELECT name FROM pragma_index_info('sqlite_autoindex_products_1')").pluck().all()).toEqual(['generation', 'id']);
      expect(db.prepare("SELECT name FROM pragma_index_info('products_by_category')").pluck().all()).toEqual(['generation', 'category_id', 'sort_order']);
    }
    const schema = (db: Database.Database) => db.prepare('SELECT type, name, tbl_name, sql FROM main.sqlite_master ORDER BY type, name').raw().all();
    expect(schema(converted)).toEqual(schema(made));
    for (const table of [...REPLICA_TABLES.map((t) => t.name), 'generation_pins']) {
      const rows = (db: Database.Database) => db.prepare(`SELECT rowid, * FROM main.${table} ORDER BY rowid`).raw().all();
      expect(rows(converted), table).toEqual(rows(made));
    }
    // The search index still finds the rows it indexed before the rebuild (its rowids are the products' seq, kept).
    converted.exec("INSERT INTO product_search (product_search) VALUES ('integrity-check')");
    expect(searchProducts(converted, 'saff').map((hit) => hit.name_en)).toEqual(['Saffron Latte']);

    // What the readers and the pull ask, planned alike (no statistics: the plan is the schema's), none reading a whole table.
    const statements = [
      "SELECT * FROM products WHERE id = 'p1'",
      'SELECT id FROM products WHERE category_id = 1 AND is_active = 1 ORDER BY sort_order, seq LIMIT 20',
      'SELECT category_id, count(*) FROM products WHERE is_active = 1 GROUP BY category_id',
      'SELECT * FROM products ORDER BY category_id, sort_order',
      "SELECT product_id FROM barcodes WHERE barcode = '6281000000011'",
      'SELECT id, barcode FROM barcodes ORDER BY barcode',
      'SELECT * FROM modifiers WHERE product_seq = 20 ORDER BY position',
      "SELECT p.rowid FROM main.products AS p WHERE p.id = 'p1' AND p.generation = 2",
      "DELETE FROM main.barcodes WHERE id = 'b1' AND generation = 2",
      'SELECT count(*) FROM main.products AS o WHERE o.rowid > 0 AND o.rowid <= 100 AND +o.generation = 1 AND NOT EXISTS (SELECT 1 FROM main.products AS n WHERE n.id = o.id AND n.generation = 2)',
      ...REPLICA_TABLES.map((t) => `SELECT * FROM ${t.name}`),
    ];
    const plan = (db: Database.Database, statement: string) =>
      (db.prepare(`EXPLAIN QUERY PLAN ${statement}`).all() as { detail: string }[]).map((row) => row.detail);
    for (const statement of statements) expect(plan(converted, statement), statement).toEqual(plan(made, statement));
    expect(plan(made, statements[0]!)).toContain('SEARCH main.products USING INDEX sqlite_autoindex_products_1 (generation=? AND id=?)');
    expect(plan(made, statements[2]!).join()).not.toMatch(/TEMP B-TREE/);
    expect(plan(made, statements[4]!)).toContain('SEARCH main.barcodes USING INDEX barcodes_by_code (generation=? AND barcode=?)');

    // And the till reads the pinned generation from it as from the new one.
    for (const db of [converted, made]) {
      expect(categoriesWithCounts(db).map((c) => [c.id, c.product_count])).toEqual([
        [1, 1],
        [2, 1],
      ]);
      expect(productIdsInCategory(db, 1, 0, 10).ids).toEqual(['p1']);
      expect(findBarcode(db, '6281000000028')).toEqual({ product_id: 'p2', modifier_id: null });
      const [latte] = saleProducts(db, ['p1']);
      expect([latte!.name_en, latte!.modifiers.map((m) => m.name_en), latte!.prices.map((p) => p.value)]).toEqual(['Saffron Latte', ['Oat milk'], [150]]);
    }
    converted.close();
    made.close();
  });

  it('leaves indexing new products to their writers (0038): a replica of the build before keeps its index whole, and a pull over it too', async () => {
    const dir = fresh();
    // A replica on the build of 0037, its products indexed by the insert trigger (written to the table itself: this
    // build's writers index what they insert, which on that schema would index it twice).
    cpSync(DEFAULT_MIGRATIONS_DIR, dir.file('m'), { recursive: true });
    for (const name of readdirSync(dir.file('m'))) if (Number(name.slice(0, 4)) >= 38) rmSync(dir.file(`m/${name}`));
    const before = openDatabase(dir.file('till.db'), { migrationsDir: dir.file('m') });
    const trigger = (db: Database.Database) => db.prepare("SELECT count(*) FROM main.sqlite_schema WHERE name = 'products_search_insert'").pluck().get();
    expect(trigger(before)).toBe(1);
    const insert = before.prepare(
      `INSERT INTO main.products (id, market_id, category_id, name_en, name_ar, sort_order, is_active, created_at, updated_at,
         rating_amount, rating_avg, sold_amount, sold_revenue, search_text, generation)
       VALUES (?, 'm1', 1, ?, ?, ?, 1, 0, 0, 0, '0', 0, 0, ?, 0)`,
    );
    ['saffron latte لاتيه بالزعفران', 'mocha موكا', 'cortado كورتادو'].forEach((words, n) => insert.run(`p${n}`, words, words, n, words));
    expect(() => checkSearchIndex(before)).not.toThrow();
    const pull = async (db: Database.Database, words: readonly string[]) => {
      const staging = new Staging(db, [REPLICA.products], { sliceRows: 2 });
      words.forEach((word, n) => staging.insert(REPLICA.products, stagedProduct(`p${n % 3}`, word, n, word)));
      await staging.publish(() => undefined);
      await staging.dropUnpinned();
    };
    before.close();

    const after = openDatabase(dir.file('till.db'));
    expect(trigger(after)).toBe(0);
    expect(() => checkSearchIndex(after)).not.toThrow();
    expect(searchProducts(after, 'sa').map((hit) => hit.id)).toEqual(['p0']);
    expect(searchProducts(after, 'مو').map((hit) => hit.id)).toEqual(['p1']);
    // The next pull indexes its own products and deletes the old generation's, indexed by the trigger.
    await pull(after, ['flat white فلات وايت', 'mocha موكا', 'flat white فلات وايت', 'piccolo بيكولو']);
    expect(() => checkSearchIndex(after)).not.toThrow();
    expect(searchProducts(after, 'fl').map((hit) => hit.id)).toEqual(['p2']);
    expect(searchProducts(after, 'فل').map((hit) => hit.id)).toEqual(['p2']);
    expect(searchProducts(after, 'pic').map((hit) => hit.id)).toEqual(['p0']);
    expect(searchProducts(after, 'sa')).toEqual([]);
    after.close();
  });

  it('has the columns the pull writes, as the migration declares them', () => {
    const dir = fresh();
    const db = openDatabase(dir.file('till.db'));
    for (const table of REPLICA_TABLES) {
      const columns = (db.prepare(`PRAGMA table_info(${table.name})`).all() as { name: string }[])
        .map((c) => c.name)
        .filter((c) => c !== 'seq' && c !== 'generation' && c !== 'product_seq');
      expect(columns, table.name).toEqual([...table.columns]);
    }
    db.close();
  });
});
