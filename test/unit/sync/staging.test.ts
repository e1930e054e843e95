import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type TillDatabase } from '../../../src-main/db/index.ts';
import { REPLICA, Staging, type WriteSlice } from '../../../src-main/catalog/index.ts';
import { checkSearchIndex } from '../../support/search-index.ts';
import { tempDir } from '../../support/temp-dir.ts';
import { emptyWal, framesInWal } from '../../support/wal-pages.ts';
import { stagedProduct } from '../../support/staged-product.ts';

// A pull's new generation (issue 37): written beside what readers see,
// invisible until published, a record staged twice counted and written once
// (the later copy, at its later place), every write a slice of bounded size.

const dir = tempDir('till-staging-');
let db: TillDatabase;
afterEach(() => {
  db?.close();
});
afterAll(() => dir.cleanup());

const categories = REPLICA.categories;
const category = (id: number, icon: string, name_en: string, name_ar: string, position: number) => ({ id, icon, name_en, name_ar, sectors: '[]', position });
const rows = (d: TillDatabase) => d.prepare('SELECT id, name_en, position FROM categories ORDER BY position').raw().all();

const products = REPLICA.products;
const found = (d: TillDatabase, word: string) =>
  d
    .prepare('SELECT products.id FROM product_search JOIN products ON products.seq = product_search.rowid WHERE product_search MATCH ? ORDER BY products.id')
    .pluck()
    .all(`"${word}"*`);
/** Segments of the search index: FTS5 writes one at the end of every statement that wrote to it. */
const searchSegments = (d: TillDatabase) => d.prepare('SELECT count(DISTINCT segid) FROM main.product_search_idx').pluck().get() as number;

const nestedModifier = (id: string, productId: string, position: number, name = 'Oat milk') => ({
  id,
  product_id: productId,
  name_en: name,
  name_ar: 'حليب الشوفان',
  price: 100,
  position,
  group_id: null,
  group_name_en: null,
  group_name_ar: null,
  group_min: 0,
  group_max: null,
});
const nestedPrice = (id: string, productId: string, value: number) => ({
  id,
  product_id: productId,
  modifier_id: null,
  priceable_type: 'ORDER_TYPE' as const,
  priceable_id: 'dine-in',
  value,
  value_type: 'NOMINAL' as const,
});

