// The print worker (docs/decisions.md, "Printing"). Jobs are rows; each printer has its
// own lane that prints that printer's jobs oldest first, so a printer that
// is off, slow or out of paper holds up only itself. A refused connection
// or a timeout is retried with backoff until the job is `giveUpAfterMs`
// old; anything that retrying cannot fix (no binding, a bad address, an
// order that is gone) fails the job at once. Jobs are printed at least
// once: a crash between sending and marking done prints that job again.

import { EventEmitter } from 'node:events';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { type OrderRecord } from '../../../src-shared/selling/index.ts';
import { TillError } from '../../../src-shared/errors/index.ts';
import type { TillDatabase } from '../../db/index.ts';
import { readOrder } from '../../orders/index.ts';
import { getSetting } from '../../settings/index.ts';
import { Alarm, systemClock, type Clock } from '../../clock/index.ts';
import { backoffDelay, type BackoffPolicy } from '../../upstream/index.ts';
import { routedLines } from '../compose/compose-kitchen-ticket.ts';
import { readPrintContext } from '../setup/print-context.ts';
import { readStationPrinting, receiptOpensDrawer } from '../setup/station-printers.ts';
import { readTillPrinter, readTillPrinters, type PrintKind, type TillPrinter } from '../setup/till-printers.ts';
import { AppToAppError, sendToCommand } from '../transport/send-to-command.ts';
import { appPrograms } from '../setup/app-programs.ts';
import { PrinterSendError, sendToPrinter, type SendOptions } from '../transport/send-to-printer.ts';
import { isPrinterDevicePath, sendToDevice } from '../transport/send-to-device.ts';
import { effectiveAddressPolicy, resolvePrinterAddress, type PrinterAddressPolicy } from '../setup/printer-address-policy.ts';
import { RenderWorkerError, sharedRenderWorker, type DocumentRenderer } from '../render-worker/document-renderer.ts';
import { documentFor, renderRequestFor } from './job-document.ts';
import type { ReceiptDocument } from '../layout/receipt-document.ts';
import {
  hasPrinted,
  insertDocumentJob,
  insertPrintJob,
  markJobDone,
  markJobFailed,
  markJobRetry,
  nextPendingJob,
  pendingJobCount,
  printersWithPendingJobs,
  type PrintJob,
} from './print-job-store.ts';

/** ok: printed its last job; retrying: cannot reach it, will try again; failed: gave a job up; unbound: not used here. */
export type PrinterState = 'idle' | 'ok' | 'retrying' | 'failed' | 'unbound';

/** What the cashier sees per printer. */
export interface PrinterStatus {
  printerId: string;
  name: string;
  state: PrinterState;
  /** Why the last attempt failed (retrying, failed), else null. */
  lastError: string | null;
  pending: number;
  at: number;
}

export interface PrintJobOutcome {
  job: PrintJob;
  state: 'done' | 'retrying' | 'failed';
  error: string | null;
  /** The PDF written for the job (PDF flag), if any. */
  pdf: string | null;
}

export interface PrintQueueEvents {
  status: [PrinterStatus];
  job: [PrintJobOutcome];
}

export interface PrintQueueOptions {
  db: TillDatabase;
  /** Time and timers (the system's by default; tests drive a manual one). */
  clock?: Clock;
  /** Backoff with full jitter between attempts of a printer that cannot be reached. */
  retry?: BackoffPolicy;
  /** A job still not printed this long after it was made is failed (a receipt an hour late helps nobody). */
  giveUpAfterMs?: number;
  /** TCP timeouts per attempt. */
  send?: SendOptions;
  /** How long an APP_TO_APP command may take. */
  appTimeoutMs?: number;
  /** Where PDF printers' receipts go; default: setting `printing.receipts_dir`, else `receipts/` beside the database. */
  receiptsDir?: string;
  /** Which addresses may be printed to, beside the setting `printing.allowed_ports`; default: printer ports, no loopback. */
  addressPolicy?: PrinterAddressPolicy;
  /** Draws the jobs; default: the process's render worker thread, so printing never stalls a checkout. */
  renderer?: DocumentRenderer;
  /**
   * Resolves once every change committed so far is with the standby hub
   * (docs/standby.md): a job is printed only after it, so no ticket goes to
   * the kitchen for a sale a failover could un-happen. None: at once.
   */
  waitFor?: () => Promise<void>;
}

