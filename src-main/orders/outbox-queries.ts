/**
 * Every read and write the upload worker makes on the `outbox` table
 * (migrations/0002_orders.sql). Writes about one batch happen in one
 * IMMEDIATE transaction, so a crash leaves a batch either as it was before
 * the answer or wholly updated, never half.
 */
import { sql, type RawBuilder } from 'kysely';
import { all, first, jsonList, param, prepared, q, run, type TillDatabase } from '../db/index.ts';

/** An order the service (or the till, before sending) refused: kept for a person to see and act on. */
export interface RejectedOrder {
  uuid: string;
  number: string;
  business_day: string;
  created_at: number;
  /** Minor units. */
  total: number;
  attempts: number;
  /** One line: why, for a list. */
  last_error: string | null;
  /** The service's errors, field → messages, as it sent them. */
  rejection: unknown;
  /** 'rejected' when the service said so; null when the till could not prepare the order for upload. */
  service_status: string | null;
}

/** Rejected orders, oldest first. */
export function listRejected(db: TillDatabase): RejectedOrder[] {
  const rows = all(
    db,
    q
      .selectFrom('outbox as x')
      .innerJoin('orders as o', 'o.seq', 'x.enqueued_seq')
      .select(['o.uuid', 'o.number', 'o.business_day', 'o.created_at', 'o.total', 'x.attempts', 'x.last_error', 'x.rejection', 'x.service_status'])
      .where('x.state', '=', 'rejected')
      .orderBy('x.enqueued_seq'),
  );
  return rows.map((row) => ({ ...row, rejection: row.rejection === null ? null : JSON.parse(row.rejection) }));
}

export interface DueEntry {
  uuid: string;
  attempts: number;
}

// The upload worker's queries, typed by Kysely and compiled once (db/query.ts prepared): they run for every batch.

/**
 * The outbox row of the order `@name` names: the outbox is keyed by its order's seq (migration 0031), so
 * an order is found by its uuid through orders' unique uuid index.
 */
export function seqOf(name: string) {
  return q.selectFrom('orders').select('seq').where('uuid', '=', param<string>(name));
}
const DUE = prepared<{ now: number; excluding: string; limit: number }>()(
  q
    .selectFrom('outbox')
    .select(['order_uuid as uuid', 'attempts'])
    .where('state', '=', 'pending')
    .where('next_attempt_at', '<=', param<number>('now'))
    // The batches in flight, as a JSON list: one statement whatever their number.
    .where('order_uuid', 'not in', jsonList('excluding'))
    .orderBy('enqueued_seq')
    .limit(param<number>('limit')),
);

/** Up to `limit` pending orders whose time has come, oldest first. */
export function selectDue(db: TillDatabase, now: number, limit: number, excluding: readonly string[] = []): DueEntry[] {
  return DUE.all(db, { now, excluding: JSON.stringify(excluding), limit });
}

/**
 * Marks the bodies of orders about to be read for upload as fixed: from now
 * on a settle-later payment of one of them goes as its own record
 * (orders/order-store.ts settleOrder), since the service keeps the first
 * body it receives for a uuid. Run in the same transaction as the read.
 * Only UNPAID orders are marked: settleOrder refuses any other, and nothing
 * makes an order UNPAID again, so no other body can change. A batch of paid
 * orders thus writes nothing, and its read commits without a disk sync.
 */
export function freezeBodies(db: TillDatabase, uuids: readonly string[], now: number): void {
  FREEZE.run(db, { now, uuids: JSON.stringify(uuids) });
}

const FREEZE = prepared<{ now: number; uuids: string }>()(
  q
    .updateTable('outbox')
    .set({ frozen_at: param<number>('now') })
    .where('frozen_at', 'is', null)
    .where('enqueued_seq', 'in', (eb) => eb.selectFrom('orders').select('seq').where('uuid', 'in', jsonList('uuids')).where('status', '=', 'UNPAID')),
);

/** When the next pending order falls due, or null when nothing is pending. */
export function earliestPendingAt(db: TillDatabase): number | null {
  return EARLIEST_PENDING.get(db, {})!.at;
}

const EARLIEST_PENDING = prepared()(
  q
    .selectFrom('outbox')
    .select((eb) => eb.fn.min<number | null>('next_attempt_at').as('at'))
    .where('state', '=', 'pending'),
);

