import { closeSync, openSync, readSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { deferCheckpoints, type TillDatabase } from '../../../src-main/db/index.ts';
import { readCatalog, searchProducts, type WriteSlice } from '../../../src-main/catalog/index.ts';
import { emulatedService, type EmulatedService } from '../../support/emulated-service.ts';

// The pull by generation (issue 37, item 1): while a pull of a large catalog
// runs, readers on the pull's own connection and on another one (the app
// while `pos sync` runs) see the whole previous catalog or the whole new one,
// never a mix; and the pull holds the write lock one small slice at a time,
// letting a checkout in between every two slices.

let service: EmulatedService;
afterEach(async () => {
  await service.close();
});

const PRODUCTS = 1_500;
/** A checkpoint every this many rows written or deleted: several in a pull of 3,000 products (about 18,000 rows). */
const ROWS_PER_CHECKPOINT = 5_000;
const SLICE_ROWS = 64;

/**
 * What a reader sees of the catalog, in one read transaction: counts and sums that change with
 * every product renamed and every modifier repriced, so a part of the new catalog beside a
 * part of the old one (a slice's worth) gives a value that is neither.
 */
function fingerprint(db: TillDatabase): string {
  return db.transaction(() =>
    JSON.stringify([
      db.prepare('SELECT count(*), total(length(name_en)), total(is_active), max(id) FROM products').raw().get(),
      db.prepare('SELECT count(*), total(price) FROM modifiers').raw().get(),
      db.prepare('SELECT count(*), total(value) FROM prices').raw().get(),
      db.prepare('SELECT count(*) FROM barcodes').raw().get(),
      db.prepare('SELECT count(*), total(length(name_en)) FROM categories').raw().get(),
    ]),
  )();
}

/** The salts in a WAL file's header: SQLite draws new ones each time the WAL starts over from its beginning. */
function walSalt(file: string): string {
  const header = Buffer.alloc(8);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, header, 0, 8, 16);
  } finally {
    closeSync(fd);
  }
  return header.toString('hex');
}

/** Runs `tick` on every turn of the event loop until stopped: what a busy till does while a pull runs. */
function everyTurn(tick: () => void): () => void {
  let running = true;
  const turn = () => {
    if (!running) return;
    tick();
    setImmediate(turn);
  };
  setImmediate(turn);
  return () => {
    running = false;
  };
}

