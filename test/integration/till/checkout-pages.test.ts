import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOrder, readOrder, recordOutcome, shiftPayments } from '../../../src-main/orders/index.ts';
import { openCheckoutShop, type CheckoutShop } from '../../support/checkout-shop.ts';
import { emptyWal, pagesInWal, pagesOfCheckouts, PLAIN_CHECKOUT_BTREES } from '../../support/wal-pages.ts';

// Issue 37 item 2: what a checkout and an upload batch make SQLite write,
// counted in pages of the real file (the WAL's frames, dbstat), never in time.

/** The pages one plain checkout may write, the mean of 20 (9.35 here: a page of each b-tree, now and then a second). */
const PAGES_PER_CHECKOUT = 10;

let shop: CheckoutShop;
beforeAll(async () => {
  shop = await openCheckoutShop({ seed: 37 });
});
afterAll(async () => {
  await shop.close();
});

describe('a checkout', () => {
  it("empties the cart without touching its lines' pages or freeing a page; the next add forgets the old lines", async () => {
    const { db, till, products } = shop;
    // The demo menu's products with options: a line keeps its product's snapshot (names, options, prices), 1-2 KB.
    const withOptions = products.filter((p) => p.modifiers.length >= 3 && !p.modifiers.some((m) => m.group?.min)).slice(0, 3);
    expect(withOptions.length).toBe(3);
    for (const product of withOptions) await till.addItem({ product_id: product.id, quantity: 1 });
    const lines = db.prepare('SELECT length(CAST(line AS BLOB)) AS bytes FROM station_cart_lines').all() as { bytes: number }[];
    expect(lines.length).toBe(3);
    expect(Math.min(...lines.map((l) => l.bytes))).toBeGreaterThan(1_100);
    // A rowid table keeps such a line in its page: no overflow page to allocate at the add and free at checkout.
    const overflow = db.prepare("SELECT count(*) AS pages FROM dbstat WHERE name = 'station_cart_lines' AND pagetype = 'overflow'").get();
    expect(overflow).toEqual({ pages: 0 });

    const freeBefore = db.pragma('freelist_count', { simple: true });
    const { total } = await till.cart();
    await emptyWal(db);
    await till.checkout({ payments: [{ method_key: 'CASH', amount: total }] });
    const written = pagesInWal(db);
    expect(written).toContain('orders');
    expect(written.filter((owner) => owner.includes('station_cart_lines') || owner === '(free)')).toEqual([]);
    expect(db.pragma('freelist_count', { simple: true })).toBe(freeBefore);
    expect((await till.cart()).lines).toEqual([]);

    const next = await till.addItem({ product_id: withOptions[0]!.id, quantity: 2 });
    expect(next.lines).toHaveLength(1);
    expect(db.prepare('SELECT count(*) AS n FROM station_cart_lines').get()).toEqual({ n: 1 });
  });
});

describe('a plain checkout', () => {
  it('dirties the b-trees it must and no other, about a page each', async () => {
    const touched = new Set<string>();
    // One sale in 256 folds the latest sales into the outbox's counts (migration 0034): at most one of these 20.
    let folds = 0;
    let pages = 0;
    const SALES = 20;
    for (const written of await pagesOfCheckouts(shop, SALES)) {
      if (written.some((owner) => owner === 'outbox_counts' || owner === 'outbox_counted')) folds++;
      for (const owner of written) if (owner !== 'outbox_counts' && owner !== 'outbox_counted') touched.add(owner);
      pages += written.length;
    }
    // docs/performance.md says why each is needed. The file's own: page 1 (sqlite_schema) when the file grows, a
    // freelist page when a freed page is taken again.
    expect([...touched].filter((owner) => owner !== 'sqlite_schema' && owner !== '(free)').sort()).toEqual([...PLAIN_CHECKOUT_BTREES].sort());
    expect(folds, 'sales that wrote the outbox counts').toBeLessThanOrEqual(1);
    expect(pages / SALES).toBeLessThanOrEqual(PAGES_PER_CHECKOUT);
  });
});

