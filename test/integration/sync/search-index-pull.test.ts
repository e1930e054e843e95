import { afterEach, describe, expect, it } from 'vitest';
import type { TillDatabase } from '../../../src-main/db/index.ts';
import { readCatalog, searchProducts } from '../../../src-main/catalog/index.ts';
import { emulatedService, type EmulatedService } from '../../support/emulated-service.ts';
import { checkSearchIndex } from '../../support/search-index.ts';

// The products' search index without its insert trigger (migration 0038,
// issue 37): the pull indexes each slice's new products itself. Against the
// emulator, through the ways a pull writes or deletes products (a whole
// catalog, a quarantined product keeping its previous version, the old
// generation dropped, a pull that fails), the index stays exactly its content
// (FTS5's integrity-check against the products table), and the till's search
// finds exactly the products it should. A product on two pages (staged twice)
// is tested on the staging itself (test/unit/sync/search-index-writers.test.ts):
// a list read consistently enough for the pull to keep it (as many distinct
// records as its total) cannot be made to repeat one without a page read out
// of order.

let service: EmulatedService;
afterEach(async () => {
  await service.close();
});

const PULL = { perPage: 50, sliceRows: 64 } as const;

/** Ids of the active products readers see whose search text has a word starting with `prefix`, read without the index. */
function expected(db: TillDatabase, prefix: string): string[] {
  return (db.prepare('SELECT id, search_text FROM products WHERE is_active = 1').all() as { id: string; search_text: string }[])
    .filter((p) => p.search_text.split(' ').some((word) => word.startsWith(prefix)))
    .map((p) => p.id)
    .sort();
}

/** The till's search for one, two and three first letters of a few English and Arabic words finds exactly `expected`. */
function searchFindsEveryProduct(db: TillDatabase): void {
  const words = (db.prepare('SELECT search_text FROM products WHERE is_active = 1 ORDER BY id LIMIT 5').pluck().all() as string[]).flatMap((text) =>
    text.split(' '),
  );
  const english = words.filter((w) => /^[a-z]{3,}$/.test(w)).slice(0, 3);
  const arabic = words.filter((w) => /^[\u0600-\u06ff]{3,}$/.test(w)).slice(0, 3);
  expect(english.length).toBeGreaterThan(0);
  expect(arabic.length).toBeGreaterThan(0);
  for (const word of [...english, ...arabic])
    for (const length of [1, 2, 3]) {
      const prefix = word.slice(0, length);
      const hits = searchProducts(db, prefix, 100_000).map((hit) => hit.id);
      expect(hits.sort(), prefix).toEqual(expected(db, prefix));
    }
}

describe("a pull and the products' search index", () => {
  it('keeps the index whole and the search exact through a catalog, kept versions, a dropped generation and a failure', async () => {
    service = await emulatedService({ products: 400, seed: 39 });
    const tenant = service.emulator.tenant;
    const db = service.open();

    // A whole catalog, first pull.
    await service.pull(db, PULL);
    expect(() => checkSearchIndex(db)).not.toThrow();
    searchFindsEveryProduct(db);

    // Every product renamed and two unreadable: those keep their previous version (copied and indexed), the rest
    // are replaced, and the previous generation is dropped (every row it deletes was indexed).
    const unreadable = tenant.products.filter((p) => p.deleted_at === null).slice(20, 22);
    for (const p of tenant.products) p.name_en = `Renewed ${p.name_en}`;
    for (const p of unreadable) (p as unknown as { is_active: unknown }).is_active = 'sometimes';
    const summary = await service.pull(db, PULL);
    expect(summary.quarantined.map((q) => q.id).sort()).toEqual(unreadable.map((p) => p.id).sort());
    expect(() => checkSearchIndex(db)).not.toThrow();
    const kept = readCatalog(db).products.filter((p) => unreadable.some((u) => u.id === p.id));
    expect(kept.map((p) => p.name_en.startsWith('Renewed'))).toEqual([false, false]);
    for (const p of kept) expect(searchProducts(db, p.name_en.split(' ')[0]!.slice(0, 3), 100_000).map((hit) => hit.id)).toContain(p.id);
    searchFindsEveryProduct(db);

    // A pull that fails (most of the list unreadable): what it wrote is deleted, readers keep the catalog.
    const before = readCatalog(db);
    for (const p of tenant.products.slice(0, 300)) (p as unknown as { is_active: unknown }).is_active = 'sometimes';
    await expect(service.pull(db, PULL)).rejects.toThrow();
    expect(() => checkSearchIndex(db)).not.toThrow();
    expect(readCatalog(db)).toEqual(before);
    searchFindsEveryProduct(db);
  });
});
