/**
 * Which orders of a set-aside file (`FILE.before-rejoin-epoch-N`, an old
 * hub's file a rejoin kept: docs/standby.md, "An old hub's set-aside file")
 * are that file's own to upload, and how many still wait: its pending
 * orders the branch's database does not hold (what it holds, its hub
 * uploads). The upload itself is src-main/sync/push/set-aside-upload.ts.
 */
import { openDatabase, q, run, setAsideFilesOf, type TillDatabase } from '../db/index.ts';
import { orderNumbersOf, ordersHeld, outboxCountsAmong, pendingOrderUuids } from './outbox-queries.ts';

/** The orders a set-aside file still has to upload (uuids, oldest first): pending there, and not in the branch's database `live` (its hub's to upload). */
export function setAsideOwnOrders(setAside: TillDatabase, live: TillDatabase): string[] {
  const pending = pendingOrderUuids(setAside);
  const held = ordersHeld(live, pending);
  return pending.filter((uuid) => !held.has(uuid));
}

/** What a set-aside file still has to upload (`pos doctor --db`, `pos outbox`). */
export interface SetAsideOrdersWaiting {
  file: string;
  waiting: number;
  /** Their numbers, as the old hub gave them (a manager's promotion during a split may have given the same ones at the new hub). */
  numbers: string[];
  oldest_at: number | null;
  /** Why the file could not be read (then nothing is known of it). */
  error: string | null;
}

/** Every set-aside file beside `dbFile` and how many of its own orders still wait, with the branch's database `live`. */
export function setAsideOrderStatus(dbFile: string, live: TillDatabase): SetAsideOrdersWaiting[] {
  return setAsideFilesOf(dbFile).map((file) => {
    let db: TillDatabase;
    try {
      db = openDatabase(file);
    } catch (error) {
      return { file, waiting: 0, numbers: [], oldest_at: null, error: (error as Error).message };
    }
    try {
      const orders = setAsideOwnOrders(db, live);
      const counts = outboxCountsAmong(db, orders);
      return { file, waiting: counts.pending, numbers: orderNumbersOf(db, orders).map((o) => o.number), oldest_at: counts.oldestPendingAt, error: null };
    } finally {
      db.close();
    }
  });
}

/** The status's lines for the set-aside files' orders: how many wait, their numbers, and where. */
export function describeSetAsideOrders(list: readonly SetAsideOrdersWaiting[]): string[] {
  return list.map((s) => {
    if (s.error) return `Orders: the set-aside file ${s.file} could not be read (${s.error}); its orders are not counted`;
    if (s.waiting === 0) return `Orders: ${s.file} (set aside by a rejoin): none of its orders waits to be uploaded`;
    return (
      `Orders: ${s.waiting} order(s) this till sold alone before it rejoined (${s.numbers.join(', ')}) wait to be uploaded in ${s.file}: ` +
      'this till uploads them from there by itself while it runs (with its own service token)'
    );
  });
}

/** Why an order a rejoin found never answered is not uploaded (kept as refused by the till, for a manager: `pos outbox`, `pos orders`). */
export const NEVER_ANSWERED =
  'never answered to the cashier (the hub stopped while it waited for its standby, which took over without it): not uploaded; ring it up again if the sale happened';

/**
 * In a set-aside file, before anything is sent from it: the orders the old
 * hub never answered are kept as refused by the till (never uploaded: the
 * cashier was not told "paid", and may have sold it again at the new hub).
 */
export function keepNeverAnswered(setAside: TillDatabase, uuids: readonly string[]): void {
  if (uuids.length === 0) return;
  run(
    setAside,
    q
      .updateTable('outbox')
      .set({ state: 'rejected', service_status: null, rejection: JSON.stringify({ till: [NEVER_ANSWERED] }), last_error: NEVER_ANSWERED })
      .where('state', '=', 'pending')
      .where('order_uuid', 'in', uuids),
  );
}

/** keepNeverAnswered on the set-aside file `file` (the rejoin's hook in the roots). */
export function keepNeverAnsweredIn(file: string, uuids: readonly string[]): void {
  if (uuids.length === 0) return;
  const db = openDatabase(file);
  try {
    keepNeverAnswered(db, uuids);
  } finally {
    db.close();
  }
}
