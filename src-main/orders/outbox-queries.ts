/**
 * Every read and write the upload worker makes on the `outbox` table
 * (migrations/0002_orders.sql). Writes about one batch happen in one
 * IMMEDIATE transaction, so a crash leaves a batch either as it was before
 * the answer or wholly updated, never half.
 */
import { statement, type TillDatabase } from '../db/index.ts';

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
  const rows = statement(db, 
      `SELECT o.uuid, o.number, o.business_day, o.created_at, o.total, x.attempts, x.last_error, x.rejection, x.service_status
       FROM outbox x JOIN orders o ON o.uuid = x.order_uuid
       WHERE x.state = 'rejected' ORDER BY x.enqueued_seq`,
    )
    .all() as (Omit<RejectedOrder, 'rejection'> & { rejection: string | null })[];
  return rows.map((row) => ({ ...row, rejection: row.rejection === null ? null : JSON.parse(row.rejection) }));
}

export interface DueEntry {
  uuid: string;
  attempts: number;
}

/** Up to `limit` pending orders whose time has come, oldest first. */
export function selectDue(db: TillDatabase, now: number, limit: number, excluding: readonly string[] = []): DueEntry[] {
  return statement(
    db,
    `SELECT order_uuid AS uuid, attempts FROM outbox
     WHERE state = 'pending' AND next_attempt_at <= ? AND order_uuid NOT IN (SELECT value FROM json_each(?))
     ORDER BY enqueued_seq LIMIT ?`,
  ).all(now, JSON.stringify(excluding), limit) as DueEntry[];
}

/**
 * Marks the bodies of orders about to be read for upload as fixed: from now
 * on a settle-later payment of one of them goes as its own record
 * (orders/order-store.ts settleOrder), since the service keeps the first
 * body it receives for a uuid. Run in the same transaction as the read.
 */
export function freezeBodies(db: TillDatabase, uuids: readonly string[], now: number): void {
  statement(db, 'UPDATE outbox SET frozen_at = ? WHERE frozen_at IS NULL AND order_uuid IN (SELECT value FROM json_each(?))').run(now, JSON.stringify(uuids));
}

/** When the next pending order falls due, or null when nothing is pending. */
export function earliestPendingAt(db: TillDatabase): number | null {
  const row = statement(db, "SELECT min(next_attempt_at) AS at FROM outbox WHERE state = 'pending'").get() as { at: number | null };
  return row.at;
}

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
export function recordOutcome(db: TillDatabase, outcome: BatchOutcome): void {
  const synced = statement(db, 
    `UPDATE outbox SET state = 'synced', attempts = attempts + 1, service_id = ?, service_status = ?, synced_at = ?,
       last_error = NULL, rejection = NULL
     WHERE order_uuid = ? AND state = 'pending'`,
  );
  const rejected = statement(db, 
    `UPDATE outbox SET state = 'rejected', attempts = attempts + 1, service_status = ?, rejection = ?, last_error = ?
     WHERE order_uuid = ? AND state = 'pending'`,
  );
  const deferred = statement(db, 
    `UPDATE outbox SET attempts = attempts + 1, next_attempt_at = ?, last_error = ?
     WHERE order_uuid = ? AND state = 'pending'`,
  );
  db.transaction(() => {
    for (const s of outcome.synced) synced.run(s.serviceId, s.serviceStatus, outcome.now, s.uuid);
    for (const r of outcome.rejected) rejected.run(r.serviceStatus, JSON.stringify(r.errors), r.reason, r.uuid);
    if (outcome.deferred) {
      for (const uuid of outcome.deferred.uuids) deferred.run(outcome.deferred.nextAttemptAt, outcome.deferred.reason, uuid);
    }
  }).immediate();
}

/**
 * Makes every pending order due now. Used when the connection comes back:
 * backoff waits computed while offline would otherwise hold orders for up
 * to the cap after the service is reachable again.
 */
export function makePendingDue(db: TillDatabase, now: number): void {
  statement(db, "UPDATE outbox SET next_attempt_at = ? WHERE state = 'pending' AND next_attempt_at > ?").run(now, now);
}
