// The print_jobs table (migration 0003): every query the queue makes, in
// one place. A job is pending until it printed (done) or cannot (failed).

import type { TillDatabase } from '../../db/index.ts';
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

export function insertPrintJob(db: TillDatabase, job: NewPrintJob, now: number): number {
  const { lastInsertRowid } = db
    .prepare("INSERT INTO print_jobs (order_uuid, printer_id, kind, reason, state, created_at) VALUES (?, ?, ?, ?, 'pending', ?)")
    .run(job.order_uuid, job.printer_id, job.kind, job.reason, now);
  return Number(lastInsertRowid);
}

/** A composed document (a report, the drawer kick) for one printer, printed by the queue like any job. */
export function insertDocumentJob(db: TillDatabase, printerId: string, document: unknown, now: number, giveUpAt: number | null = null): number {
  const { lastInsertRowid } = db
    .prepare(
      "INSERT INTO print_jobs (order_uuid, printer_id, kind, reason, state, created_at, document, give_up_at) VALUES (NULL, ?, 'document', 'demand', 'pending', ?, ?, ?)",
    )
    .run(printerId, now, JSON.stringify(document), giveUpAt);
  return Number(lastInsertRowid);
}

/** One job by id (a caller waiting for its document to print). */
export function readPrintJob(db: TillDatabase, id: number): PrintJob | undefined {
  return db.prepare('SELECT * FROM print_jobs WHERE id = ?').get(id) as PrintJob | undefined;
}

/** The printer's oldest pending job: its jobs print in the order they were made. */
export function nextPendingJob(db: TillDatabase, printerId: string): PrintJob | undefined {
  return db.prepare("SELECT * FROM print_jobs WHERE state = 'pending' AND printer_id = ? ORDER BY id LIMIT 1").get(printerId) as PrintJob | undefined;
}

export function printersWithPendingJobs(db: TillDatabase): string[] {
  return (db.prepare("SELECT DISTINCT printer_id FROM print_jobs WHERE state = 'pending'").all() as { printer_id: string }[]).map((r) => r.printer_id);
}

export function pendingJobCount(db: TillDatabase, printerId: string): number {
  return (db.prepare("SELECT count(*) AS n FROM print_jobs WHERE state = 'pending' AND printer_id = ?").get(printerId) as { n: number }).n;
}

/** `note` keeps a warning on a job that did print (a PDF that could not be written). */
export function markJobDone(db: TillDatabase, id: number, now: number, note: string | null = null): void {
  db.prepare("UPDATE print_jobs SET state = 'done', attempts = attempts + 1, last_error = ?, finished_at = ? WHERE id = ?").run(note, now, id);
}

export function markJobRetry(db: TillDatabase, id: number, nextAttemptAt: number, error: string): void {
  db.prepare('UPDATE print_jobs SET attempts = attempts + 1, next_attempt_at = ?, last_error = ? WHERE id = ?').run(nextAttemptAt, error, id);
}

export function markJobFailed(db: TillDatabase, id: number, now: number, error: string): void {
  db.prepare("UPDATE print_jobs SET state = 'failed', attempts = attempts + 1, last_error = ?, finished_at = ? WHERE id = ?").run(error, now, id);
}

/** Whether this order's `kind` document already printed on the printer (a new job is then a reprint). */
export function hasPrinted(db: TillDatabase, orderUuid: string, printerId: string, kind: PrintKind): boolean {
  return (
    db.prepare("SELECT 1 FROM print_jobs WHERE order_uuid = ? AND printer_id = ? AND kind = ? AND state = 'done'").get(orderUuid, printerId, kind) !== undefined
  );
}

/** The printer's newest job, whatever its state: what a printer's status says without a running queue. */
export function latestPrintJob(db: TillDatabase, printerId: string): Pick<PrintJob, 'state' | 'last_error'> | undefined {
  return db.prepare('SELECT state, last_error FROM print_jobs WHERE printer_id = ? ORDER BY id DESC LIMIT 1').get(printerId) as
    Pick<PrintJob, 'state' | 'last_error'> | undefined;
}

/** An order's jobs, oldest first (what the cashier sees on the order). */
export function readPrintJobs(db: TillDatabase, orderUuid?: string): PrintJob[] {
  return orderUuid === undefined
    ? (db.prepare('SELECT * FROM print_jobs ORDER BY id').all() as PrintJob[])
    : (db.prepare('SELECT * FROM print_jobs WHERE order_uuid = ? ORDER BY id').all(orderUuid) as PrintJob[]);
}
