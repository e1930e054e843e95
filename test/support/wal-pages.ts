/** What a transaction made SQLite write, read from the real file: the WAL's pages by the b-tree each belongs to (dbstat). */
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { checkpointSoon, type TillDatabase } from '../../src-main/db/index.ts';
import type { CheckoutShop } from './checkout-shop.ts';

/** The WAL emptied into the database, so what the next transaction writes is all the WAL holds. */
export async function emptyWal(db: TillDatabase): Promise<void> {
  // A checkpoint still running on the checkpoint thread (the pull's last, a checkout's) would make TRUNCATE
  // busy at once, whatever the busy timeout: it is waited for first (on a loaded machine it takes a while).
  await checkpointSoon(db);
  const [result] = db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[];
  expect(result!.busy).toBe(0);
}

/** The pages the WAL holds, each once (what the transactions since emptyWal dirtied), by the table or index each belongs to. */
export function pagesInWal(db: TillDatabase): string[] {
  const wal = readFileSync(`${db.name}-wal`);
  if (wal.length === 0) return [];
  const pageSize = wal.readUInt32BE(8);
  const pages = new Set<number>();
  for (let at = 32; at + 24 + pageSize <= wal.length; at += 24 + pageSize) pages.add(wal.readUInt32BE(at));
  const owners = new Map((db.prepare('SELECT pageno, name FROM dbstat').all() as { pageno: number; name: string }[]).map((r) => [r.pageno, r.name]));
  return [...pages].map((page) => owners.get(page) ?? '(free)');
}

/** Every frame the WAL holds (a page written again by a later transaction counts again), by the table or index of its page. */
export function framesInWal(db: TillDatabase): Map<string, number> {
  const wal = readFileSync(`${db.name}-wal`);
  const frames = new Map<string, number>();
  if (wal.length === 0) return frames;
  const pageSize = wal.readUInt32BE(8);
  const owners = new Map((db.prepare('SELECT pageno, name FROM dbstat').all() as { pageno: number; name: string }[]).map((r) => [r.pageno, r.name]));
  for (let at = 32; at + 24 + pageSize <= wal.length; at += 24 + pageSize) {
    const owner = owners.get(wal.readUInt32BE(at)) ?? '(free)';
    frames.set(owner, (frames.get(owner) ?? 0) + 1);
  }
  return frames;
}

/** The b-trees a plain checkout writes (docs/performance.md says why each), beside the file's own and the outbox counts' fold. */
export const PLAIN_CHECKOUT_BTREES = [
  'order_lines',
  'order_payments',
  'orders',
  'orders_by_shift',
  'orders_station_number',
  'outbox',
  'outbox_pending',
  'sqlite_autoindex_orders_1',
  'station_carts',
];

/**
 * The pages each of `sales` checkouts wrote, by owner (pagesInWal), as the
 * bench sells: two lines of products without a choice to make, paid in
 * cash. One sale before them is not counted: a station's first checkout
 * makes its cart's row, every later one only updates it.
 */
export async function pagesOfCheckouts(shop: CheckoutShop, sales: number): Promise<string[][]> {
  const { db, till, products } = shop;
  const [first, second] = products.filter((p) => !p.modifiers.some((m) => m.group?.min));
  const perSale: string[][] = [];
  for (let i = -1; i < sales; i++) {
    await till.addItem({ product_id: first!.id, quantity: 2 });
    const { total } = await till.addItem({ product_id: second!.id, quantity: 1 });
    await emptyWal(db);
    await till.checkout({ payments: [{ method_key: 'CASH', amount: total }] });
    if (i >= 0) perSale.push(pagesInWal(db));
  }
  return perSale;
}
