/**
 * The reporting queue over zatca_documents: the document next in counter
 * order, and what each try did to it. An outcome is written only while the
 * document is still pending, so a late answer never undoes a final one.
 */
import { all, first, param, prepared, q, type TillDatabase } from '../db/index.ts';
import type { ZatcaMessages } from './reporting-answer.ts';
import { documentAsSigned } from './stored-xml.ts';
import type { ZatcaDocumentKind } from './zatca-document.ts';

export interface QueuedDocument {
  /** The row's key (signing order across the branch's units). */
  seq: number;
  /** The EGS unit that signed it: reported with that unit's credentials. */
  egs_unit: string;
  icv: number;
  order_uuid: string;
  /** The document's cbc:UUID, which ZATCA's request names. */
  uuid: string;
  kind: ZatcaDocumentKind;
  number: string;
  issued_at: number;
  hash: string;
  /** The signed text (the column's compact form read back: stored-xml.ts). */
  xml: string;
  attempts: number;
  next_attempt_at: number;
  /** Why the last try did not settle it, or null before the first. */
  last_error: string | null;
}

/** The states of a document ZATCA has not answered yet: to be reported, or a standard invoice to be cleared. */
const AWAITING_ZATCA = ['pending', 'clearing'] as const;

const QUEUED_COLUMNS = [
  'seq',
  'egs_unit',
  'icv',
  'order_uuid',
  'uuid',
  'kind',
  'number',
  'issued_at',
  'hash',
  'xml',
  'attempts',
  'next_attempt_at',
  'last_error',
] as const;

const HEAD = prepared<Record<string, never>>()(
  q.selectFrom('zatca_documents').select(QUEUED_COLUMNS).where('report_state', '=', 'pending').orderBy('seq').limit(1),
);

/**
 * The pending document signed first: documents go to ZATCA in signing
 * order, one after the other (within a unit, counter order). Given `units`
 * (the units whose credentials this till holds), only their documents: a
 * unit whose credentials are elsewhere does not hold up the others. Given
 * `uuids`, only those documents (a set-aside file's own: set-aside-reporting.ts).
 */
export function headOfQueue(db: TillDatabase, units?: readonly string[], uuids?: readonly string[]): QueuedDocument | null {
  if (units === undefined && uuids === undefined) return readBack(HEAD.get(db, {}) as QueuedDocument | undefined);
  if (units?.length === 0 || uuids?.length === 0) return null;
  let query = q.selectFrom('zatca_documents').select(QUEUED_COLUMNS).where('report_state', '=', 'pending');
  if (units) query = query.where('egs_unit', 'in', units);
  if (uuids) query = query.where('uuid', 'in', uuids);
  return readBack(first(db, query.orderBy('seq').limit(1)) as QueuedDocument | undefined);
}

function readBack(row: QueuedDocument | undefined): QueuedDocument | null {
  return row ? documentAsSigned(row) : null;
}

/** The units with documents still to report (few: this machine's, and an old hub's it took over from); given `uuids`, among those documents. */
export function unitsWithPending(db: TillDatabase, uuids?: readonly string[]): string[] {
  if (uuids?.length === 0) return [];
  let query = q.selectFrom('zatca_documents').select('egs_unit').distinct().where('report_state', '=', 'pending');
  if (uuids) query = query.where('uuid', 'in', uuids);
  return all(db, query).map((r) => r.egs_unit);
}

/** How many of `uuids` are still pending, and when the oldest of them was issued. */
export function pendingAmong(db: TillDatabase, uuids: readonly string[]): { pending: number; oldestIssuedAt: number | null } {
  if (uuids.length === 0) return { pending: 0, oldestIssuedAt: null };
  const row = first(
    db,
    q
      .selectFrom('zatca_documents')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min<number>('issued_at').as('oldest')])
      .where('report_state', '=', 'pending')
      .where('uuid', 'in', uuids),
  );
  return { pending: row?.n ?? 0, oldestIssuedAt: row?.oldest ?? null };
}

const ACCEPTED = prepared<{ seq: number; status: string; messages: string; note: string | null; now: number }>()(
  q
    .updateTable('zatca_documents')
    .set((eb) => ({
      report_state: 'reported',
      attempts: eb('attempts', '+', 1),
      zatca_status: param<string>('status'),
      messages: param<string>('messages'),
      last_error: param<string | null>('note'),
      reported_at: param<number>('now'),
    }))
    .where('seq', '=', param<number>('seq'))
    .where('report_state', '=', 'pending'),
);

export function recordReported(
  db: TillDatabase,
  seq: number,
  outcome: { zatcaStatus: string; messages: ZatcaMessages; note: string | null; now: number },
): void {
  ACCEPTED.run(db, { seq, status: outcome.zatcaStatus, messages: JSON.stringify(outcome.messages), note: outcome.note, now: outcome.now });
}