export const DEFAULT_PRINT_RETRY: BackoffPolicy = { baseDelayMs: 500, maxDelayMs: 30_000 };
export const DEFAULT_GIVE_UP_AFTER_MS = 15 * 60_000;
/** Full jitter can draw 0; a floor keeps a dead printer from being hammered. */
const MIN_RETRY_DELAY_MS = 10;

class PermanentJobError extends Error {}

/** A refused connection, an unreachable host, a timeout, a dropped connection, a failing command, a dead render thread: worth another try. */
export function isRetryablePrintError(error: unknown): boolean {
  if (error instanceof PrinterSendError) return error.code !== 'invalid-address' && error.code !== 'address-not-allowed';
  if (error instanceof AppToAppError) return error.code !== 'not-found' && error.code !== 'not-allowed';
  // The render thread died under the job; a new one takes it next time.
  if (error instanceof RenderWorkerError) return true;
  return false;
}

export class PrintQueue extends EventEmitter<PrintQueueEvents> {
  private readonly db: TillDatabase;
  private readonly now: () => number;
  private readonly retry: BackoffPolicy;
  private readonly giveUpAfterMs: number;
  /** Public so the host's preview draws on the same thread, with the same line cache. */
  readonly renderer: DocumentRenderer;
  private running = false;
  /** One promise per printer with work in progress: its lane. */
  private readonly lanes = new Map<string, Promise<void>>();
  /** Each lane's wait until its next attempt; stop() rings them all. */
  private readonly alarms = new Map<string, Alarm>();
  private readonly clock: Clock;
  private readonly states = new Map<string, PrinterStatus>();

  constructor(private readonly options: PrintQueueOptions) {
    super();
    this.db = options.db;
    this.clock = options.clock ?? systemClock;
    this.now = () => this.clock.now();
    this.retry = options.retry ?? DEFAULT_PRINT_RETRY;
    this.giveUpAfterMs = options.giveUpAfterMs ?? DEFAULT_GIVE_UP_AFTER_MS;
    this.renderer = options.renderer ?? sharedRenderWorker();
  }

