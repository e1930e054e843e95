import { statement, type TillDatabase } from '../db/index.ts';

/**
 * The one owner of `record_outbox` (migrations/0005): records other than
 * orders that reach the service exactly once (closed shifts as attendance,
 * settlements of orders that had already gone). Each has a uuid the
 * service can deduplicate on, like orders.
 */
export type RecordKind = 'attendance' | 'settlement';

export interface PendingRecord {
  uuid: string;
  kind: RecordKind;
  body: Record<string, unknown>;
  attempts: number;
}

export function enqueueRecord(db: TillDatabase, uuid: string, kind: RecordKind, body: Record<string, unknown>, now: number): void {
  statement(db, "INSERT INTO record_outbox (uuid, kind, body, state, created_at) VALUES (?, ?, ?, 'pending', ?) ON CONFLICT (uuid) DO NOTHING").run(
    uuid,
    kind,
    JSON.stringify(body),
    now,
  );
}

export function dueRecords(db: TillDatabase, kind: RecordKind, now: number, limit: number): PendingRecord[] {
  const rows = statement(
    db,
    "SELECT uuid, kind, body, attempts FROM record_outbox WHERE kind = ? AND state = 'pending' AND next_attempt_at <= ? ORDER BY seq LIMIT ?",
  ).all(kind, now, limit) as { uuid: string; kind: RecordKind; body: string; attempts: number }[];
  return rows.map((row) => ({ ...row, body: JSON.parse(row.body) as Record<string, unknown> }));
}

export function markRecordSynced(db: TillDatabase, uuid: string, now: number): void {
  statement(
    db,
    "UPDATE record_outbox SET state = 'synced', attempts = attempts + 1, synced_at = ?, last_error = NULL WHERE uuid = ? AND state = 'pending'",
  ).run(now, uuid);
}

export function markRecordRejected(db: TillDatabase, uuid: string, reason: string): void {
  statement(db, "UPDATE record_outbox SET state = 'rejected', attempts = attempts + 1, last_error = ? WHERE uuid = ? AND state = 'pending'").run(reason, uuid);
}

export function deferRecord(db: TillDatabase, uuid: string, nextAttemptAt: number, reason: string): void {
  statement(db, "UPDATE record_outbox SET attempts = attempts + 1, next_attempt_at = ?, last_error = ? WHERE uuid = ? AND state = 'pending'").run(
    nextAttemptAt,
    reason,
    uuid,
  );
}

export function recordCounts(db: TillDatabase, kind: RecordKind): { pending: number; synced: number; rejected: number } {
  const rows = statement(db, 'SELECT state, count(*) AS n FROM record_outbox WHERE kind = ? GROUP BY state').all(kind) as {
    state: 'pending' | 'synced' | 'rejected';
    n: number;
  }[];
  const counts = { pending: 0, synced: 0, rejected: 0 };
  for (const row of rows) counts[row.state] = row.n;
  return counts;
}