const REJECTED = prepared<{ seq: number; status: string; messages: string; reason: string }>()(
  q
    .updateTable('zatca_documents')
    .set((eb) => ({
      report_state: 'rejected',
      attempts: eb('attempts', '+', 1),
      zatca_status: param<string>('status'),
      messages: param<string>('messages'),
      last_error: param<string>('reason'),
    }))
    .where('seq', '=', param<number>('seq'))
    .where('report_state', '=', 'pending'),
);

export function recordRejected(db: TillDatabase, seq: number, outcome: { zatcaStatus: string; messages: ZatcaMessages; reason: string }): void {
  REJECTED.run(db, { seq, status: outcome.zatcaStatus, messages: JSON.stringify(outcome.messages), reason: outcome.reason });
}

const DEFERRED = prepared<{ seq: number; nextAttemptAt: number; reason: string }>()(
  q
    .updateTable('zatca_documents')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), next_attempt_at: param<number>('nextAttemptAt'), last_error: param<string>('reason') }))
    .where('seq', '=', param<number>('seq'))
    .where('report_state', 'in', AWAITING_ZATCA),
);

/** The document stays pending (or clearing), due again at `nextAttemptAt`, with why. */
export function recordDeferred(db: TillDatabase, seq: number, nextAttemptAt: number, reason: string): void {
  DEFERRED.run(db, { seq, nextAttemptAt, reason });
}

const MAKE_DUE = prepared<{ now: number }>()(
  q
    .updateTable('zatca_documents')
    .set({ next_attempt_at: param<number>('now') })
    .where('report_state', 'in', AWAITING_ZATCA)
    .where('next_attempt_at', '>', param<number>('now')),
);

/** ZATCA is reachable again: a backoff computed while offline must not hold the queue (nor the invoices awaiting clearance). */
export function makeQueueDue(db: TillDatabase, now: number): void {
  MAKE_DUE.run(db, { now });
}

export interface RejectedDocument {
  egs_unit: string;
  icv: number;
  order_uuid: string;
  kind: ZatcaDocumentKind;
  number: string;
  issued_at: number;
  last_error: string | null;
  messages: ZatcaMessages | null;
}

/** Every document ZATCA rejected, in counter order, with its messages. */
export function rejectedDocuments(db: TillDatabase): RejectedDocument[] {
  const rows = all(
    db,
    q
      .selectFrom('zatca_documents')
      .select(['egs_unit', 'icv', 'order_uuid', 'kind', 'number', 'issued_at', 'last_error', 'messages'])
      .where('report_state', '=', 'rejected')
      .orderBy('seq'),
  );
  return rows.map((row) => ({ ...row, kind: row.kind as ZatcaDocumentKind, messages: parseMessages(row.messages) }));
}

/** The stored messages column, or null when there is none (or it cannot be read). */
export function parseMessages(column: string | null): ZatcaMessages | null {
  if (!column) return null;
  try {
    const value = JSON.parse(column) as Partial<ZatcaMessages>;
    return { info: value.info ?? [], warnings: value.warnings ?? [], errors: value.errors ?? [] };
  } catch {
    return null;
  }
}

const QUEUE_COUNTS = prepared<Record<string, never>>()(
  q.selectNoFrom((eb) => [
    eb.selectFrom('zatca_documents').select(eb.fn.countAll<number>().as('n')).where('report_state', '=', 'pending').as('unreported'),
    eb.selectFrom('zatca_documents').select(eb.fn.countAll<number>().as('n')).where('report_state', '=', 'rejected').as('rejected'),
    eb
      .selectFrom('zatca_documents')
      .select((inner) => inner.fn.min<number>('issued_at').as('at'))
      .where('report_state', '=', 'pending')
      .as('oldest'),
  ]),
);

const TAKEN_COUNT = prepared<{ state: 'reported' | 'cleared' }>()(
  q
    .selectFrom('zatca_documents')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('report_state', '=', param<'reported' | 'cleared'>('state')),
);

/** How many documents ZATCA has taken (reported, or cleared), counted over the report_state index (never the rows with their XML). */
export function takenCount(db: TillDatabase, state: 'reported' | 'cleared'): number {
  return TAKEN_COUNT.get(db, { state })!.n;
}

/**
 * What the status needs after every checkout, from the (report_state, …)
 * index alone: the pending and rejected documents, never the whole chain
 * (a year of sales is many thousand rows).
 */
export function queueCounts(db: TillDatabase): { unreported: number; rejected: number; oldestUnreportedAt: number | null } {
  const row = QUEUE_COUNTS.get(db, {})!;
  return { unreported: row.unreported ?? 0, rejected: row.rejected ?? 0, oldestUnreportedAt: row.oldest ?? null };
}
