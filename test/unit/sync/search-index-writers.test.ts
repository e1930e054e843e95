import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type TillDatabase } from '../../../src-main/db/index.ts';
import { REPLICA, Staging } from '../../../src-main/catalog/index.ts';
import { ChangeApplier, installJournal, journalSince } from '../../../src-main/standby/index.ts';
import { checkSearchIndex } from '../../support/search-index.ts';
import { tempDir } from '../../support/temp-dir.ts';
import { stagedProduct } from '../../support/staged-product.ts';

// The products' search index has no insert trigger (migration 0038, issue 37)
// and no delete trigger (0039): every writer of products indexes the rows it
// inserts, the pull a slice's at once at the end of the slice, and takes the
// rows it deletes out of the index first, the pull a slice's at once. The
// update trigger takes a row out and puts it back. A row taken out that was
// never in the index, or deleted and left in it, corrupts an external-content
// index: each writer below is checked with FTS5's own comparison of the index
// with the products table.

const dir = tempDir('till-search-writers-');
const dbs: TillDatabase[] = [];
const open = (name: string) => {
  const db = openDatabase(dir.file(`${name}-${dbs.length}.db`));
  dbs.push(db);
  return db;
};
afterEach(() => {
  for (const db of dbs.splice(0)) db.close();
});
afterAll(() => dir.cleanup());

const products = REPLICA.products;
/** Ids of the products (every generation) whose search text has a word starting with `prefix`. */
const found = (db: TillDatabase, prefix: string) =>
  db
    .prepare('SELECT p.id FROM main.product_search s JOIN main.products p ON p.seq = s.rowid WHERE product_search MATCH ? ORDER BY p.id')
    .pluck()
    .all(`"${prefix}"*`);

/** Products the search index holds (a row of its docsize table each), beside the products table's rows, every generation. */
const held = (db: TillDatabase) => ({
  indexed: db.prepare('SELECT count(*) FROM main.product_search_docsize').pluck().get(),
  rows: db.prepare('SELECT count(*) FROM main.products').pluck().get(),
});

/** A product written by hand through the pinned view (a plain INSERT on `products`), as a repair or a fixture would. */
function insertByHand(db: TillDatabase, id: string, nameEn: string, nameAr: string, sortOrder: number, searchText: string): void {
  db.prepare(
    `INSERT INTO products (id, market_id, category_id, name_en, name_ar, sort_order, is_active, created_at, updated_at,
       rating_amount, rating_avg, sold_amount, sold_revenue, search_text)
     VALUES (?, 'm1', 1, ?, ?, ?, 1, 0, 0, 0, '0', 0, 0, ?)`,
  ).run(id, nameEn, nameAr, sortOrder, searchText);
}

/** Stages `ids` in order (a record listed twice: staged twice, the later copy's text ends with its position). */
function stage(staging: Staging, ids: readonly string[], word: string): void {
  ids.forEach((id, at) => staging.insert(products, stagedProduct(id, `${word} ${id} copy${at}`, at)));
}

