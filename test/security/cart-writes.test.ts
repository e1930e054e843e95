import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TillApi } from '../../src-shared/api/index.ts';
import type { TillDatabase } from '../../src-main/db/index.ts';
import { emulatedService, type EmulatedService } from '../support/emulated-service.ts';
import { startWebHost, type WebHost } from '../support/till-web-host.ts';

// Finding (issue 32, 2): each add rewrote the whole cart (one JSON row per
// station), so the 1,001st line wrote 1,000 lines again. Here the bytes
// the database is given per add are counted by triggers on every table of
// the real SQLite file, at a small cart and at a large one: they must not
// grow with the cart. Bytes, never time.

let service: EmulatedService;
let web: WebHost;
let api: TillApi;

beforeEach(async () => {
  service = await emulatedService({ seed: 34 });
  web = await startWebHost(service);
  api = (await web.connect({ origin: web.origin, cookie: await web.managerCookie() })).api;
  await api.signIn({ base_url: service.emulator.baseUrl, token: service.emulator.token });
});
afterEach(async () => {
  await web.close();
  await service.close();
});

/**
 * Counts every row inserted, updated or deleted in any ordinary table, and
 * the bytes of each row written (every column's length), into
 * test_writes. Returns a reader of the running totals.
 */
function countWrites(db: TillDatabase): () => { rows: number; bytes: number } {
  db.exec('CREATE TABLE test_writes (rows INTEGER NOT NULL, bytes INTEGER NOT NULL)');
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'test_writes' AND sql NOT LIKE 'CREATE VIRTUAL%'")
    .all() as { name: string }[];
  for (const { name } of tables) {
    const columns = (db.prepare(`SELECT name FROM pragma_table_info(?)`).all(name) as { name: string }[]).map((c) => c.name);
    const size = (row: string) => columns.map((c) => `coalesce(length(CAST(${row}."${c}" AS BLOB)), 0)`).join(' + ');
    try {
      db.exec(`
        CREATE TRIGGER "test_insert_${name}" AFTER INSERT ON "${name}" BEGIN INSERT INTO test_writes VALUES (1, ${size('NEW')}); END;
        CREATE TRIGGER "test_update_${name}" AFTER UPDATE ON "${name}" BEGIN INSERT INTO test_writes VALUES (1, ${size('NEW')}); END;
        CREATE TRIGGER "test_delete_${name}" AFTER DELETE ON "${name}" BEGIN INSERT INTO test_writes VALUES (1, 0); END;
      `);
    } catch {
      // A table SQLite keeps for itself (a search index's shadow) takes no trigger; the cart is not kept there.
    }
  }
  return () => db.prepare('SELECT count(*) AS rows, coalesce(sum(bytes), 0) AS bytes FROM test_writes').get() as { rows: number; bytes: number };
}

describe('adding a line to a cart', () => {
  it('writes the same rows and bytes at 150 lines as at 5: one line, not the cart', async () => {
    const card = (await api.search({ query: 'a', limit: 200 }))
      .filter((p) => !p.requires_choice)
      .slice(0, 20)
      .find((p) => p.price !== null)!;
    const add = () => api.addItem({ product_id: card.id, quantity: 1 });
    const written = countWrites(web.db);
    const perAdd = async () => {
      const before = written();
      await add();
      const after = written();
      return { rows: after.rows - before.rows, bytes: after.bytes - before.bytes };
    };

    for (let i = 0; i < 4; i++) await add();
    const small = await perAdd();
    for (let i = 5; i < 149; i++) await add();
    const large = await perAdd();
    expect((await api.cart()).lines).toHaveLength(150);

    // The same product each time: the same line, so the same bytes, give or take its position's digits.
    expect(small.rows).toBeGreaterThan(0);
    expect(large.rows).toBe(small.rows);
    expect(Math.abs(large.bytes - small.bytes)).toBeLessThan(16);
    // And about one line's worth: far from the 150 lines a rewrite of the cart would be.
    const lineBytes = (web.db.prepare('SELECT max(length(CAST(line AS BLOB))) AS n FROM station_cart_lines').get() as { n: number }).n;
    expect(large.bytes).toBeLessThan(2 * lineBytes + 200);
  });

  it('changing or removing one line of 150 writes that line only', async () => {
    const card = (await api.search({ query: 'a', limit: 200 }))
      .filter((p) => !p.requires_choice)
      .slice(0, 20)
      .find((p) => p.price !== null)!;
    for (let i = 0; i < 150; i++) await api.addItem({ product_id: card.id, quantity: 1 });
    const written = countWrites(web.db);
    const line = (await api.cart()).lines[75]!;
    const lineBytes = (web.db.prepare('SELECT max(length(CAST(line AS BLOB))) AS n FROM station_cart_lines').get() as { n: number }).n;
    const before = written();
    await api.updateItem({ line_id: line.line_id, quantity: 2 });
    const changed = written();
    expect(changed.rows - before.rows).toBe(1);
    expect(changed.bytes - before.bytes).toBeLessThan(lineBytes + 200);
    await api.removeItem({ line_id: line.line_id });
    const removed = written();
    expect(removed.rows - changed.rows).toBe(1);
    expect(removed.bytes - changed.bytes).toBeLessThan(lineBytes + 200);
    expect((await api.cart()).lines).toHaveLength(149);
  });
});