/** Synced and rejected outcomes of one answer; the others of the batch go back with a delay. */
export interface BatchOutcome {
  now: number;
  synced: { uuid: string; serviceId: string | null; serviceStatus: 'created' | 'duplicate' }[];
  rejected: { uuid: string; serviceStatus: 'rejected' | null; errors: Record<string, string[]>; reason: string }[];
  deferred: { uuids: string[]; nextAttemptAt: number; reason: string } | null;
}

/**
 * Applies one batch's outcome in one transaction. Only rows still pending
 * change: a final state is never overwritten by a late answer.
 */
const SYNCED = prepared<{ uuid: string; serviceId: string | null; serviceStatus: string; now: number }>()(
  q
    .updateTable('outbox')
    .set((eb) => ({
      state: 'synced',
      attempts: eb('attempts', '+', 1),
      service_id: param<string | null>('serviceId'),
      service_status: param<string>('serviceStatus'),
      synced_at: param<number>('now'),
      last_error: null,
      rejection: null,
    }))
    .where('enqueued_seq', '=', seqOf('uuid'))
    .where('state', '=', 'pending'),
);

const REJECTED = prepared<{ uuid: string; serviceStatus: string | null; rejection: string; reason: string }>()(
  q
    .updateTable('outbox')
    .set((eb) => ({
      state: 'rejected',
      attempts: eb('attempts', '+', 1),
      service_status: param<string | null>('serviceStatus'),
      rejection: param<string>('rejection'),
      last_error: param<string>('reason'),
    }))
    .where('enqueued_seq', '=', seqOf('uuid'))
    .where('state', '=', 'pending'),
);

const DEFERRED = prepared<{ uuid: string; nextAttemptAt: number; reason: string }>()(
  q
    .updateTable('outbox')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), next_attempt_at: param<number>('nextAttemptAt'), last_error: param<string>('reason') }))
    .where('enqueued_seq', '=', seqOf('uuid'))
    .where('state', '=', 'pending'),
);

/**
 * The commit is not synced (synchronous = NORMAL for it alone): an outcome
 * is what the till learnt from an answer, not a write anyone was told
 * about, and the WAL keeps it through a crash of the program. A power cut
 * may take the last outcomes written since the last synced commit: their
 * orders are then pending again and go again, the service answers
 * `duplicate` (each uuid is its idempotency key), and they are marked from
 * that answer, as after a crash between a request and its outcome. Any
 * synced commit after it (the next sale) makes it durable with it: the WAL
 * is synced in order. Waiting for the disk after every batch of 50 took a
 * third of the drain on a busy disk, on the upload's thread.
 */
export function recordOutcome(db: TillDatabase, outcome: BatchOutcome): void {
  const write = db.transaction(() => {
    for (const s of outcome.synced) SYNCED.run(db, { uuid: s.uuid, serviceId: s.serviceId, serviceStatus: s.serviceStatus, now: outcome.now });
    for (const r of outcome.rejected) REJECTED.run(db, { uuid: r.uuid, serviceStatus: r.serviceStatus, rejection: JSON.stringify(r.errors), reason: r.reason });
    if (outcome.deferred) {
      const { nextAttemptAt, reason } = outcome.deferred;
      for (const uuid of outcome.deferred.uuids) DEFERRED.run(db, { uuid, nextAttemptAt, reason });
    }
  });
  // Inside a caller's transaction the commit is the caller's, synced as the caller's connection says.
  if (db.inTransaction) return write.immediate();
  const synchronous = db.pragma('synchronous', { simple: true }) as number;
  db.pragma('synchronous = NORMAL');
  try {
    write.immediate();
  } finally {
    db.pragma(`synchronous = ${synchronous}`);
  }
}

/**
 * Makes every pending order due now. Used when the connection comes back:
 * backoff waits computed while offline would otherwise hold orders for up
 * to the cap after the service is reachable again.
 */
export function makePendingDue(db: TillDatabase, now: number): void {
  MAKE_PENDING_DUE.run(db, { now });
}

const MAKE_PENDING_DUE = prepared<{ now: number }>()(
  q
    .updateTable('outbox')
    .set({ next_attempt_at: param<number>('now') })
    .where('state', '=', 'pending')
    .where('next_attempt_at', '>', param<number>('now')),
);

/** Why orders are still pending, most common first: each reason the last try left, with how many orders it holds (none yet tried: null). */
export function pendingReasons(db: TillDatabase): { reason: string | null; orders: number }[] {
  return all(
    db,
    q
      .selectFrom('outbox')
      .select((eb) => ['last_error as reason', eb.fn.countAll<number>().as('orders')])
      .where('state', '=', 'pending')
      .groupBy('last_error')
      .orderBy('orders', 'desc')
      .limit(5),
  );
}

