import { MAX_ORDERS_PER_SYNC, type Order } from '../../../src-shared/wire/index.ts';
import { SETTING_KEYS } from '../../../src-shared/settings/index.ts';
import { getSetting, putSetting, settingOrDefault } from '../../settings/index.ts';
import { judgeBatch, readSyncAnswer, unreadableAnswer, type BatchJudgement, type SyncAnswer } from './read-sync-answer.ts';
import { batchSizeRefusal } from './batch-size-refusal.ts';
import type { TillDatabase } from '../../db/index.ts';
import { readOrdersForUpload, type OrderForUpload } from '../../orders/index.ts';
import { ServiceError, ValidationError } from '../../upstream/index.ts';
import { classifyFailure, oneLine, SESSION_EXPIRED } from './connectivity.ts';
import { orderToWire } from './order-to-wire.ts';
import { currencyDecimals, customerIdForUpload } from '../../catalog/index.ts';
import {
  earliestPendingAmong,
  earliestPendingAt,
  freezeBodies,
  makePendingDue,
  makePendingDueAmong,
  outboxCounts,
  outboxCountsAmong,
  recordOutcome,
  selectDue,
  selectDueAmong,
  type BatchOutcome,
  type DueEntry,
} from '../../orders/index.ts';
import { rejectionReason, rejectionsNamedBy } from './service-rejections.ts';
import type { UploadContext, UploadCounts, UploadKind, UploadReport } from './upload-engine.ts';

/** The upload contract's default path (docs/decisions.md, "The order upload contract"); the setting `upload.path` changes it. */
export const ORDER_SYNC_PATH = SETTING_KEYS['upload.path'].default;

type Step = 'continue' | 'stop';

/** A batch's request on the wire: the path it went to and its answer, or why there is none. */
interface InFlight {
  path: string;
  answer: Promise<{ body: unknown; error: null } | { body: undefined; error: unknown }>;
}

/** The shortest wait of an order whose customer is still on its way (so a queue of them never spins). */
const CUSTOMER_WAIT_MS = 1_000;

/**
 * Orders as an upload kind (docs/decisions.md, "The upload"). Each order's uuid is its
 * idempotency key, so resending after a lost answer is safe: the service
 * answers `duplicate`, which counts as delivered. A rejection is final and
 * kept; anything short of an answer puts the batch back with backoff; a 401
 * pauses the engine. Batches of up to MAX_ORDERS_PER_SYNC, split in halves
 * down to the order at fault when the service refuses or fails a batch.
 */
export class OrderKind implements UploadKind {
  readonly name = 'orders';
  /** The engine's view, set at the start of each drain. */
  private ctx!: UploadContext;
  /** Orders an unclear answer left unconfirmed, and the size of the batch they go in next (halving down to 1). */
  private readonly splitSizes = new Map<string, number>();
  /** How many 5xx answers in a row each order's batch got (a batch failing again goes in halves). */
  private readonly serverFailures = new Map<string, number>();

  /** `batchSize`: orders per request, 1 to MAX_ORDERS_PER_SYNC. */
  constructor(
    private readonly db: TillDatabase,
    private readonly batchSize: number = MAX_ORDERS_PER_SYNC,
    /** Only these orders (a set-aside file's own, which the branch's database never had: set-aside-upload.ts); every pending one without. */
    private readonly only?: readonly string[],
  ) {
    if (!Number.isSafeInteger(batchSize) || batchSize < 1 || batchSize > MAX_ORDERS_PER_SYNC) {
      throw new RangeError(
        `batchSize ${String(batchSize)} must be a whole number from 1 to ${MAX_ORDERS_PER_SYNC} (the service takes at most ${MAX_ORDERS_PER_SYNC} orders a request)`,
      );
    }
  }

  nextAttemptAt(): number | null {
    return this.only ? earliestPendingAmong(this.db, this.only) : earliestPendingAt(this.db);
  }

  makePendingDue(now: number): void {
    if (this.only) makePendingDueAmong(this.db, this.only, now);
    else makePendingDue(this.db, now);
  }

  counts(): UploadCounts {
    if (!this.only) return outboxCounts(this.db);
    const { pending, synced, rejected } = outboxCountsAmong(this.db, this.only);
    return { pending, synced, rejected };
  }

