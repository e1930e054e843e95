import { MAX_ORDERS_PER_SYNC, type Order, type OrderSyncResult } from '../../../src-shared/wire/index.ts';
import { SETTING_KEYS } from '../../../src-shared/settings/index.ts';
import { getSetting } from '../../settings/index.ts';
import { readSyncAnswer } from './read-sync-answer.ts';
import type { OrderRecord } from '../../../src-shared/till/index.ts';
import type { TillDatabase } from '../../db/index.ts';
import { localSyncStatus, readOrder, readOrders } from '../../orders/index.ts';
import { backoffDelay, ValidationError, type BackoffPolicy, type ServiceClient } from '../../upstream/index.ts';
import { classifyFailure, oneLine, probeService, SESSION_EXPIRED } from './connectivity.ts';
import { orderToWire } from './order-to-wire.ts';
import { currencyDecimals } from '../../catalog/index.ts';
import {
  earliestPendingAt,
  freezeBodies,
  makePendingDue,
  outboxCounts,
  recordOutcome,
  selectDue,
  type BatchOutcome,
  type DueEntry,
} from '../../orders/index.ts';
import { rejectionReason, rejectionsNamedBy } from './service-rejections.ts';
import { Alarm, systemClock, type Clock } from '../../clock/index.ts';
import { StatusPublisher, type StatusListener, type UploadStatus } from './upload-status.ts';

/** The upload contract's default path (DESIGN.md, "The order upload contract"); the setting `upload.path` changes it. */
export const ORDER_SYNC_PATH = SETTING_KEYS['upload.path'].default;
export const DEFAULT_UPLOAD_BACKOFF: BackoffPolicy = { baseDelayMs: 1_000, maxDelayMs: 5 * 60_000 };
export const DEFAULT_PROBE_INTERVAL_MS = 15_000;

export interface OrderUploaderOptions {
  db: TillDatabase;
  client: ServiceClient;
  /** Orders per request, 1 to MAX_ORDERS_PER_SYNC (the default). */
  batchSize?: number;
  /** Waits after a failed batch: exponential in the attempts, full jitter, capped. */
  backoff?: BackoffPolicy;
  /** How often `GET /me` is tried while the service is unreachable. */
  probeIntervalMs?: number;
  /** Time and timers (the system's by default; tests drive a manual one). */
  clock?: Clock;
  random?: () => number;
}

/** What one `uploadDue()` did. */
export interface UploadReport {
  /** Requests sent. */
  batches: number;
  created: number;
  duplicate: number;
  rejected: number;
  /** Orders put back with a delay: in a failed batch, or left out of an answer. */
  deferred: number;
  /** Why it ended with orders still due; null when none were left. */
  stopped: null | 'failed' | 'paused' | 'stopping';
  error: string | null;
}

type Step = 'continue' | 'stop';

/**
 * Sends the outbox to the service (DESIGN.md, step 4). Each order's uuid is
 * its idempotency key, so resending after a lost answer is safe: the service
 * answers `duplicate`, which counts as delivered. A rejection is final and
 * kept; anything short of an answer puts the batch back with backoff; a 401
 * pauses the queue until a new client (new sign-in) or `resume()`.
 * One upload runs at a time, whoever asks for it.
 */
export class OrderUploader {
  private readonly db: TillDatabase;
  private client: ServiceClient;
  private readonly batchSize: number;
  private readonly backoff: BackoffPolicy;
  private readonly probeIntervalMs: number;
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly publisher: StatusPublisher;

  private paused: UploadStatus['paused'] = null;
  /** The tail of the chain every upload and probe runs on, so two never overlap. */
  private exclusive: Promise<unknown> = Promise.resolve();
  private loop: Promise<void> | null = null;
  private stopping = false;
  /** Whether the caller's latest word was start() rather than stop(). */
  private wanted = false;
  private readonly alarm: Alarm;
  private nextProbeAt = 0;

  constructor(options: OrderUploaderOptions) {
    const batchSize = options.batchSize ?? MAX_ORDERS_PER_SYNC;
    if (!Number.isSafeInteger(batchSize) || batchSize < 1 || batchSize > MAX_ORDERS_PER_SYNC) {
      throw new RangeError(
        `batchSize ${String(batchSize)} must be a whole number from 1 to ${MAX_ORDERS_PER_SYNC} (the service takes at most ${MAX_ORDERS_PER_SYNC} orders a request)`,
      );
    }
    this.db = options.db;
    this.client = options.client;
    this.batchSize = batchSize;
    this.backoff = options.backoff ?? DEFAULT_UPLOAD_BACKOFF;
    this.probeIntervalMs = options.probeIntervalMs ?? DEFAULT_PROBE_INTERVAL_MS;
    const clock = options.clock ?? systemClock;
    this.now = () => clock.now();
    this.alarm = new Alarm(clock);
    this.random = options.random ?? Math.random;
    this.publisher = new StatusPublisher(localSyncStatus(this.db));
  }