describe('the pull by generation', () => {
  it('shows readers the whole old catalog or the whole new one while it writes, and lets a checkout in between every two slices', async () => {
    service = await emulatedService({ products: PRODUCTS, seed: 37 });
    const db = service.open();
    await service.pull(db, { perPage: 250 });
    const app = service.open(); // A second connection to the same file: another process's reads and writes.
    app.pragma('busy_timeout = 0'); // A write that found the lock held would fail at once instead of waiting.
    app.exec('CREATE TABLE IF NOT EXISTS test_checkouts (n INTEGER NOT NULL)');
    const oldCatalog = fingerprint(db);
    expect(fingerprint(app)).toBe(oldCatalog);

    // The service changes every product (renamed, one in ten gone, new ones) and every modifier's price.
    const tenant = service.emulator.tenant;
    tenant.products = tenant.products
      .filter((_, i) => i % 10 !== 3)
      .map((p) => ({ ...p, name_en: `${p.name_en} Renewed`, modifiers: p.modifiers.map((m) => ({ ...m, price: m.price + 1 })) }));
    for (let i = 0; i < 50; i++) tenant.products.push({ ...structuredClone(tenant.products[i]!), id: `arrived-${i}`, modifiers: [], prices: [] });

    const log: string[] = [];
    const slices: WriteSlice[] = [];
    const seen: { catalog: string; slicesBefore: number }[] = [];
    let busy = 0;
    let checkouts = 0;
    const stop = everyTurn(() => {
      seen.push({ catalog: fingerprint(db), slicesBefore: slices.length });
      seen.push({ catalog: fingerprint(app), slicesBefore: slices.length });
      // A checkout's write on the other connection: it must never find the pull holding the lock.
      try {
        app.transaction(() => app.prepare('INSERT INTO test_checkouts (n) VALUES (?)').run(++checkouts))();
        log.push('checkout');
      } catch (error) {
        if ((error as { code?: string }).code !== 'SQLITE_BUSY') throw error;
        busy++;
      }
    });
    try {
      await service.pull(db, {
        perPage: 250,
        sliceRows: SLICE_ROWS,
        onSlice: (slice) => {
          slices.push(slice);
          log.push(`slice ${slice.kind} ${slice.rows}`);
        },
      });
    } finally {
      stop();
    }
    const newCatalog = fingerprint(db);
    expect(newCatalog).not.toBe(oldCatalog);
    expect(fingerprint(app)).toBe(newCatalog);

    // Every read was one whole catalog, and readers did read while the new generation was being written.
    const mixed = seen.filter((s) => s.catalog !== oldCatalog && s.catalog !== newCatalog);
    expect(mixed).toHaveLength(0);
    const whileWriting = seen.filter((s) => s.slicesBefore > 0 && s.catalog === oldCatalog);
    expect(whileWriting.length).toBeGreaterThan(10);

    // The write lock: every slice holds at most SLICE_ROWS rows, the catalog took many of them, and a
    // checkout ran between every two slices without ever finding the lock held.
    const written = slices.filter((s) => s.kind === 'write');
    expect(written.length).toBeGreaterThan((PRODUCTS * 3) / SLICE_ROWS);
    expect(Math.max(...slices.map((s) => (s.kind === 'publish' ? 0 : s.rows)))).toBeLessThanOrEqual(SLICE_ROWS);
    expect(slices.filter((s) => s.kind === 'publish')).toHaveLength(1);
    expect(slices.filter((s) => s.kind === 'delete').length).toBeGreaterThan(0);
    const back = log.findIndex((entry, i) => entry.startsWith('slice') && log[i - 1]?.startsWith('slice'));
    expect(back, `two slices without a checkout between them: ${log.slice(back - 3, back + 2).join(', ')}`).toBe(-1);
    expect(busy).toBe(0);

    // Only the new generation is left, and the app's readers see it.
    const generations = db.prepare('SELECT DISTINCT generation FROM main.products').pluck().all();
    expect(generations).toHaveLength(1);
    const catalog = readCatalog(app);
    expect(catalog.products).toHaveLength(tenant.products.length);
    expect(catalog.products.every((p) => p.name_en.endsWith('Renewed') || p.id.startsWith('arrived-'))).toBe(true);
    expect(searchProducts(app, 'renewed').length).toBeGreaterThan(0);
  });

  it('lets the event loop turn between staging a page it read and writing its first slice', async () => {
    // The host pulls on the loop its checkouts wait for: reading a page and writing its first slice in one
    // turn made a checkout wait for both (docs/performance.md, a checkout during the pull).
    service = await emulatedService({ products: 1_000, seed: 43 });
    const db = service.open();
    const log: string[] = [];
    const stop = everyTurn(() => {
      if (log.at(-1) !== 'turn') log.push('turn');
    });
    try {
      await service.pull(db, {
        perPage: 100,
        onProgress: (progress) => {
          if (progress.phase === 'list' && progress.resource === 'products') log.push(`page ${progress.page}`);
        },
        onSlice: (slice) => {
          if (slice.kind === 'write') log.push('slice');
        },
      });
    } finally {
      stop();
    }
    const pages = log.filter((entry) => entry.startsWith('page'));
    expect(pages).toHaveLength(10);
    const straight = log.findIndex((entry, i) => entry === 'slice' && log[i - 1]?.startsWith('page'));
    expect(straight, `a page's first slice on the turn that staged it: ${log.slice(straight - 3, straight + 2).join(', ')}`).toBe(-1);
  });

  it('reads a large table a window of rows at a time when it publishes and drops, letting the event loop turn between', async () => {
    // Looking for rows a generation does not have reads the whole table: on a first pull, the pin's "had the
    // table any rows?" and the old generation's deletes each read 100,000 products in one statement (docs/performance.md).
    service = await emulatedService({ products: 5_000, seed: 44 });
    const db = service.open();
    let turns = 0;
    let counting = false;
    const stop = everyTurn(() => {
      if (counting) turns++;
    });
    try {
      await service.pull(db, {
        perPage: 500,
        onProgress: (progress) => {
          if (progress.phase === 'publish') counting = true;
        },
      });
    } finally {
      stop();
    }
    // Prices and modifiers hold two rows a product here: each spans two windows of 8,192 rowids, read on turns of their own.
    const spans = ['prices', 'modifiers'].map((table) => db.prepare(`SELECT max(rowid) - min(rowid) + 1 FROM main.${table}`).pluck().get() as number);
    expect(Math.min(...spans)).toBeGreaterThan(8_192);
    expect(turns, 'turns of the event loop from the pin to the end of a first pull').toBeGreaterThanOrEqual(8);
  });

  it("writes the search index's leaves 1,000 bytes at a time (its merges inside a pull's slices stay short)", async () => {
    service = await emulatedService({ products: 10, seed: 45 });
    const db = service.open();
    expect(db.prepare("SELECT v FROM main.product_search_config WHERE k = 'pgsz'").pluck().get()).toBe(1000);
  });

  it('runs no checkpoint inside its commits, has the WAL copied back and started over as it goes, and puts the setting back', async () => {
    service = await emulatedService({ products: 3_000, seed: 39 });
    const db = service.open();
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(1000); // SQLite's default: the CLI's connection.
    const during = new Set<unknown>();
    const salts = new Set<string>();
    await service.pull(db, {
      perPage: 100,
      rowsPerCheckpoint: ROWS_PER_CHECKPOINT,
      onSlice: () => {
        during.add(db.pragma('wal_autocheckpoint', { simple: true }));
        salts.add(walSalt(`${db.name}-wal`));
      },
    });
    // A checkpoint inside a slice's commit would hold the write lock while it copies the WAL.
    expect([...during]).toEqual([0]);
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    // The WAL started over (a new salt in its header) while the pull wrote: it never held the whole catalog's writes.
    expect(salts.size).toBeGreaterThan(1);
  });

  it("writes through a page cache of 8 MiB, and puts the connection's own back", async () => {
    service = await emulatedService({ products: 300, seed: 46 });
    const db = service.open();
    const own = db.pragma('cache_size', { simple: true });
    const during = new Set<unknown>();
    await service.pull(db, { perPage: 100, onSlice: () => during.add(db.pragma('cache_size', { simple: true })) });
    // Not 16 MiB: a commit walks every page the cache holds (SQLite's balance parks a page past the file's end), so a
    // larger cache costs each of the pull's slices more CPU (sync/pull-catalog.ts, PULL_CACHE_KIB).
    expect([...during]).toEqual([-8 * 1024]);
    expect(db.pragma('cache_size', { simple: true })).toBe(own);
  });

  it('has the WAL copied back and started over while it deletes the old generation too', async () => {
    service = await emulatedService({ products: 3_000, seed: 41 });
    const db = service.open();
    await service.pull(db, { perPage: 500 });
    // The same catalog again: a new generation written, then the old one (about as many rows) deleted in slices.
    const salts = new Set<string>();
    const deleted: number[] = [];
    await service.pull(db, {
      perPage: 500,
      rowsPerCheckpoint: ROWS_PER_CHECKPOINT,
      onSlice: (slice) => {
        if (slice.kind !== 'delete') return;
        deleted.push(slice.rows);
        salts.add(walSalt(`${db.name}-wal`));
      },
    });
    expect(deleted.reduce((sum, rows) => sum + rows, 0)).toBeGreaterThan(12_000);
    // Without a checkpoint among the deletions the WAL kept one salt and grew by every slice's pages.
    expect(salts.size).toBeGreaterThan(1);
  });

  it('on the app connection (checkpoints deferred) has the WAL copied back on the checkpoint thread and leaves the setting at 0', async () => {
    service = await emulatedService({ products: 3_000, seed: 40 });
    const db = service.open();
    deferCheckpoints(db);
    const salts = new Set<string>();
    await service.pull(db, { perPage: 100, rowsPerCheckpoint: ROWS_PER_CHECKPOINT, onSlice: () => salts.add(walSalt(`${db.name}-wal`)) });
    expect(salts.size).toBeGreaterThan(1);
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
  });

  it('leaves readers the previous catalog and no rows of its own when it fails', async () => {
    service = await emulatedService({ products: 300, seed: 38 });
    const db = service.open();
    await service.pull(db, { perPage: 100 });
    const before = fingerprint(db);
    const rowsBefore = db.prepare('SELECT count(*) FROM main.products').pluck().get();
    // Most of a page unreadable: the pull keeps the previous catalog (the quarantine rule).
    for (const p of service.emulator.tenant.products.slice(0, 200)) (p as { name_en: unknown }).name_en = 42;
    await expect(service.pull(db, { perPage: 100 })).rejects.toThrow();
    expect(fingerprint(db)).toBe(before);
    expect(db.prepare('SELECT count(*) FROM main.products').pluck().get()).toBe(rowsBefore);
  });
});
