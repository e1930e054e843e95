import { first, param, prepared, q, run, type TillDatabase } from '../db/index.ts';

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

/**
 * Queues a record for the service. `station` is the station it came from
 * (a shift's drawer, the screen that took a settlement): kept in the row,
 * never in the body, since the spec's objects show no member for it.
 */
export function enqueueRecord(db: TillDatabase, uuid: string, kind: RecordKind, body: Record<string, unknown>, now: number, station: string | null): void {
  run(
    db,
    q
      .insertInto('record_outbox')
      .values({ uuid, kind, body: JSON.stringify(body), state: 'pending', created_at: now, station })
      .onConflict((conflict) => conflict.column('uuid').doNothing()),
  );
}

// The upload worker's queries, typed by Kysely and compiled once (db/query.ts prepared): they run for every batch.
const DUE = prepared<{ kind: RecordKind; now: number; limit: number }>()(
  q
    .selectFrom('record_outbox')
    .select(['uuid', 'kind', 'body', 'attempts'])
    // The schema knows `kind` as TEXT; the migration's CHECK keeps it to the record kinds.
    .$narrowType<{ kind: RecordKind }>()
    .where('kind', '=', param<RecordKind>('kind'))
    .where('state', '=', 'pending')
    .where('next_attempt_at', '<=', param<number>('now'))
    .orderBy('seq')
    .limit(param<number>('limit')),
);

const SYNCED = prepared<{ uuid: string; now: number }>()(
  q
    .updateTable('record_outbox')
    .set((eb) => ({ state: 'synced', attempts: eb('attempts', '+', 1), synced_at: param<number>('now'), last_error: null }))
    .where('uuid', '=', param<string>('uuid'))
    .where('state', '=', 'pending'),
);

const REJECTED = prepared<{ uuid: string; reason: string }>()(
  q
    .updateTable('record_outbox')
    .set((eb) => ({ state: 'rejected', attempts: eb('attempts', '+', 1), last_error: param<string>('reason') }))
    .where('uuid', '=', param<string>('uuid'))
    .where('state', '=', 'pending'),
);

const DEFERRED = prepared<{ uuid: string; nextAttemptAt: number; reason: string }>()(
  q
    .updateTable('record_outbox')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), next_attempt_at: param<number>('nextAttemptAt'), last_error: param<string>('reason') }))
    .where('uuid', '=', param<string>('uuid'))
    .where('state', '=', 'pending'),
);

// A settlement waiting for its order: it goes later, and the wait is no failed try.
const POSTPONED = prepared<{ uuid: string; nextAttemptAt: number; reason: string }>()(
  q
    .updateTable('record_outbox')
    .set({ next_attempt_at: param<number>('nextAttemptAt'), last_error: param<string>('reason') })
    .where('uuid', '=', param<string>('uuid'))
    .where('state', '=', 'pending'),
);

// The upload engine sleeps until the earliest pending record falls due.
const EARLIEST_PENDING = prepared<{ kind: RecordKind }>()(
  q
    .selectFrom('record_outbox')
    .select((eb) => eb.fn.min<number | null>('next_attempt_at').as('at'))
    .where('kind', '=', param<RecordKind>('kind'))
    .where('state', '=', 'pending'),
);

const MAKE_DUE = prepared<{ kind: RecordKind; now: number }>()(
  q
    .updateTable('record_outbox')
    .set({ next_attempt_at: param<number>('now') })
    .where('kind', '=', param<RecordKind>('kind'))
    .where('state', '=', 'pending')
    .where('next_attempt_at', '>', param<number>('now')),
);

// The upload loop counts what is left after every run.
const COUNTS = prepared<{ kind: RecordKind }>()(
  q
    .selectFrom('record_outbox')
    .select((eb) => ['state', eb.fn.countAll<number>().as('n')])
    // The schema knows `state` as TEXT; the migration's CHECK keeps it to these three.
    .$narrowType<{ state: 'pending' | 'synced' | 'rejected' }>()
    .where('kind', '=', param<RecordKind>('kind'))
    .groupBy('state'),
);

export function dueRecords(db: TillDatabase, kind: RecordKind, now: number, limit: number): PendingRecord[] {
  return DUE.all(db, { kind, now, limit }).map((row) => ({ ...row, body: JSON.parse(row.body) as Record<string, unknown> }));
}

export function markRecordSynced(db: TillDatabase, uuid: string, now: number): void {
  SYNCED.run(db, { uuid, now });
}

export function markRecordRejected(db: TillDatabase, uuid: string, reason: string): void {
  REJECTED.run(db, { uuid, reason });
}

export function deferRecord(db: TillDatabase, uuid: string, nextAttemptAt: number, reason: string): void {
  DEFERRED.run(db, { uuid, nextAttemptAt, reason });
}

/** The station a queued record came from (null: queued before stations, or by no station). */
export function recordStation(db: TillDatabase, uuid: string): string | null {
  return first(db, q.selectFrom('record_outbox').select('station').where('uuid', '=', uuid))?.station ?? null;
}

export function recordCounts(db: TillDatabase, kind: RecordKind): { pending: number; synced: number; rejected: number } {
  const counts = { pending: 0, synced: 0, rejected: 0 };
  for (const row of COUNTS.all(db, { kind })) counts[row.state] = row.n;
  return counts;
}

/** Moves a pending record's next try to `nextAttemptAt` without counting an attempt (it was not sent). */
export function postponeRecord(db: TillDatabase, uuid: string, nextAttemptAt: number, reason: string): void {
  POSTPONED.run(db, { uuid, nextAttemptAt, reason });
}

/** When the earliest pending record of `kind` falls due; null when none is pending. */
export function earliestRecordAttempt(db: TillDatabase, kind: RecordKind): number | null {
  return EARLIEST_PENDING.get(db, { kind })?.at ?? null;
}

/** The service is reachable again: every pending record of `kind` is due now. */
export function makeRecordsDue(db: TillDatabase, kind: RecordKind, now: number): void {
  MAKE_DUE.run(db, { kind, now });
}