describe("the products' search index, kept by its writers", () => {
  it('has every product of a pull once, indexed at the end of each slice', async () => {
    const db = open('full');
    const segments = () => db.prepare('SELECT count(DISTINCT segid) FROM main.product_search_idx').pluck().get() as number;
    db.exec("INSERT INTO product_search (product_search, rank) VALUES ('automerge', 0), ('crisismerge', 1000)");
    const staging = new Staging(db, [products], { sliceRows: 300 });
    stage(
      staging,
      Array.from({ length: 1000 }, (_, n) => `p${n}`),
      'latte',
    );
    await staging.flush();
    // Four slices (300, 300, 300, 100 rows), one index statement each: one segment a slice, whatever its statements.
    expect(segments()).toBe(4);
    expect(() => checkSearchIndex(db)).not.toThrow();
    await staging.publish(() => undefined);
    expect(found(db, 'lat')).toHaveLength(1000);
    expect(() => checkSearchIndex(db)).not.toThrow();
  });

  // A product staged again deletes its earlier copy: in the same slice, that copy was inserted and not yet indexed,
  // so the slice indexes what it inserted before the delete. The cases: the earlier copy inside a statement of many
  // rows; the last row inserted (its rowid is given again to the later copy); written by a slice before.
  for (const { name, ids, sliceRows } of [
    { name: 'in a statement of many rows, one slice', ids: ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p3', 'p7', 'p8'], sliceRows: 1000 },
    { name: 'as the last row inserted, one slice', ids: ['p1', 'p2', 'p2', 'p3'], sliceRows: 1000 },
    { name: 'twice over, one slice', ids: ['p1', 'p2', 'p3', 'p1', 'p4', 'p1', 'p5'], sliceRows: 1000 },
    { name: 'in different slices', ids: ['p1', 'p2', 'p3', 'p4', 'p5', 'p2', 'p6', 'p4'], sliceRows: 3 },
  ])
    it(`indexes a product staged twice (${name}) once, the later copy, and never deletes a row it has not indexed`, async () => {
      const db = open('twice');
      for (const round of ['first', 'second']) {
        const staging = new Staging(db, [products], { sliceRows });
        stage(staging, ids, round);
        await staging.flush();
        expect(() => checkSearchIndex(db)).not.toThrow();
        await staging.publish(() => undefined);
        await staging.dropUnpinned();
        expect(() => checkSearchIndex(db)).not.toThrow();
        const distinct = [...new Set(ids)].sort();
        expect(found(db, round)).toEqual(distinct);
        // Only the last copy of each: its position in the list.
        for (const id of distinct) expect(found(db, `copy${ids.lastIndexOf(id)}`)).toContain(id);
        expect(found(db, 'copy')).toHaveLength(distinct.length);
        expect(found(db, round === 'first' ? 'second' : 'first')).toEqual([]);
        // The previous generation's rows gone, and their entries with them: one a product left.
        expect(held(db)).toEqual({ indexed: distinct.length, rows: distinct.length });
      }
    });

  it("keeps a quarantined product's previous version indexed, and drops the old generation's", async () => {
    const db = open('kept');
    const first = new Staging(db, [products]);
    stage(first, ['p1', 'p2', 'p3'], 'old');
    await first.publish(() => undefined);
    const next = new Staging(db, [products], { sliceRows: 2 });
    stage(next, ['p1', 'p3'], 'new');
    await next.flush();
    expect(next.keepPrevious(products, 'id', 'p2')).toBe(1);
    // Kept again (OR IGNORE: the new generation has it already), nothing more written or indexed.
    expect(next.keepPrevious(products, 'id', 'p2')).toBe(0);
    expect(() => checkSearchIndex(db)).not.toThrow();
    await next.publish(() => undefined);
    await next.dropUnpinned();
    expect(() => checkSearchIndex(db)).not.toThrow();
    expect(found(db, 'old')).toEqual(['p2']);
    expect(found(db, 'new')).toEqual(['p1', 'p3']);
    expect(db.prepare('SELECT count(*) FROM main.products').pluck().get()).toBe(3);
  });

  it('leaves the index whole when a pull is discarded, with products staged twice among what it wrote', async () => {
    const db = open('discarded');
    const first = new Staging(db, [products]);
    stage(first, ['p1', 'p2'], 'kept');
    await first.publish(() => undefined);
    const failed = new Staging(db, [products], { sliceRows: 4 });
    stage(failed, ['p1', 'p2', 'p3', 'p3', 'p4', 'p1', 'p5', 'p6', 'p7'], 'failed');
    await failed.flush();
    failed.insert(products, stagedProduct('p8', 'failed never written', 9));
    await failed.discard();
    expect(() => checkSearchIndex(db)).not.toThrow();
    expect(found(db, 'failed')).toEqual([]);
    expect(found(db, 'kept')).toEqual(['p1', 'p2']);
    // The next pull writes after it, over rowids the discarded one had used.
    const next = new Staging(db, [products]);
    stage(next, ['p2', 'p9'], 'next');
    await next.publish(() => undefined);
    await next.dropUnpinned();
    expect(() => checkSearchIndex(db)).not.toThrow();
    expect(found(db, 'next')).toEqual(['p2', 'p9']);
    expect(found(db, 'kept')).toEqual([]);
  });

  it("takes a killed pull's products out of the index with the previous generation's, when the next pull drops them", async () => {
    const db = open('killed');
    const first = new Staging(db, [products]);
    stage(first, ['p1', 'p2'], 'kept');
    await first.publish(() => undefined);
    // Killed after three slices: neither published nor discarded, its rows (indexed slice by slice) left behind.
    const killed = new Staging(db, [products], { sliceRows: 2 });
    stage(killed, ['p1', 'p2', 'p3', 'p4', 'p5', 'p6'], 'killed');
    await killed.flush();
    expect(held(db)).toEqual({ indexed: 8, rows: 8 });
    const next = new Staging(db, [products], { sliceRows: 3 });
    stage(next, ['p2', 'p7'], 'next');
    await next.publish(() => undefined);
    await next.dropUnpinned();
    expect(() => checkSearchIndex(db)).not.toThrow();
    expect(found(db, 'killed')).toEqual([]);
    expect(found(db, 'kept')).toEqual([]);
    expect(found(db, 'next')).toEqual(['p2', 'p7']);
    expect(held(db)).toEqual({ indexed: 2, rows: 2 });
  });

  it('indexes a product written by hand through the pinned view, and a pull replaces it cleanly', async () => {
    const db = open('by-hand');
    insertByHand(db, 'p1', 'Cortado', 'كورتادو', 1, 'cortado كورتادو');
    expect(() => checkSearchIndex(db)).not.toThrow();
    expect(found(db, 'cor')).toEqual(['p1']);
    expect(found(db, 'كو')).toEqual(['p1']);
    db.prepare("UPDATE products SET search_text = 'piccolo' WHERE id = 'p1'").run();
    expect(found(db, 'pic')).toEqual(['p1']);
    // Deleted by hand through the pinned view: out of the index too (no delete trigger, the view's own takes it out).
    insertByHand(db, 'p2', 'Ristretto', 'ريستريتو', 2, 'ristretto');
    db.prepare("DELETE FROM products WHERE id = 'p2'").run();
    expect(() => checkSearchIndex(db)).not.toThrow();
    expect(found(db, 'ris')).toEqual([]);
    expect(held(db)).toEqual({ indexed: 1, rows: 1 });
    const staging = new Staging(db, [products]);
    stage(staging, ['p1'], 'flat');
    await staging.publish(() => undefined);
    await staging.dropUnpinned();
    expect(() => checkSearchIndex(db)).not.toThrow();
    expect(found(db, 'pic')).toEqual([]);
    expect(found(db, 'fla')).toEqual(['p1']);
  });

  it("is whole on a standby that applies its hub's pulls (inserts indexed by the batch, before a delete of theirs)", async () => {
    const hub = open('hub');
    installJournal(hub);
    await hub.backup(dir.file('standby.db'));
    const standby = openDatabase(dir.file('standby.db'));
    dbs.push(standby);
    const applier = new ChangeApplier(standby);
    let applied = 0;
    // Each pull's changes in one batch, and a pull's changes a row at a time: a product inserted and deleted in one batch.
    for (const [round, ids] of [
      ['first', ['p1', 'p2', 'p3', 'p2', 'p4']],
      ['second', ['p1', 'p3', 'p3', 'p5']],
      ['third', ['p5', 'p6', 'p6']],
    ] as const) {
      const staging = new Staging(hub, [products], { sliceRows: 2 });
      stage(staging, ids, round);
      await staging.publish(() => undefined);
      await staging.dropUnpinned();
      const { changes, upTo } = journalSince(hub, applied);
      if (round === 'second') for (const change of changes) applier.apply([change], change.seq - 1, change.seq);
      else applier.apply(changes, applied, upTo);
      applied = upTo;
      expect(() => checkSearchIndex(standby)).not.toThrow();
      expect(found(standby, round)).toEqual(found(hub, round));
      expect(found(standby, round)).toEqual([...new Set(ids)].sort());
    }
    expect(() => checkSearchIndex(hub)).not.toThrow();
    expect(held(standby)).toEqual(held(hub));
  });

  it('has no trigger on products but the one that re-indexes a changed text: every other writer keeps the index itself', () => {
    const db = open('triggers');
    const triggers = db.prepare("SELECT name FROM main.sqlite_master WHERE type = 'trigger' AND tbl_name = 'products' ORDER BY name").pluck().all();
    expect(triggers).toEqual(['products_search_update']);
  });
});