describe('staging a generation', () => {
  it("queues a page's rows while the checkpoint runs on its thread, and writes them once it has ended, or beside it once the queue is full", async () => {
    db = openDatabase(dir.file(`staging-behind-checkpoint-${Date.now()}.db`));
    // Each checkpoint ends when the test says so, until `held` is false.
    const ended: (() => void)[] = [];
    let held = true;
    const staging = new Staging(db, [categories], {
      sliceRows: 2,
      queuedBehindCheckpoint: 4,
      checkpoint: { everyRows: 2, run: () => (held ? new Promise<void>((resolve) => ended.push(resolve)) : Promise.resolve()) },
    });
    const written = () => db.prepare('SELECT count(*) FROM main.categories').pluck().get();
    const stage = (...ids: number[]) => ids.forEach((id) => staging.insert(categories, category(id, '☕', `C${id}`, 'ق', id)));
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    stage(1, 2);
    await staging.flush(true); // a full slice, written; its two rows start the checkpoint
    expect([written(), ended.length]).toEqual([2, 1]);
    stage(3, 4);
    // The checkpoint runs: the flush returns at once and the page's rows wait (a flush that waited would fail here, not hang).
    const queued = staging.flush(true).then(() => 'returned');
    expect(await Promise.race([queued, turn().then(() => 'waiting')])).toBe('returned');
    expect(written()).toBe(2);
    ended[0]!();
    await turn();
    await staging.flush(true); // it has ended: written, and the next checkpoint starts
    expect([written(), ended.length]).toEqual([4, 2]);
    stage(5, 6, 7, 8);
    let flushed = false;
    // Four rows queued: the queue is full, so a slice goes beside the checkpoint, and the next waits for the checkpoint
    // after it, which starts once this one has ended (the WAL then starts over).
    const full = staging.flush(true).then(() => (flushed = true));
    await turn();
    expect([written(), flushed, ended.length]).toEqual([6, false, 2]);
    held = false;
    ended[1]!();
    await full;
    expect(written()).toBe(8);
  });

  it('deletes the old generation beside every other checkpoint and waits for the next, so the WAL still starts over', async () => {
    db = openDatabase(dir.file(`staging-delete-beside-checkpoint-${Date.now()}.db`));
    const ended: (() => void)[] = [];
    let held = false;
    const options = {
      sliceRows: 2,
      checkpoint: { everyRows: 2, run: () => (held ? new Promise<void>((resolve) => ended.push(resolve)) : Promise.resolve()) },
    };
    const stage = (staging: Staging) => [1, 2, 3, 4, 5, 6, 7, 8].forEach((id) => staging.insert(categories, category(id, '☕', `C${id}`, 'ق', id)));
    const first = new Staging(db, [categories], options);
    stage(first);
    await first.publish(() => undefined);
    const again = new Staging(db, [categories], options);
    stage(again);
    await again.publish(() => undefined);
    const old = () => db.prepare('SELECT count(*) FROM main.categories WHERE generation = ?').pluck().get(first.generation);
    const turns = async () => {
      for (let n = 0; n < 20; n++) await new Promise((resolve) => setImmediate(resolve));
    };
    held = true;
    const dropped = again.dropUnpinned();
    await turns();
    // The first slice started a checkpoint; the second was deleted beside it; the third waits for the next one, which
    // starts only once the first has ended (a request while one runs would join it, and leave the WAL unfinished).
    expect([old(), ended.length]).toEqual([4, 1]);
    ended[0]!();
    await turns();
    expect([old(), ended.length]).toEqual([4, 2]);
    held = false;
    ended[1]!();
    await turns();
    // Waited for: the rest is deleted, the next checkpoint again beside the slice after it.
    expect([old(), ended.length]).toEqual([0, 2]);
    await dropped;
    expect(rows(db)).toHaveLength(8);
  });

  it("writes a slice's products in a few statements, so the search index gets a few segments, not one a product", async () => {
    db = openDatabase(dir.file(`staging-segments-${Date.now()}.db`));
    // No merging, so the segments count the statements that wrote the index.
    db.exec("INSERT INTO product_search (product_search, rank) VALUES ('automerge', 0), ('crisismerge', 1000)");
    const staging = new Staging(db, [products], { sliceRows: 1000 });
    for (let n = 0; n < 200; n++) staging.insert(products, stagedProduct(`p${n}`, `latte ${n}`, n));
    await staging.publish(() => undefined);
    // 200 rows: statements of 128, 64 and 8 rows.
    expect(searchSegments(db)).toBeLessThanOrEqual(3);
    expect(found(db, 'latte')).toHaveLength(200);
    expect(() => checkSearchIndex(db)).not.toThrow();
  });

  it('indexes the later copy of a product staged twice within one statement, and the search index stays whole', async () => {
    db = openDatabase(dir.file(`staging-twice-search-${Date.now()}.db`));
    for (const round of [1, 2]) {
      const staging = new Staging(db, [products], { sliceRows: 1000 });
      for (let n = 0; n < 40; n++) staging.insert(products, stagedProduct(`p${n}`, n === 7 ? `mocha ${round}` : `latte ${n}`, n));
      // p7 again (it moved between pages while the list was read), then more products after it.
      staging.insert(products, stagedProduct('p7', `flat white ${round}`, 40));
      for (let n = 41; n < 60; n++) staging.insert(products, stagedProduct(`p${n}`, `latte ${n}`, n));
      await staging.flush();
      expect(staging.count(products)).toBe(59);
      await staging.publish(() => undefined);
      await staging.dropUnpinned();
      expect(found(db, 'mocha')).toEqual([]);
      expect(found(db, 'flat')).toEqual(['p7']);
      expect(found(db, 'latte')).toHaveLength(58);
      expect(db.prepare("SELECT sort_order FROM products WHERE id = 'p7'").pluck().get()).toBe(40);
      expect(() => checkSearchIndex(db)).not.toThrow();
    }
    expect(db.prepare('SELECT count(*) FROM main.products').pluck().get()).toBe(59);
  });

  it('counts and writes a record staged twice once, the later copy, in a first pull and in a later one', async () => {
    db = openDatabase(dir.file(`staging-${Date.now()}.db`));
    for (const existing of [false, true]) {
      const staging = new Staging(db, [categories]);
      staging.insert(categories, category(1, '☕', 'Coffee', 'قهوة', 0));
      staging.insert(categories, category(2, '🍵', 'Tea (old)', 'شاي', 1));
      staging.insert(categories, category(3, '🥐', 'Bakery', 'مخبوزات', 2));
      staging.insert(categories, category(2, '🍵', existing ? 'Tea (again)' : 'Tea', 'شاي', 3));
      await staging.flush();
      expect(staging.count(categories)).toBe(3);
      await staging.publish(() => undefined);
      await staging.dropUnpinned();
      expect(rows(db)).toEqual([
        [1, 'Coffee', 0],
        [3, 'Bakery', 2],
        [2, existing ? 'Tea (again)' : 'Tea', 3],
      ]);
    }
    expect(db.prepare('SELECT count(*) FROM main.categories').pluck().get()).toBe(3);
  });

  it('shows readers nothing of a generation before it is published, and nothing of one discarded', async () => {
    db = openDatabase(dir.file(`staging-pin-${Date.now()}.db`));
    const first = new Staging(db, [categories]);
    first.insert(categories, category(1, '☕', 'Coffee', 'قهوة', 0));
    await first.publish(() => undefined);
    const next = new Staging(db, [categories]);
    expect(next.generation).toBeGreaterThan(first.generation);
    next.insert(categories, category(1, '☕', 'Coffee (new)', 'قهوة', 0));
    next.insert(categories, category(2, '🍵', 'Tea', 'شاي', 1));
    await next.flush();
    expect(rows(db)).toEqual([[1, 'Coffee', 0]]);
    await next.discard();
    expect(rows(db)).toEqual([[1, 'Coffee', 0]]);
    expect(db.prepare('SELECT count(*) FROM main.categories').pluck().get()).toBe(1);
  });

  it('writes and deletes in slices of at most sliceRows rows, each its own transaction', async () => {
    db = openDatabase(dir.file(`staging-slices-${Date.now()}.db`));
    const slices: WriteSlice[] = [];
    const write = async () => {
      const staging = new Staging(db, [categories], { sliceRows: 7, onSlice: (slice) => slices.push(slice) });
      for (let id = 1; id <= 50; id++) staging.insert(categories, category(id, '☕', `Category ${id}`, 'فئة', id));
      await staging.publish(() => undefined);
      await staging.dropUnpinned();
    };
    await write();
    await write();
    expect(slices.filter((s) => s.kind === 'write').map((s) => s.rows)).toEqual([7, 7, 7, 7, 7, 7, 7, 1, 7, 7, 7, 7, 7, 7, 7, 1]);
    expect(slices.filter((s) => s.kind === 'delete').map((s) => s.rows)).toEqual([7, 7, 7, 7, 7, 7, 7, 1]);
    expect(slices.filter((s) => s.kind === 'publish')).toHaveLength(2);
    // Synced as a cashier's write again after the pull's slices.
    expect(db.pragma('synchronous', { simple: true })).toBe(2);
  });

  it("keeps no index on the ids of a product's modifiers and prices: a pull writes one random-keyed b-tree fewer per such row", () => {
    db = openDatabase(dir.file(`staging-nested-keys-${Date.now()}.db`));
    const indexes = (table: string) =>
      (db.prepare(`SELECT name, "unique", origin FROM pragma_index_list('${table}', 'main') ORDER BY name`).all() as { name: string }[]).map((index) => ({
        ...index,
        columns: db.prepare(`SELECT name FROM pragma_index_info('${index.name}', 'main') ORDER BY seqno`).pluck().all(),
      }));
    // Read by their product alone (sale-catalog.ts, read-catalog.ts), through the product's row (migration 0036: a pull numbers
    // its products in ascending order, so it appends to these): that index stays, the key's (UNIQUE (generation, id)) goes.
    expect(indexes('modifiers')).toEqual([{ name: 'modifiers_by_product', unique: 0, origin: 'c', columns: ['product_seq', 'position'] }]);
    expect(indexes('prices')).toEqual([{ name: 'prices_by_product', unique: 0, origin: 'c', columns: ['product_seq'] }]);
    // A product itself is still one row a generation, found by its id: the generation first (a pull's new generation is a
    // key range of its own), and the index of a category's products led by the generation too (db/generations.ts).
    expect(indexes('products').find((index) => index.columns.join() === 'generation,id')).toMatchObject({ unique: 1 });
    expect(indexes('products').find((index) => index.name === 'products_by_category')?.columns).toEqual(['generation', 'category_id', 'sort_order']);
    expect(indexes('barcodes').map((index) => index.columns.join())).toEqual(['generation,barcode', 'generation,id']);
  });

  it('finds the rows of a window of rowids by rowid, never through the unique index of a whole generation', async () => {
    db = openDatabase(dir.file(`staging-window-plans-${Date.now()}.db`));
    // Every statement the pull prepares on this connection, as it prepares it (the calls go through).
    const prepare = vi.spyOn(db, 'prepare');
    const barcode = (id: string, code: string, productId: string) => ({ id, barcode: code, product_id: productId, modifier_id: null });
    for (const round of [1, 2]) {
      const staging = new Staging(db, [categories, products, REPLICA.barcodes]);
      staging.insert(categories, category(1, '☕', 'Coffee', 'قهوة', round));
      for (let n = 0; n < 20; n++) staging.insert(products, stagedProduct(`p${n}`, `latte ${n} ${round}`, n));
      staging.insert(REPLICA.barcodes, barcode('b1', '6281000000011', 'p1'));
      await staging.flush();
      await staging.clear(REPLICA.barcodes); // a list read again: its rows of this generation found by rowid window
      staging.insert(REPLICA.barcodes, barcode('b1', '6281000000011', 'p1'));
      await staging.publish(() => undefined);
      await staging.changes(); // whether the pinned generation had rows, what changed: by window
      await staging.dropUnpinned(); // the old generation's rows: by window
    }
    const windows = [...new Set(prepare.mock.calls.map(([text]) => text))].filter((text) => /rowid > @(from|after)/.test(text) && text.includes('@to'));
    prepare.mockRestore();
    // Whether a generation has rows, the stale rows, what changed (one query: the new rows beside the previous ones), of each table; the rows of one generation of barcodes.
    expect(windows.length).toBe(10);
    for (const text of windows) {
      const names = Object.fromEntries([...text.matchAll(/@(\w+)/g)].map(([, name]) => [name, 0]));
      const plan = (db.prepare(`EXPLAIN QUERY PLAN ${text}`).all(names) as { detail: string }[]).map((row) => row.detail);
      // The generation compared as +generation: with UNIQUE (generation, key), SQLite would otherwise read the whole generation
      // through it, in key order, and sort it again by rowid, at every window.
      expect(plan[0], text).toMatch(/USING INTEGER PRIMARY KEY \(rowid>\? AND rowid<\?\)/);
      expect(plan.join(), text).not.toMatch(/TEMP B-TREE/);
    }
  });

  it("appends a product's modifiers and prices to their indexes: a few pages of each a slice, not one a product", async () => {
    db = openDatabase(dir.file(`staging-nested-appends-${Date.now()}.db`));
    db.pragma('wal_autocheckpoint = 0');
    await emptyWal(db);
    // Ids as random as a service's UUIDs, the same every run.
    let state = 7;
    const randomId = () => {
      let id = '';
      for (let i = 0; i < 4; i++) id += ((state = (state * 1103515245 + 12345) >>> 0) >>> 0).toString(16).padStart(8, '0');
      return id;
    };
    const sliceRows = 100;
    const staging = new Staging(db, [products, REPLICA.modifiers, REPLICA.prices], { sliceRows });
    for (let n = 0; n < 2000; n++) {
      const id = randomId();
      staging.insert(products, stagedProduct(id, `latte ${n}`, n));
      for (const position of [0, 1]) staging.insert(REPLICA.modifiers, nestedModifier(randomId(), id, position));
      for (const value of [100, 200]) staging.insert(REPLICA.prices, nestedPrice(randomId(), id, value));
      if (n % 500 === 499) await staging.flush(); // a page
    }
    await staging.flush();
    const slices = Math.ceil(10_000 / sliceRows);
    const frames = framesInWal(db);
    // Keyed by the product's id (a random UUID), each slice's 20 products wrote a leaf of both indexes each (here nearly
    // every leaf: 1,091 frames of modifiers_by_product). By the product's row, which a pull numbers in ascending order,
    // the last leaf and the pages above it (about 300).
    expect(frames.get('modifiers_by_product')).toBeLessThanOrEqual(4 * slices);
    expect(frames.get('prices_by_product')).toBeLessThanOrEqual(4 * slices);
    // Each nested row holds its product's row of the same generation.
    const misplaced = (table: string) =>
      db
        .prepare(
          `SELECT count(*) FROM main.${table} AS x JOIN main.products AS p ON p.seq = x.product_seq WHERE p.id IS NOT x.product_id OR p.generation <> x.generation`,
        )
        .pluck()
        .get();
    expect([misplaced('modifiers'), misplaced('prices')]).toEqual([0, 0]);
    expect(db.prepare('SELECT count(*) FROM main.modifiers WHERE product_seq IS NULL').pluck().get()).toBe(0);
  });

  it("gives a modifier or price staged in a later flush than its product that product's row of the same generation", async () => {
    db = openDatabase(dir.file(`staging-nested-later-${Date.now()}.db`));
    const tables = [products, REPLICA.modifiers, REPLICA.prices];
    const pull = async (generation: string) => {
      const staging = new Staging(db, tables);
      staging.insert(products, stagedProduct('p1', `latte ${generation}`, 1));
      // The product's row known to the flush that writes it (bound), then not (the nested rows of the next flush look it up).
      staging.insert(REPLICA.modifiers, nestedModifier(`m-${generation}-0`, 'p1', 0));
      await staging.flush();
      staging.insert(REPLICA.modifiers, nestedModifier(`m-${generation}-1`, 'p1', 1));
      staging.insert(REPLICA.prices, nestedPrice(`v-${generation}`, 'p1', 100));
      await staging.flush();
      await staging.publish(() => undefined);
      await staging.dropUnpinned();
    };
    await pull('first');
    // A second generation: the lookup must find this generation's row of p1, not the first's (deleted after, but there meanwhile).
    await pull('second');
    const rowsOf = (table: string) =>
      db.prepare(`SELECT x.id, x.product_seq = p.seq AS same FROM ${table} AS x, products AS p WHERE p.id = x.product_id ORDER BY x.id`).raw().all();
    expect(rowsOf('modifiers')).toEqual([
      ['m-second-0', 1],
      ['m-second-1', 1],
    ]);
    expect(rowsOf('prices')).toEqual([['v-second', 1]]);
  });

  it("writes a page's last rows with the next page's when asked for full slices only, and every row before it publishes", async () => {
    db = openDatabase(dir.file(`staging-full-slices-${Date.now()}.db`));
    const slices: WriteSlice[] = [];
    const staging = new Staging(db, [categories], { sliceRows: 5, onSlice: (slice) => slices.push(slice) });
    for (let page = 0; page < 3; page++) {
      for (let i = 1; i <= 4; i++) staging.insert(categories, category(page * 4 + i, '☕', `Category ${page * 4 + i}`, 'فئة', page * 4 + i));
      await staging.flush(true);
    }
    // Three pages of 4 rows: two slices of 5, where a flush a page made slices of 4.
    expect(slices.map((slice) => slice.rows)).toEqual([5, 5]);
    expect(staging.count(categories)).toBe(10);
    await staging.flush();
    expect(staging.count(categories)).toBe(12);
    await staging.publish(() => undefined);
    expect(rows(db)).toHaveLength(12);
    expect(slices.filter((slice) => slice.kind === 'write').map((slice) => slice.rows)).toEqual([5, 5, 2]);
  });

  it('has its checkpoint run just before the pin: the synced pin does not write out the WAL under the write lock', async () => {
    db = openDatabase(dir.file(`staging-checkpoint-pin-${Date.now()}.db`));
    const events: string[] = [];
    const checkpoint = { everyRows: 10, run: async () => void events.push('checkpoint') };
    const staging = new Staging(db, [categories], { sliceRows: 5, checkpoint, onSlice: (slice) => events.push(slice.kind) });
    for (let id = 1; id <= 12; id++) staging.insert(categories, category(id, '☕', `Category ${id}`, 'فئة', id));
    await staging.publish(() => undefined);
    expect(events).toEqual(['write', 'write', 'checkpoint', 'write', 'checkpoint', 'publish']);
  });

  it("writes a product staged twice with the later copy's modifiers and prices only, in one slice or across slices, counted once", async () => {
    const modifiers = REPLICA.modifiers;
    const prices = REPLICA.prices;
    const stageProduct = (staging: Staging, id: string, round: string, order: number) => {
      staging.insert(products, stagedProduct(id, `latte ${id}`, order));
      staging.insert(modifiers, nestedModifier(`${id}-m1`, id, 0, `Oat ${round}`));
      staging.insert(modifiers, nestedModifier(`${id}-m2`, id, 1, `Soy ${round}`));
      staging.insert(prices, nestedPrice(`${id}-pr`, id, order));
    };
    const nested = (d: TillDatabase) => ({
      modifiers: d.prepare('SELECT id, name_en FROM modifiers ORDER BY product_id, position').raw().all(),
      prices: d.prepare('SELECT id, value FROM prices ORDER BY product_id').raw().all(),
    });
    // Slices of 3 or 5 rows: a product's own rows straddle slices (with 5, a slice begins with p1's modifiers and then
    // stages p3 again and its first modifier); of 1,000: every copy in one slice.
    // A page flushed whole or in full slices only (its tail written with the next page's, a nested row of it finding its
    // product, written by the flush before, by its key).
    for (const [sliceRows, fullSlicesOnly] of [3, 5, 1000].flatMap((n) => [false, true].map((full) => [n, full] as const))) {
      db = openDatabase(dir.file(`staging-nested-twice-${sliceRows}-${fullSlicesOnly}-${Date.now()}.db`));
      for (const round of ['a', 'b']) {
        const staging = new Staging(db, [products, modifiers, prices], { sliceRows });
        stageProduct(staging, 'p1', `${round}1`, 1);
        stageProduct(staging, 'p2', `${round}1`, 2);
        await staging.flush(fullSlicesOnly); // a page
        stageProduct(staging, 'p3', `${round}1`, 3);
        stageProduct(staging, 'p1', `${round}2`, 4); // p1 moved to the next page
        stageProduct(staging, 'p3', `${round}2`, 5); // and p3 twice on one page
        const { counts } = await staging.publish(() => undefined);
        const changes = await staging.changes();
        await staging.dropUnpinned();
        expect(counts).toEqual({ products: 3, modifiers: 6, prices: 3 });
        // Round b: every modifier renamed (6 written), the prices as they were, nothing gone.
        expect(changes).toEqual(
          round === 'a'
            ? { products: { deleted: 0, written: 3 }, modifiers: { deleted: 0, written: 6 }, prices: { deleted: 0, written: 3 } }
            : { products: { deleted: 0, written: 0 }, modifiers: { deleted: 0, written: 6 }, prices: { deleted: 0, written: 0 } },
        );
        expect(nested(db)).toEqual({
          modifiers: [
            ['p1-m1', `Oat ${round}2`],
            ['p1-m2', `Soy ${round}2`],
            ['p2-m1', `Oat ${round}1`],
            ['p2-m2', `Soy ${round}1`],
            ['p3-m1', `Oat ${round}2`],
            ['p3-m2', `Soy ${round}2`],
          ],
          prices: [
            ['p1-pr', 4],
            ['p2-pr', 2],
            ['p3-pr', 5],
          ],
        });
      }
      expect(db.prepare('SELECT count(*) FROM main.modifiers').pluck().get()).toBe(6);
      db.close();
    }
  });

  it('counts what changed the same when it looks for a record first at the distance of the one before, and when that row is another record', async () => {
    // Past one counting window (8,192 rowids) of new rows, a record's previous row is looked for first at the distance
    // of the window before's last match: here a record inserted near the start moves every later one by a row, a
    // modifier moved to another product keeps its id and its place (the row found there is under another product: gone
    // and new), and one product's rows come in another order.
    db = openDatabase(dir.file(`staging-changes-shift-${Date.now()}.db`));
    const modifiers = REPLICA.modifiers;
    const tables = [products, modifiers];
    const count = 3000; // 9,000 rows of modifiers a pull, past a window of new ones
    const pull = async (round: 'a' | 'b') => {
      const staging = new Staging(db, tables);
      const ids = Array.from({ length: count }, (_, n) => `p${n}`);
      if (round === 'b') ids.splice(10, 0, 'p-new');
      for (const id of ids) {
        staging.insert(products, stagedProduct(id, `latte ${id}`, 1));
        const names = round === 'b' && id === 'p20' ? ['Soy', 'Oat', 'Rice'] : ['Oat', 'Soy', 'Rice'];
        for (let m = 0; m < 3; m++) {
          const moved = round === 'b' && id === 'p2500' && m === 1;
          staging.insert(modifiers, nestedModifier(`${id}-m${m}`, moved ? 'p2499' : id, m, names[m]));
        }
      }
      await staging.publish(() => undefined);
      const changes = await staging.changes();
      await staging.dropUnpinned();
      return changes;
    };
    await pull('a');
    expect(await pull('b')).toEqual({
      // New: p-new. Its three modifiers new; p2500-m1 gone from p2500 and new under p2499; p20's first two renamed.
      products: { deleted: 0, written: 1 },
      modifiers: { deleted: 1, written: 3 + 1 + 2 },
    });
    checkSearchIndex(db);
  });

  it('counts what changed over every rowid of both generations, however far apart', async () => {
    db = openDatabase(dir.file(`staging-changes-${Date.now()}.db`));
    const first = new Staging(db, [categories]);
    for (const [id, name] of [
      [1, 'Coffee'],
      [2, 'Tea'],
      [3, 'Juice'],
    ] as const)
      first.insert(categories, category(id, '☕', name, 'ق', id));
    await first.publish(() => undefined);
    // Rows of the pinned generation far along the rowids (a replica pulled many times): either side of a counting window's edge, and well past it.
    const far = db.prepare(
      "INSERT INTO main.categories (rowid, id, icon, name_en, name_ar, sectors, position, generation) VALUES (?, ?, '🍰', 'Cake', 'ك', '[]', 9, ?)",
    );
    for (const [rowid, id] of [
      [8192, 9],
      [8193, 10],
      [20_000, 7],
    ])
      far.run(rowid, id, first.generation);
    const next = new Staging(db, [categories]);
    next.insert(categories, category(1, '☕', 'Coffee (new)', 'ق', 1));
    next.insert(categories, category(2, '☕', 'Tea', 'ق', 2));
    next.insert(categories, category(8, '☕', 'Water', 'ق', 8));
    await next.publish(() => undefined);
    const changes = await next.changes();
    // Gone: Juice and the three Cakes; new or different: Coffee (new) and Water.
    expect(changes.categories).toEqual({ deleted: 4, written: 2 });
  });
});