/** A list of values as one JSON parameter (one statement text whatever its length). */
function jsonListOf(values: readonly string[]): RawBuilder<string> {
  return sql<string>`(SELECT value FROM json_each(${JSON.stringify(values)}))`;
}

// A set-aside file's own orders (docs/standby.md, "An old hub's set-aside file"): the upload of that file drains only
// these, the orders the old hub sold after the new hub's last change from it, which the branch's database never had.

/** The pending orders of this file, oldest first (their uuids). */
export function pendingOrderUuids(db: TillDatabase): string[] {
  return all(db, q.selectFrom('outbox').select('order_uuid').where('state', '=', 'pending').orderBy('enqueued_seq')).map((r) => r.order_uuid);
}

/** Which of `uuids` this database holds as orders (the branch's database: its hub uploads them, never a set-aside file). */
export function ordersHeld(db: TillDatabase, uuids: readonly string[]): Set<string> {
  if (uuids.length === 0) return new Set();
  return new Set(all(db, q.selectFrom('orders').select('uuid').where('uuid', 'in', jsonListOf(uuids))).map((r) => r.uuid));
}

/** selectDue among `among` only. */
export function selectDueAmong(db: TillDatabase, among: readonly string[], now: number, limit: number, excluding: readonly string[] = []): DueEntry[] {
  if (among.length === 0) return [];
  return all(
    db,
    q
      .selectFrom('outbox')
      .select(['order_uuid as uuid', 'attempts'])
      .where('state', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .where('order_uuid', 'in', jsonListOf(among))
      .where('order_uuid', 'not in', jsonListOf(excluding))
      .orderBy('enqueued_seq')
      .limit(limit),
  );
}

/** earliestPendingAt among `among` only. */
export function earliestPendingAmong(db: TillDatabase, among: readonly string[]): number | null {
  if (among.length === 0) return null;
  const row = first(
    db,
    q
      .selectFrom('outbox')
      .select((eb) => eb.fn.min<number | null>('next_attempt_at').as('at'))
      .where('state', '=', 'pending')
      .where('order_uuid', 'in', jsonListOf(among)),
  );
  return row?.at ?? null;
}

/** makePendingDue among `among` only. */
export function makePendingDueAmong(db: TillDatabase, among: readonly string[], now: number): void {
  if (among.length === 0) return;
  run(
    db,
    q
      .updateTable('outbox')
      .set({ next_attempt_at: now })
      .where('state', '=', 'pending')
      .where('next_attempt_at', '>', now)
      .where('order_uuid', 'in', jsonListOf(among)),
  );
}

/** How many of `among` are pending, synced and rejected, and when the oldest still pending was sold. */
export function outboxCountsAmong(
  db: TillDatabase,
  among: readonly string[],
): { pending: number; synced: number; rejected: number; oldestPendingAt: number | null } {
  const counts = { pending: 0, synced: 0, rejected: 0, oldestPendingAt: null as number | null };
  if (among.length === 0) return counts;
  const rows = all(
    db,
    q
      .selectFrom('outbox as x')
      .innerJoin('orders as o', 'o.seq', 'x.enqueued_seq')
      .select((eb) => ['x.state', eb.fn.countAll<number>().as('n'), eb.fn.min<number>('o.created_at').as('oldest')])
      .where('x.order_uuid', 'in', jsonListOf(among))
      .groupBy('x.state'),
  );
  for (const row of rows) {
    if (row.state === 'pending' || row.state === 'synced' || row.state === 'rejected') counts[row.state] = row.n;
    if (row.state === 'pending') counts.oldestPendingAt = row.oldest;
  }
  return counts;
}

/** The numbers of `uuids` among this database's orders (the rejoin's log: numbers a set-aside file's orders share with the branch's). */
export function orderNumbersOf(db: TillDatabase, uuids: readonly string[]): { uuid: string; number: string }[] {
  if (uuids.length === 0) return [];
  return all(db, q.selectFrom('orders').select(['uuid', 'number']).where('uuid', 'in', jsonListOf(uuids)).orderBy('seq'));
}

/** Which of `numbers` this database's orders carry (the rejoin's log: numbers the new hub gave too). */
export function orderNumbersTaken(db: TillDatabase, numbers: readonly string[]): Set<string> {
  if (numbers.length === 0) return new Set();
  return new Set(all(db, q.selectFrom('orders').select('number').where('number', 'in', jsonListOf(numbers))).map((r) => r.number));
}