describe('checkouts one after another', () => {
  it("append their lines and payments where the last sale's went", async () => {
    const { db } = shop;
    // Enough sales before that the tables span many pages: a key at a random place would land on a different one each time.
    const templates = (await shop.sell(4)).map((order) => readOrder(db, order.uuid)!);
    db.transaction(() => {
      for (let i = 0; i < 1_500; i++) insertOrder(db, { ...templates[i % templates.length]!, uuid: randomUUID(), created_at: Date.UTC(2025, 0, 4, 10) + i });
    })();
    await emptyWal(db);
    const sold = await shop.sell(40);
    const written = pagesInWal(db);
    const pagesOf = (name: string) => written.filter((owner) => owner === name).length;
    const onPages = (table: string) =>
      (db.prepare(`SELECT count(DISTINCT pageno) AS n FROM dbstat WHERE name = ? AND pagetype = 'leaf'`).get(table) as { n: number }).n;
    expect(onPages('order_lines')).toBeGreaterThan(60);
    expect(onPages('order_payments')).toBeGreaterThan(20);
    // 40 sales: their lines and payments fill a few pages at the right edge (and their parents), not a page each.
    expect(pagesOf('order_lines')).toBeLessThanOrEqual(12);
    expect(pagesOf('order_payments')).toBeLessThanOrEqual(6);
    // Their uuids are time-ordered: one after another in orders' uuid index (here among 1,500 random ones, as on a
    // till upgraded from random uuids), not a leaf each anywhere in it.
    expect(onPages('sqlite_autoindex_orders_1')).toBeGreaterThan(15);
    expect(pagesOf('sqlite_autoindex_orders_1')).toBeLessThanOrEqual(6);
    // Each sale's rows read back whole, found by its seq.
    for (const order of sold) expect(readOrder(db, order.uuid)).toEqual(order);
  });
});

describe('an upload batch', () => {
  it('marks 50 orders sold one after another on a few pages, not a page each', async () => {
    const { db } = shop;
    const templates = (await shop.sell(4)).map((order) => readOrder(db, order.uuid)!);
    // 2,000 queued orders, as a till offline for a busy day holds them.
    const uuids: string[] = [];
    db.transaction(() => {
      for (let i = 0; i < 2_000; i++) {
        const uuid = randomUUID();
        uuids.push(uuid);
        insertOrder(db, { ...templates[i % templates.length]!, uuid, created_at: Date.UTC(2025, 0, 5, 10) + i });
      }
    })();
    const batch = uuids.slice(1_000, 1_050);
    await emptyWal(db);
    recordOutcome(db, { now: 1, synced: batch.map((uuid) => ({ uuid, serviceId: null, serviceStatus: 'created' })), rejected: [], deferred: null });
    const states = db
      .prepare("SELECT count(*) AS n FROM outbox WHERE state = 'synced' AND order_uuid IN (SELECT value FROM json_each(?))")
      .get(JSON.stringify(batch));
    expect(states).toEqual({ n: 50 });
    // The outbox rows (one or two pages in seq order), their index entries moved from pending to synced, the counts.
    expect(pagesInWal(db).length).toBeLessThanOrEqual(16);
  });
});

describe('the shift report', () => {
  it("finds a shift's payments made at checkout through its orders", async () => {
    const { db } = shop;
    const sale = (await shop.sell(1))[0]!;
    const shiftId = 'shift-of-the-test';
    db.prepare('UPDATE orders SET shift_id = ? WHERE uuid = ?').run(shiftId, sale.uuid);
    db.prepare('UPDATE order_payments SET shift_id = ? WHERE order_uuid = ?').run(shiftId, sale.uuid);
    const paid = shiftPayments(db, shiftId);
    expect(paid.reduce((sum, p) => sum + p.amount, 0)).toBe(sale.total);
  });
});