  status(): UploadStatus {
    return this.publisher.get();
  }

  /** Calls `listener` with the new status on every change; returns the unsubscribe function. */
  subscribe(listener: StatusListener): () => void {
    return this.publisher.subscribe(listener);
  }

  /** A checkout just committed: count it and upload soon. */
  notify(): void {
    this.refreshCounts();
    this.alarm.ring();
  }

  /** Another request (a catalog pull) just reached the service: the till is online, whether or not orders are waiting. */
  reportReachable(): void {
    this.nextProbeAt = this.now();
    this.publisher.update({ online: true, ...(this.paused === null ? { lastError: null } : {}) });
    this.alarm.ring();
  }

  /** After a new sign-in: use this client from the next request on, and lift a 401 pause. */
  setClient(client: ServiceClient): void {
    this.client = client;
    this.resume();
  }

  /** Lifts a pause (the token was renewed out of band); the queue is tried again at once. */
  resume(): void {
    if (this.paused !== null) {
      this.paused = null;
      this.publisher.update({ paused: null, lastError: null });
    }
    this.alarm.ring();
  }

  /** Sends every due order, oldest first, batch after batch, until none are due or a batch fails. */
  uploadDue(): Promise<UploadReport> {
    return this.serialized(() => this.drain(() => true));
  }

  /** Runs the upload loop in the background until `stop()`. */
  start(): void {
    this.wanted = true;
    if (this.loop) {
      // Started again while stopping: run anew once the old loop has finished its batch, unless stopped again by then.
      if (this.stopping) void this.loop.then(() => this.wanted && this.start());
      return;
    }
    this.stopping = false;
    this.loop = this.run().finally(() => {
      this.loop = null;
    });
  }

  /** Whether the background loop is running (started and not yet fully stopped). */
  isRunning(): boolean {
    return this.loop !== null;
  }

  /** Resolves once the loop has finished the batch it was sending. */
  async stop(): Promise<void> {
    this.wanted = false;
    this.stopping = true;
    this.alarm.ring();
    await this.loop;
  }

  private async run(): Promise<void> {
    let breakdowns = 0;
    while (!this.stopping) {
      try {
        if (this.paused === null) {
          if (this.publisher.get().online === false && this.now() >= this.nextProbeAt) {
            await this.serialized(() => this.probe());
          }
          if (!this.stopping) await this.serialized(() => this.drain(() => !this.stopping));
        }
        breakdowns = 0;
        if (this.stopping) break;
        await this.alarm.sleep(this.nextWakeIn());
      } catch (error) {
        // The database itself failed (disk full, locked past the busy timeout). Orders stay
        // pending, so nothing is lost; say so and try again later rather than let the loop die.
        const message = oneLine(
          `The upload worker could not use the till database (${error instanceof Error ? error.message : String(error)}); it will try again.`,
        );
        this.publisher.update({ lastError: message });
        await this.alarm.sleep(backoffDelay(breakdowns++, this.backoff, this.random));
      }
    }
  }

  /** Until the earliest pending order falls due, or the next probe while offline; forever while paused. */
  private nextWakeIn(): number {
    if (this.paused !== null) return Infinity;
    const now = this.now();
    const earliest = earliestPendingAt(this.db);
    let wait = earliest === null ? Infinity : Math.max(0, earliest - now);
    if (this.publisher.get().online === false) wait = Math.min(wait, Math.max(0, this.nextProbeAt - now));
    return wait;
  }

  private serialized<T>(work: () => Promise<T>): Promise<T> {
    const run = this.exclusive.then(work, work);
    this.exclusive = run.catch(() => undefined);
    return run;
  }

  private async probe(): Promise<void> {
    const result = await probeService(this.client);
    this.nextProbeAt = this.now() + this.probeIntervalMs;
    if (!result.online) {
      this.publisher.update({ online: false, lastError: result.message });
    } else if (result.unauthenticated) {
      this.pause();
    } else {
      makePendingDue(this.db, this.now());
      this.publisher.update({ online: true, lastError: null });
    }
  }