  /** Starts printing what is pending, including jobs left over from before a restart. */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.notify();
  }

  isRunning(): boolean {
    return this.running;
  }

  /** Lets running attempts finish, then stops; pending jobs stay for the next start. */
  async stop(): Promise<void> {
    this.running = false;
    for (const alarm of this.alarms.values()) alarm.ring();
    await Promise.all(this.lanes.values());
  }

  /** New jobs were written (after a checkout commits, or a reprint): start the lanes that have work. */
  notify(): void {
    if (!this.running) return;
    for (const printerId of printersWithPendingJobs(this.db)) this.startLane(printerId);
  }

  private startLane(printerId: string): void {
    if (this.lanes.has(printerId)) return;
    const lane = this.runLane(printerId).finally(() => {
      this.lanes.delete(printerId);
      this.alarms.delete(printerId);
    });
    this.lanes.set(printerId, lane);
    // A job written after the lane last looked, while it was ending, found the lane still there and was left to it.
    lane.then(
      () => {
        if (this.running && pendingJobCount(this.db, printerId) > 0) this.startLane(printerId);
      },
      () => {}, // whoever awaits the lane (idle, stop) sees its failure
    );
  }

  /** Resolves when no lane has work left (tests, shutdown); jobs waiting for a retry count as work. */
  async idle(): Promise<void> {
    while (this.lanes.size > 0) await Promise.all(this.lanes.values());
  }

  /** Every printer of the replica with its state; unbound ones say so. */
  statuses(): PrinterStatus[] {
    return readTillPrinters(this.db).map((printer) => this.statusOf(printer));
  }

  /**
   * Prints an order's receipt or kitchen ticket again, or for the first
   * time on printers without PRINT_AUTO. Without `printerId`: on every
   * bound printer of that kind (kitchen: those with lines of the order).
   * Returns the new job ids; throws when no printer here can print it.
   */
  reprint(orderUuid: string, kind: PrintKind, printerId?: string): number[] {
    const order = readOrder(this.db, orderUuid);
    if (!order) throw new TillError('not_found', `this till has no order ${orderUuid}; nothing to print`);
    const candidates = printerId === undefined ? readTillPrinters(this.db).filter((p) => p.kind === kind) : [readTillPrinter(this.db, printerId)];
    const targets: TillPrinter[] = [];
    for (const printer of candidates) {
      if (!printer) throw new TillError('not_found', `there is no printer ${printerId ?? ''} in the catalog; sync, or pick another printer`);
      if (!printer.bound) {
        if (printerId !== undefined) throw new TillError('printer_error', `printer "${printer.name}" is not bound on this till: give it an address first`);
        continue;
      }
      if (kind === 'kitchen' && routedLines(order, printer.kind === 'kitchen' ? printer.categories : new Set()).length === 0) {
        if (printerId !== undefined)
          throw new TillError('printer_error', `printer "${printer.name}" has none of order ${order.number}'s categories routed to it`);
        continue;
      }
      targets.push(printer);
    }
    if (targets.length === 0)
      throw new TillError(
        'printer_error',
        `no printer bound on this till prints ${kind === 'receipt' ? 'receipts' : `kitchen tickets for order ${order.number}`}`,
      );
    const ids = this.db.transaction(() =>
      targets.map((printer) =>
        insertPrintJob(
          this.db,
          { order_uuid: order.uuid, printer_id: printer.id, kind, reason: hasPrinted(this.db, order.uuid, printer.id, kind) ? 'reprint' : 'demand' },
          this.now(),
        ),
      ),
    )();
    this.notify();
    return ids;
  }

  private async runLane(printerId: string): Promise<void> {
    // notify() is called by checkout right after its commit: give the sale back to the cashier before any printing work.
    await new Promise<void>((resolve) => setImmediate(resolve));
    while (this.running) {
      const job = nextPendingJob(this.db, printerId);
      if (!job) return;
      const wait = job.next_attempt_at - this.now();
      if (wait > 0) {
        await this.sleep(printerId, wait);
        continue;
      }
      await this.options.waitFor?.();
      await this.attempt(job);
    }
  }

  private sleep(printerId: string, ms: number): Promise<void> {
    let alarm = this.alarms.get(printerId);
    if (!alarm) this.alarms.set(printerId, (alarm = new Alarm(this.clock)));
    return alarm.sleep(ms);
  }

  private async attempt(job: PrintJob): Promise<void> {
    const printer = readTillPrinter(this.db, job.printer_id);
    let pdf: string | null = null;
    try {
      if (!printer) throw new PermanentJobError(`printer ${job.printer_id} is no longer in the catalog; reprint on another printer`);
      if (!printer.bound) throw new PermanentJobError(`printer "${printer.name}" is not bound on this till; give it an address and reprint`);
      if (job.kind === 'document') {
        await this.printDocumentJob(job, printer);
        return;
      }
      const order = job.order_uuid === null ? null : readOrder(this.db, job.order_uuid);
      if (!order) throw new PermanentJobError(`order ${job.order_uuid ?? '(none)'} is not on this till`);
      // A receipt opens the drawer of the station that sold it, never another station's (station-printers.ts).
      const opensDrawer = receiptOpensDrawer(printer.id, printer.settings.DRAWER_OPEN, readStationPrinting(this.db, order.station));
      const setup = {
        name: printer.name,
        settings: { ...printer.settings, DRAWER_OPEN: opensDrawer },
        width: printer.width,
        categories: job.kind === 'kitchen' ? printer.categories : null,
      };
      const doc = documentFor(order, job.kind, setup, readPrintContext(this.db), job.reason === 'reprint');
      if (!doc) {
        // The routing changed since the job was written: this printer makes none of it now.
        markJobDone(this.db, job.id, this.now(), `nothing routed to "${printer.name}" any more; no ticket printed`);
        this.report(printer, 'ok', null);
        this.emit('job', { job, state: 'done', error: null, pdf: null });
        return;
      }
      const bytes = await this.renderer.render(renderRequestFor(doc, setup));
      await this.deliver(printer, bytes);
      let note: string | null = null;
      if (job.kind === 'receipt' && printer.settings.PDF) {
        try {
          pdf = await this.writePdf(order, job, doc, printer);
        } catch (error) {
          note = `printed, but the PDF could not be written: ${(error as Error).message}`;
        }
      }
      markJobDone(this.db, job.id, this.now(), note);
      this.report(printer, 'ok', null);
      this.emit('job', { job, state: 'done', error: note, pdf });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const age = this.now() - job.created_at;
      if (isRetryablePrintError(error) && age < this.giveUpAfterMs && this.running) {
        const delay = Math.max(MIN_RETRY_DELAY_MS, backoffDelay(job.attempts, this.retry));
        markJobRetry(this.db, job.id, this.now() + delay, message);
        if (printer) this.report(printer, 'retrying', message);
        this.emit('job', { job, state: 'retrying', error: message, pdf: null });
        return;
      }
      if (isRetryablePrintError(error) && !this.running) {
        // Stopping mid-retry: the job stays pending for the next start.
        markJobRetry(this.db, job.id, this.now(), message);
        return;
      }
      if (job.give_up_at !== null && this.now() >= job.give_up_at) {
        const late = `not printed in time, so not printed at all: ${message}`;
        markJobFailed(this.db, job.id, this.now(), late);
        if (printer) this.report(printer, 'failed', late);
        this.emit('job', { job, state: 'failed', error: late, pdf: null });
        return;
      }
      const final = isRetryablePrintError(error) ? `gave up after ${Math.round(age / 1000)} s: ${message}` : message;
      markJobFailed(this.db, job.id, this.now(), final);
      if (printer) this.report(printer, 'failed', final);
      this.emit('job', { job, state: 'failed', error: final, pdf: null });
    }
  }

  /** A report or the drawer kick: the document was composed when asked for; here it is drawn for this printer and sent. */
  private async printDocumentJob(job: PrintJob, printer: TillPrinter): Promise<void> {
    if (job.give_up_at !== null && this.now() >= job.give_up_at) throw new PermanentJobError('not printed in time, so not printed at all');
    const doc = JSON.parse(job.document ?? 'null') as ReceiptDocument | null;
    if (!doc || !Array.isArray(doc.blocks)) throw new PermanentJobError(`print job ${job.id} holds no document`);
    const bytes = await this.renderer.render(renderRequestFor(doc, { settings: printer.settings, width: printer.width }));
    await this.deliver(printer, bytes);
    markJobDone(this.db, job.id, this.now());
    this.report(printer, 'ok', null);
    this.emit('job', { job, state: 'done', error: null, pdf: null });
  }

  /**
   * Queues a composed document (a shift report, the drawer kick) on a
   * printer: durable, retried like a receipt, behind that printer's other
   * jobs. `giveUpAfterMs` fails it rather than print it late. Returns the
   * job's id; `whenSettled(id)` waits for its first outcome.
   */
  enqueueDocument(printerId: string, doc: ReceiptDocument, giveUpAfterMs?: number): number {
    const now = this.now();
    const id = insertDocumentJob(this.db, printerId, doc, now, giveUpAfterMs === undefined ? null : now + giveUpAfterMs);
    this.notify();
    return id;
  }

  /** Resolves with the job's first outcome: done, retrying (the printer could not be reached yet) or failed. */
  whenSettled(jobId: number): Promise<PrintJobOutcome> {
    return new Promise((resolve) => {
      const listener = (outcome: PrintJobOutcome): void => {
        if (outcome.job.id !== jobId) return;
        this.off('job', listener);
        resolve(outcome);
      };
      this.on('job', listener);
    });
  }

  private deliver(printer: TillPrinter, bytes: Uint8Array): Promise<void> {
    if (printer.settings.APP_TO_APP) {
      if (!printer.appCommand) throw new PermanentJobError(`printer "${printer.name}" is APP_TO_APP but has no command bound on this till`);
      // The operator's list is read at every job: a program taken off it stops printing at once.
      const programs = appPrograms(this.db);
      return sendToCommand(printer.appCommand, bytes, {
        programs,
        ...(this.options.appTimeoutMs === undefined ? {} : { timeoutMs: this.options.appTimeoutMs }),
      });
    }
    if (!printer.address) throw new PermanentJobError(`printer "${printer.name}" has no address on this till`);
    return sendToAddress(printer.address, bytes, this.addressPolicy(), this.options.send);
  }

  /** The policy now: the option plus the setting, read per job so a change applies at once. */
  addressPolicy(): PrinterAddressPolicy {
    return effectiveAddressPolicy(this.db, this.options.addressPolicy);
  }

  private async writePdf(order: OrderRecord, job: PrintJob, doc: NonNullable<ReturnType<typeof documentFor>>, printer: TillPrinter): Promise<string> {
    const file = join(receiptsDir(this.db, this.options.receiptsDir), receiptPdfName(order, job.reason === 'reprint'));
    // A receipt names what was bought and paid: readable by the till's user only.
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    writeFileSync(file, await this.renderer.render({ doc, width: printer.width, output: 'pdf', title: `Receipt ${order.business_day} #${order.number}` }), {
      mode: 0o600,
    });
    chmodSync(file, 0o600);
    return file;
  }

  private statusOf(printer: TillPrinter): PrinterStatus {
    const known = this.states.get(printer.id);
    const pending = pendingJobCount(this.db, printer.id);
    if (!printer.bound) return { printerId: printer.id, name: printer.name, state: 'unbound', lastError: null, pending, at: this.now() };
    return known ? { ...known, pending } : { printerId: printer.id, name: printer.name, state: 'idle', lastError: null, pending, at: this.now() };
  }

  private report(printer: TillPrinter, state: PrinterState, lastError: string | null): void {
    const status: PrinterStatus = {
      printerId: printer.id,
      name: printer.name,
      state,
      lastError,
      pending: pendingJobCount(this.db, printer.id),
      at: this.now(),
    };
    this.states.set(printer.id, status);
    this.emit('status', status);
  }
}

/** A device file, or a TCP address checked against the policy (and resolved) before any byte goes out. */
export async function sendToAddress(address: string, bytes: Uint8Array, policy: PrinterAddressPolicy, send?: SendOptions): Promise<void> {
  if (isPrinterDevicePath(address)) return sendToDevice(address, bytes, send?.writeTimeoutMs === undefined ? {} : { timeoutMs: send.writeTimeoutMs });
  return sendToPrinter(await resolvePrinterAddress(address, policy), bytes, send);
}

export const RECEIPTS_DIR_SETTING = 'printing.receipts_dir' as const;

/** The receipts folder: the option, else the setting, else `receipts/` beside the database file. */
export function receiptsDir(db: TillDatabase, option?: string): string {
  return option ?? getSetting(db, RECEIPTS_DIR_SETTING) ?? join(dirname(db.name), 'receipts');
}

/** `2026-11-21_001_1a2b3c4d.pdf`: sorts by day and number, unique by the order's uuid. */
export function receiptPdfName(order: OrderRecord, copy = false): string {
  return `${order.business_day}_${order.number}_${order.uuid.slice(0, 8)}${copy ? '_copy' : ''}.pdf`;
}
