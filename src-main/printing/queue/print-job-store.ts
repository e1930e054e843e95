// The print_jobs table (migration 0003): every query the queue makes, in
// one place. A job is pending until it printed (done) or cannot (failed).

import { all, first, param, prepared, q, run, type TillDatabase } from '../../db/index.ts';
import type { PrintKind } from '../setup/till-printers.ts';

/** demand: asked for, first time on that printer; reprint: asked for again (prints COPY). */
export type PrintJobReason = 'checkout' | 'demand' | 'reprint';
export type PrintJobState = 'pending' | 'done' | 'failed';

export interface PrintJob {
  id: number;
  /** Null for a document job (a shift report, the drawer kick), which carries its `document` instead. */
  order_uuid: string | null;
  printer_id: string;
  kind: PrintKind | 'document';
  reason: PrintJobReason;
  state: PrintJobState;
  attempts: number;
  next_attempt_at: number;
  last_error: string | null;
  created_at: number;
  finished_at: number | null;
  /** JSON of the ReceiptDocument of a document job. */
  document: string | null;
  /** A job still pending at this time fails instead of printing late (the drawer kick). */
  give_up_at: number | null;
}

export interface NewPrintJob {
  order_uuid: string;
  printer_id: string;
  kind: PrintKind;
  reason: PrintJobReason;
}

// The queue's per-job reads and writes run at every checkout: typed by
// Kysely and compiled once (db/query.ts prepared). The rest are built per call.
const INSERT_JOB = prepared<{ order_uuid: string; printer_id: string; kind: PrintKind; reason: PrintJobReason; now: number }>()(
  q.insertInto('print_jobs').values({
    order_uuid: param('order_uuid'),
    printer_id: param('printer_id'),
    kind: param('kind'),
    reason: param('reason'),
    state: 'pending',
    created_at: param('now'),
  }),
);
const NEXT_PENDING = prepared<{ printerId: string }>()(
  q.selectFrom('print_jobs').selectAll().where('state', '=', 'pending').where('printer_id', '=', param<string>('printerId')).orderBy('id').limit(1),
);
const MARK_DONE = prepared<{ id: number; now: number; note: string | null }>()(
  q
    .updateTable('print_jobs')
    .set((eb) => ({ state: 'done', attempts: eb('attempts', '+', 1), last_error: param<string | null>('note'), finished_at: param<number>('now') }))
    .where('id', '=', param<number>('id')),
);
const MARK_RETRY = prepared<{ id: number; nextAttemptAt: number; error: string }>()(
  q
    .updateTable('print_jobs')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), next_attempt_at: param<number>('nextAttemptAt'), last_error: param<string>('error') }))
    .where('id', '=', param<number>('id')),
);
const MARK_FAILED = prepared<{ id: number; now: number; error: string }>()(
  q
    .updateTable('print_jobs')
    .set((eb) => ({ state: 'failed', attempts: eb('attempts', '+', 1), last_error: param<string>('error'), finished_at: param<number>('now') }))
    .where('id', '=', param<number>('id')),
);

export function insertPrintJob(db: TillDatabase, job: NewPrintJob, now: number): number {
  const { lastInsertRowid } = INSERT_JOB.run(db, { order_uuid: job.order_uuid, printer_id: job.printer_id, kind: job.kind, reason: job.reason, now });
  return Number(lastInsertRowid);
}

/** A composed document (a report, the drawer kick) for one printer, printed by the queue like any job. */
export function insertDocumentJob(db: TillDatabase, printerId: string, document: unknown, now: number, giveUpAt: number | null = null): number {
  const { lastInsertRowid } = run(
    db,
    q.insertInto('print_jobs').values({
      order_uuid: null,
      printer_id: printerId,
      kind: 'document',
      reason: 'demand',
      state: 'pending',
      created_at: now,
      document: JSON.stringify(document),
      give_up_at: giveUpAt,
    }),
  );
  return Number(lastInsertRowid);
}

/** One job by id (a caller waiting for its document to print). */
export function readPrintJob(db: TillDatabase, id: number): PrintJob | undefined {
  return first(db, q.selectFrom('print_jobs').selectAll().where('id', '=', id));
}

/** The printer's oldest pending job: its jobs print in the order they were made. */
export function nextPendingJob(db: TillDatabase, printerId: string): PrintJob | undefined {
  return NEXT_PENDING.get(db, { printerId });
}

export function printersWithPendingJobs(db: TillDatabase): string[] {
  return all(db, q.selectFrom('print_jobs').select('printer_id').distinct().where('state', '=', 'pending')).map((r) => r.printer_id);
}

export function pendingJobCount(db: TillDatabase, printerId: string): number {
  const counted = first(
    db,
    q
      .selectFrom('print_jobs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('state', '=', 'pending')
      .where('printer_id', '=', printerId),
  );
  return counted?.n ?? 0;
}

/** `note` keeps a warning on a job that did print (a PDF that could not be written). */
export function markJobDone(db: TillDatabase, id: number, now: number, note: string | null = null): void {
  MARK_DONE.run(db, { id, now, note });
}

export function markJobRetry(db: TillDatabase, id: number, nextAttemptAt: number, error: string): void {
  MARK_RETRY.run(db, { id, nextAttemptAt, error });
}

export function markJobFailed(db: TillDatabase, id: number, now: number, error: string): void {
  MARK_FAILED.run(db, { id, now, error });
}

/** Whether this order's `kind` document already printed on the printer (a new job is then a reprint). */
export function hasPrinted(db: TillDatabase, orderUuid: string, printerId: string, kind: PrintKind): boolean {
  const query = q
    .selectFrom('print_jobs')
    .select((eb) => eb.lit(1).as('one'))
    .where('order_uuid', '=', orderUuid)
    .where('printer_id', '=', printerId)
    .where('kind', '=', kind)
    .where('state', '=', 'done');
  return first(db, query) !== undefined;
}

/** The printer's newest job, whatever its state: what a printer's status says without a running queue. */
export function latestPrintJob(db: TillDatabase, printerId: string): Pick<PrintJob, 'state' | 'last_error'> | undefined {
  return first(db, q.selectFrom('print_jobs').select(['state', 'last_error']).where('printer_id', '=', printerId).orderBy('id', 'desc').limit(1));
}

/** An order's jobs, oldest first (what the cashier sees on the order). */
export function readPrintJobs(db: TillDatabase, orderUuid?: string): PrintJob[] {
  const jobs = q.selectFrom('print_jobs').selectAll().orderBy('id');
  return all(db, orderUuid === undefined ? jobs : jobs.where('order_uuid', '=', orderUuid));
}