  private pause(): void {
    this.paused = 'unauthenticated';
    this.publisher.update({ online: true, paused: 'unauthenticated', lastError: SESSION_EXPIRED });
  }

  private refreshCounts(): void {
    this.publisher.update(outboxCounts(this.db));
  }

  /**
   * Batch after batch until none are due. The next batch is read and encoded
   * while the current one is on the wire (it never holds an order that is in
   * flight), so the database work overlaps the network's.
   */
  private async drain(keepGoing: () => boolean): Promise<UploadReport> {
    const report: UploadReport = { batches: 0, created: 0, duplicate: 0, rejected: 0, deferred: 0, stopped: null, error: null };
    try {
      let batch = this.prepareBatch([], report);
      while (batch) {
        if (this.paused !== null) {
          report.stopped = 'paused';
          report.error = SESSION_EXPIRED;
          break;
        }
        if (!keepGoing()) {
          report.stopped = 'stopping';
          break;
        }
        if (batch.orders.length === 0) {
          batch = this.prepareBatch([], report);
          continue;
        }
        report.batches++;
        const path = this.uploadPath();
        const sending = this.client.post(path, { orders: batch.orders }).then(
          (body) => ({ body, error: null }),
          (error: unknown) => ({ body: undefined, error: error ?? new Error('the request failed') }),
        );
        // Let the request reach the socket first; then the next batch is read while the service works.
        await new Promise<void>((resolve) => setImmediate(resolve));
        const following = this.prepareBatch(
          batch.due.map((entry) => entry.uuid),
          report,
        );
        const answer = await sending;
        const step =
          answer.error !== null ? this.batchFailed(batch.orders, batch.due, answer.error, report) : this.applyAnswer(batch, answer.body, path, report);
        if (step === 'stop') break;
        batch = following ?? this.prepareBatch([], report);
      }
    } finally {
      this.refreshCounts();
    }
    return report;
  }

  /** The next due orders (not those in flight), encoded for the wire; orders that cannot be encoded are set aside as rejected. */
  private prepareBatch(inFlight: string[], report: UploadReport): { due: DueEntry[]; orders: Order[] } | null {
    // One transaction: a payment recorded after this read cannot slip into a body the service may already hold.
    return this.db.transaction(() => this.readBatch(inFlight, report)).immediate();
  }

  private readBatch(inFlight: string[], report: UploadReport): { due: DueEntry[]; orders: Order[] } | null {
    const due = selectDue(this.db, this.now(), this.batchSize, inFlight);
    if (due.length === 0) return null;
    freezeBodies(
      this.db,
      due.map((entry) => entry.uuid),
      this.now(),
    );
    const orders: Order[] = [];
    const unsendable: BatchOutcome['rejected'] = [];
    const records = readBatch(
      this.db,
      due.map((entry) => entry.uuid),
    );
    for (const entry of due) {
      try {
        const record = records ? records.get(entry.uuid) : readOrder(this.db, entry.uuid);
        if (!record) throw new Error('the order row is missing');
        orders.push(orderToWire(record, currencyDecimals(this.db)));
      } catch (error) {
        // One corrupt order must not hold back every order behind it: keep it for a person instead.
        const message = oneLine(error instanceof Error ? error.message : String(error));
        unsendable.push({
          uuid: entry.uuid,
          serviceStatus: null,
          errors: { till: [message] },
          reason: `Till could not prepare this order for upload: ${message}`,
        });
      }
    }
    if (unsendable.length > 0) {
      recordOutcome(this.db, { now: this.now(), synced: [], rejected: unsendable, deferred: null });
      report.rejected += unsendable.length;
    }
    const sendable = new Set(orders.map((order) => order.uuid));
    return { due: due.filter((entry) => sendable.has(entry.uuid)), orders };
  }

  /** `upload.path`, read per batch so a change applies without a restart; the default if the setting is unreadable. */
  private uploadPath(): string {
    try {
      return getSetting(this.db, 'upload.path');
    } catch {
      return ORDER_SYNC_PATH;
    }
  }

  private applyAnswer(batch: { due: DueEntry[]; orders: Order[] }, body: unknown, path: string, report: UploadReport): Step {
    const { due, orders } = batch;
    const answer = readSyncAnswer(
      body,
      orders.map((order) => order.uuid),
    );
    if (answer.kind === 'unreadable') {
      const reason = oneLine(`The answer to POST ${path} is not one the till can read (${answer.reason}); the batch will be sent again.`);
      this.deferBatch(orders, due, reason, report);
      this.publisher.update({ online: true, lastError: reason });
      return 'stop';
    }
    // A success envelope without per-order results: the service took the whole batch.
    const results: OrderSyncResult[] = answer.kind === 'accepted' ? orders.map((order) => ({ uuid: order.uuid, status: 'created' as const })) : answer.results;
    this.applyResults(orders, due, results, path, report);
    return 'continue';
  }