  /**
   * Batch after batch until none are due. The next batch is read and encoded
   * while the current one is on the wire (it never holds an order that is in
   * flight), and it is sent as soon as the answer to the current one is in,
   * before that answer's outcome is written: the outcome's commit (its disk
   * sync) and the reading of the batch after overlap the service's work on
   * the next. One request is on the wire at a time; every outcome is still
   * written from its own answer before any batch after it is read, so an
   * order is never in two requests at once.
   */
  async drain(context: UploadContext, keepGoing: () => boolean, report: UploadReport): Promise<void> {
    this.ctx = context;
    let batch = this.prepareBatch([], report);
    /** The request already sent for `batch` (the answer before it was a success), or null. */
    let sent: InFlight | null = null;
    while (batch) {
      if (sent === null) {
        if (context.isPaused()) {
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
        sent = await this.send(batch, report);
      }
      const following = this.prepareBatch(
        batch.due.map((entry) => entry.uuid),
        report,
      );
      const { path, answer } = sent;
      const { body, error } = await answer;
      sent = null;
      // A success says nothing about the next batch's orders (none of them was in this one): it goes now, unless the
      // run is ending. After any failure the next batch waits for this one's outcome, as it decides what goes next.
      if (error === null && following !== null && following.orders.length > 0 && !context.isPaused() && keepGoing()) {
        sent = await this.send(following, report);
      }
      const step =
        error !== null
          ? this.batchFailed(batch, error, path, report)
          : this.applyAnswer(
              batch,
              readSyncAnswer(
                body,
                batch.orders.map((order) => order.uuid),
              ),
              path,
              report,
            );
      if (step === 'stop') break;
      batch = following ?? this.prepareBatch([], report);
    }
  }

  /** Posts `batch` and lets the request reach the socket before the caller goes on with the database. */
  private async send(batch: { orders: Order[] }, report: UploadReport): Promise<InFlight> {
    report.batches++;
    const path = this.uploadPath();
    const answer = this.ctx.client.post(path, { orders: batch.orders }).then(
      (body) => ({ body, error: null }),
      (error: unknown) => ({ body: undefined, error: error ?? new Error('the request failed') }),
    );
    await new Promise<void>((resolve) => setImmediate(resolve));
    return { path, answer };
  }

  /** The next due orders (not those in flight), encoded for the wire; orders that cannot be encoded are set aside as rejected. */
  private prepareBatch(inFlight: string[], report: UploadReport): { due: DueEntry[]; orders: Order[] } | null {
    // One transaction: a payment recorded after this read cannot slip into a body the service may already hold.
    return this.db.transaction(() => this.readBatch(inFlight, report)).immediate();
  }

  private readBatch(inFlight: string[], report: UploadReport): { due: DueEntry[]; orders: Order[] } | null {
    const now = this.ctx.now();
    let due = this.only
      ? selectDueAmong(this.db, this.only, now, this.currentBatchSize(), inFlight)
      : selectDue(this.db, now, this.currentBatchSize(), inFlight);
    if (due.length === 0) return null;
    // Orders an unclear answer left unconfirmed go again in a smaller batch: the oldest one's size rules.
    const smaller = this.splitSizes.get(due[0]!.uuid);
    if (smaller !== undefined && smaller < due.length) due = due.slice(0, smaller);
    freezeBodies(
      this.db,
      due.map((entry) => entry.uuid),
      this.ctx.now(),
    );
    const orders: Order[] = [];
    const unsendable: BatchOutcome['rejected'] = [];
    const held: { uuid: string; until: number }[] = [];
    const records = readBatch(
      this.db,
      due.map((entry) => entry.uuid),
    );
    // The currency's places, once a batch (it changes only with a pull).
    const decimals = currencyDecimals(this.db);
    for (const entry of due) {
      try {
        const record = records ? records.get(entry.uuid) : readOrdersForUpload(this.db, [entry.uuid])[0];
        if (!record) throw new Error('the order row is missing');
        const customer = record.customer_id === null ? null : customerIdForUpload(this.db, record.customer_id);
        if (customer !== null && typeof customer === 'object') {
          // A customer added at the counter and not on the service yet: the order follows it, with the service's id.
          held.push({ uuid: entry.uuid, until: Math.max(this.ctx.now() + CUSTOMER_WAIT_MS, customer.wait) });
          continue;
        }
        // The service's id of the customer, set on the encoded order (a spread would copy its every member again).
        const order = orderToWire(record, decimals);
        order.customer_id = customer;
        orders.push(order);
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
      recordOutcome(this.db, { now: this.ctx.now(), synced: [], rejected: unsendable, deferred: null });
      report.rejected += unsendable.length;
    }
    for (const wait of held) {
      const reason = 'waits for the customer added at the counter to reach the service';
      recordOutcome(this.db, { now: this.ctx.now(), synced: [], rejected: [], deferred: { uuids: [wait.uuid], nextAttemptAt: wait.until, reason } });
    }
    report.deferred += held.length;
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

  /** Orders per request: the option, lowered to what the service was found to take (`upload.batch_size`, remembered). */
  private currentBatchSize(): number {
    try {
      return Math.min(this.batchSize, settingOrDefault(this.db, 'upload.batch_size'));
    } catch {
      return this.batchSize;
    }
  }

  /** The service refused `sent` orders in one request as too many: send at most `max` (or half) from now on, and remember it. */
  private learnBatchSize(sent: number, max: number | null): number {
    const size = Math.max(1, Math.min(MAX_ORDERS_PER_SYNC, max !== null && max < sent ? max : Math.floor(sent / 2)));
    putSetting(this.db, 'upload.batch_size', size);
    return size;
  }

  private applyAnswer(batch: { due: DueEntry[]; orders: Order[] }, answer: SyncAnswer, path: string, report: UploadReport): Step {
    const uuids = batch.orders.map((order) => order.uuid);
    this.settle(batch, judgeBatch(answer, uuids), path, report);
    return 'continue';
  }

  /**
   * Records what the till concluded. Unconfirmed orders are never synced:
   * in a batch of several they go again at once in halves (or alone, when
   * the answer named the others); one order alone that is still unclear
   * waits its backoff, saying why.
   */
  private settle(batch: { due: DueEntry[]; orders: Order[] }, judgement: BatchJudgement, path: string, report: UploadReport): void {
    const now = this.ctx.now();
    const { due, orders } = batch;
    const outcome: BatchOutcome = {
      now,
      synced: judgement.synced.map((s) => ({ uuid: s.uuid, serviceId: s.id, serviceStatus: s.status })),
      rejected: judgement.rejected.map((r) => ({ uuid: r.uuid, serviceStatus: 'rejected' as const, errors: r.errors, reason: rejectionReason(r.errors) })),
      deferred: null,
    };
    const unconfirmed = judgement.unconfirmed;
    let reason: string | null = null;
    if (unconfirmed.length > 0) {
      const alone = orders.length === 1;
      reason = oneLine(
        `The answer to POST ${path} does not prove the service stored ${alone ? 'this order' : 'these orders'}: ${judgement.why ?? 'it does not name them'}; ` +
          (alone ? 'it will be sent again later.' : 'they are sent again in smaller batches.'),
      );
      if (!alone) this.splitAgain(unconfirmed, unconfirmed.length === orders.length ? Math.ceil(orders.length / 2) : unconfirmed.length);
      outcome.deferred = {
        uuids: unconfirmed,
        nextAttemptAt: alone ? now + this.delayFor(due) : now,
        reason,
      };
    }
    recordOutcome(this.db, outcome);
    for (const s of outcome.synced) {
      report[s.serviceStatus]++;
      this.forget(s.uuid);
    }
    for (const r of outcome.rejected) this.forget(r.uuid);
    report.rejected += outcome.rejected.length;
    report.deferred += unconfirmed.length;
    if (reason !== null) report.error = reason;
    if (outcome.synced.length + outcome.rejected.length > 0) this.ctx.succeeded(reason);
    else this.ctx.publish({ online: true, lastError: reason });
  }

  /** The next batch holding the first of `uuids` carries at most `size` orders. */
  private splitAgain(uuids: string[], size: number): void {
    for (const uuid of uuids) this.splitSizes.set(uuid, Math.min(size, this.splitSizes.get(uuid) ?? size));
  }

  private forget(uuid: string): void {
    this.splitSizes.delete(uuid);
    this.serverFailures.delete(uuid);
  }

  private batchFailed(batch: { due: DueEntry[]; orders: Order[] }, error: unknown, path: string, report: UploadReport): Step {
    const { orders, due } = batch;
    const status = error instanceof ServiceError ? error.status : null;
    const several = orders.length > 1;
    // A 2xx the till could not read (not JSON): an answer, but no evidence about any order.
    if (status !== null && status >= 200 && status < 300) {
      return this.applyAnswer(batch, unreadableAnswer(`HTTP ${status} with a body that is not JSON`), path, report);
    }
    if (status === 401) {
      // Not the orders' fault: they keep their attempts and go first once someone signs in.
      this.ctx.pause();
      report.stopped = 'paused';
      report.error = SESSION_EXPIRED;
      return 'stop';
    }
    const message = oneLine(error instanceof Error ? error.message : String(error));
    const errors = error instanceof ValidationError || hasErrors(error) ? (error as { errors: Record<string, string[]> }).errors : {};
    const serviceWords = error instanceof ServiceError ? message.replace(error.request, 'the upload') : message;
    // Too many orders in one request: send fewer from now on, remembered for the next run.
    const tooMany = status === 413 ? { max: null } : status === 422 || status === 400 ? batchSizeRefusal(serviceWords, errors) : null;
    if (tooMany && several) {
      const size = this.learnBatchSize(orders.length, tooMany.max);
      this.deferNow(orders, `The service refused ${orders.length} orders in one request (${message}); Till now sends at most ${size} at a time.`, report);
      return 'continue';
    }
    if (status === 422 || status === 400) {
      const named = rejectionsNamedBy(errors, orders);
      if (named.length > 0) {
        // The orders the refusal names are refused for good; the rest were not at fault and go again at once.
        recordOutcome(this.db, { now: this.ctx.now(), synced: [], rejected: named, deferred: null });
        for (const r of named) this.forget(r.uuid);
        report.rejected += named.length;
        this.ctx.publish({ online: true });
        return 'continue';
      }
    }
    if (status === 413 || status === 422 || status === 400 || status === 409) {
      if (several) {
        // Refused as a whole without naming an order: halves, down to the one at fault.
        this.splitAgain(
          orders.map((order) => order.uuid),
          Math.ceil(orders.length / 2),
        );
        this.deferNow(orders, `The service refused a batch of ${orders.length} orders without naming one (${message}); they are sent again in halves.`, report);
        return 'continue';
      }
      const [order] = orders;
      if (status === 409) {
        // One order, and the service says it has it already: delivered.
        this.settle(batch, { synced: [{ uuid: order!.uuid, status: 'duplicate', id: null }], rejected: [], unconfirmed: [], why: null }, path, report);
      } else {
        const own = Object.keys(errors).length > 0 ? errors : { order: [status === 413 ? 'the order is too large for the service (413)' : serviceWords] };
        this.settle(batch, { synced: [], rejected: [{ uuid: order!.uuid, errors: own }], unconfirmed: [], why: null }, path, report);
      }
      return 'continue';
    }
    const failure = classifyFailure(error);
    report.error = failure.message;
    // A batch the service fails on again and again may hold one order it cannot take: its next tries go in halves.
    if (several && status !== null && status >= 500) {
      const again = orders.filter((order) => (this.serverFailures.get(order.uuid) ?? 0) >= 1);
      if (again.length === orders.length)
        this.splitAgain(
          orders.map((order) => order.uuid),
          Math.ceil(orders.length / 2),
        );
    }
    if (status !== null && status >= 500) for (const order of orders) this.serverFailures.set(order.uuid, (this.serverFailures.get(order.uuid) ?? 0) + 1);
    this.deferBatch(orders, due, failure.message, report);
    this.ctx.failed(failure);
    // A 5xx is this batch's failure: the other due orders still go. No answer, a 429, a refusal of the path or the account stop the run.
    if (status !== null && status >= 500) return 'continue';
    report.stopped = 'failed';
    return 'stop';
  }

  /** The orders stay pending and due now (they go again in this run), with the reason kept. */
  private deferNow(orders: Order[], reason: string, report: UploadReport): void {
    const text = oneLine(reason);
    recordOutcome(this.db, {
      now: this.ctx.now(),
      synced: [],
      rejected: [],
      deferred: { uuids: orders.map((order) => order.uuid), nextAttemptAt: this.ctx.now(), reason: text },
    });
    report.deferred += orders.length;
    report.error = text;
    this.ctx.publish({ online: true, lastError: text });
  }

  /** The whole batch waits and goes again later as it is, same uuids. */
  private deferBatch(orders: Order[], due: DueEntry[], reason: string, report: UploadReport): void {
    const uuids = orders.map((order) => order.uuid);
    const sent = due.filter((entry) => uuids.includes(entry.uuid));
    recordOutcome(this.db, {
      now: this.ctx.now(),
      synced: [],
      rejected: [],
      deferred: { uuids, nextAttemptAt: this.ctx.now() + this.delayFor(sent), reason },
    });
    report.deferred += uuids.length;
  }

  /** One delay for the batch, so its orders stay together; from the most-tried order's attempts. */
  private delayFor(entries: DueEntry[]): number {
    const attempts = entries.reduce((max, entry) => Math.max(max, entry.attempts), 0);
    return this.ctx.retryDelay(attempts);
  }
}

function hasErrors(error: unknown): boolean {
  const errors = (error as { errors?: unknown } | null)?.errors;
  return typeof errors === 'object' && errors !== null && !Array.isArray(errors);
}

/** The batch's orders in one read; null when one of them cannot be read, so each is then read alone and only the broken one is set aside. */
function readBatch(db: TillDatabase, uuids: string[]): Map<string, OrderForUpload> | null {
  try {
    return new Map(readOrdersForUpload(db, uuids).map((record) => [record.uuid, record]));
  } catch {
    return null;
  }
}