  private applyResults(orders: Order[], due: DueEntry[], results: OrderSyncResult[], path: string, report: UploadReport): void {
    const now = this.now();
    const byUuid = new Map<string, OrderSyncResult>();
    for (const result of results) if (!byUuid.has(result.uuid)) byUuid.set(result.uuid, result);
    const outcome: BatchOutcome = { now, synced: [], rejected: [], deferred: null };
    const missing: string[] = [];
    for (const order of orders) {
      const result = byUuid.get(order.uuid);
      if (!result) {
        missing.push(order.uuid);
      } else if (result.status === 'rejected') {
        const errors = result.errors ?? {};
        outcome.rejected.push({ uuid: order.uuid, serviceStatus: 'rejected', errors, reason: rejectionReason(errors) });
      } else {
        outcome.synced.push({ uuid: order.uuid, serviceId: result.id ?? null, serviceStatus: result.status });
      }
    }
    if (missing.length > 0) {
      outcome.deferred = {
        uuids: missing,
        nextAttemptAt: now + this.delayFor(due.filter((entry) => missing.includes(entry.uuid))),
        reason: `The answer to POST ${path} did not include this order; it will be sent again.`,
      };
    }
    recordOutcome(this.db, outcome);
    for (const s of outcome.synced) report[s.serviceStatus]++;
    report.rejected += outcome.rejected.length;
    report.deferred += missing.length;
    // An answer that settled no order is not a success: say why the orders are still waiting.
    const settled = outcome.synced.length + outcome.rejected.length > 0;
    this.publisher.update({
      online: true,
      ...(settled ? { lastSuccessAt: now, lastError: null } : { lastError: outcome.deferred?.reason ?? null }),
      ...outboxCounts(this.db),
    });
  }

  private batchFailed(orders: Order[], due: DueEntry[], error: unknown, report: UploadReport): Step {
    if (error instanceof ValidationError) {
      const named = rejectionsNamedBy(error.errors, orders);
      if (named.length > 0) {
        // The orders the 422 names are refused for good; the rest were not at fault and go again at once.
        recordOutcome(this.db, { now: this.now(), synced: [], rejected: named, deferred: null });
        report.rejected += named.length;
        this.publisher.update({ online: true, ...outboxCounts(this.db) });
        return 'continue';
      }
    }
    const failure = classifyFailure(error);
    report.error = failure.message;
    if (failure.kind === 'unauthenticated') {
      // Not the orders' fault: they keep their attempts and go first once someone signs in.
      this.pause();
      report.stopped = 'paused';
      return 'stop';
    }
    this.deferBatch(orders, due, failure.message, report);
    // The first probe comes one interval after the failure: probing at once would only repeat it.
    if (failure.online === false) this.nextProbeAt = this.now() + this.probeIntervalMs;
    this.publisher.update({ ...(failure.online === null ? {} : { online: failure.online }), lastError: failure.message });
    report.stopped = 'failed';
    return 'stop';
  }

  /** The whole batch waits and goes again later as it is, same uuids. */
  private deferBatch(orders: Order[], due: DueEntry[], reason: string, report: UploadReport): void {
    const uuids = orders.map((order) => order.uuid);
    const sent = due.filter((entry) => uuids.includes(entry.uuid));
    recordOutcome(this.db, {
      now: this.now(),
      synced: [],
      rejected: [],
      deferred: { uuids, nextAttemptAt: this.now() + this.delayFor(sent), reason },
    });
    report.deferred += uuids.length;
  }

  /** One delay for the batch, so its orders stay together; from the most-tried order's attempts. */
  private delayFor(entries: DueEntry[]): number {
    const attempts = entries.reduce((max, entry) => Math.max(max, entry.attempts), 0);
    return backoffDelay(attempts, this.backoff, this.random);
  }
}

/** The batch's orders in one read; null when one of them cannot be read, so each is then read alone and only the broken one is set aside. */
function readBatch(db: TillDatabase, uuids: string[]): Map<string, OrderRecord> | null {
  try {
    return new Map(readOrders(db, uuids).map((record) => [record.uuid, record]));
  } catch {
    return null;
  }
}
