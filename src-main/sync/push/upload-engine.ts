import type { ServiceClient } from '../../upstream/index.ts';
import { backoffDelay, type BackoffPolicy } from '../../upstream/index.ts';
import { Alarm, systemClock, type Clock } from '../../clock/index.ts';
import { oneLine, probeService, SESSION_EXPIRED, type Failure, type ProbeResult } from './connectivity.ts';
import { StatusPublisher, type StatusListener, type UploadStatus } from './upload-status.ts';

export const DEFAULT_UPLOAD_BACKOFF: BackoffPolicy = { baseDelayMs: 1_000, maxDelayMs: 5 * 60_000 };
export const DEFAULT_PROBE_INTERVAL_MS = 15_000;

/** What one `uploadDue()` did, over every kind. */
export interface UploadReport {
  /** Requests sent. */
  batches: number;
  created: number;
  duplicate: number;
  rejected: number;
  /** Items put back with a delay: in a failed batch, or left out of an answer. */
  deferred: number;
  /** Why it ended with items still due; null when none were left. */
  stopped: null | 'failed' | 'paused' | 'stopping';
  error: string | null;
  /** Kinds whose items wait for a setting (a path) before they can go. */
  held: string[];
}

/** The counts the status shows (the order outbox's). */
export type UploadCounts = Pick<UploadStatus, 'pending' | 'synced' | 'rejected'>;

/**
 * What the engine lends a kind while it drains: the client of the moment,
 * the time, the backoff, and the shared state (401 pause, online, status).
 * `C` is what reaches the destination: the service's client by default,
 * ZATCA's link for the reporting kind.
 */
export interface UploadContext<C = ServiceClient> {
  readonly client: C;
  now(): number;
  /** The wait before the next try of something tried `attempts` times (full jitter, capped). */
  retryDelay(attempts: number): number;
  /** A 401: every kind stops sending until a new sign-in or `resume()`; `message` says what the person must do (the service's session by default). */
  pause(message?: string): void;
  isPaused(): boolean;
  /** A request failed: say so in the status; without an answer the service is probed before the next try. */
  failed(failure: Failure): void;
  /** Something reached the service and was settled (or refused for good): the status says when. */
  succeeded(error?: string | null): void;
  /** Any other change to the status (the engine adds the counts). */
  publish(patch: Partial<UploadStatus>): void;
}

/**
 * One kind of thing that goes to the service exactly once (orders,
 * attendance, settlements): its outbox table and its contract with the
 * service. The engine owns the loop; a kind only knows its own rows.
 */
export interface UploadKind<C = ServiceClient> {
  readonly name: string;
  /** Sends what is due, batch after batch, while `keepGoing()`; adds what it did to `report`. */
  drain(context: UploadContext<C>, keepGoing: () => boolean, report: UploadReport): Promise<void>;
  /** When the next pending item may go (ms on the clock); null when nothing of this kind waits to be sent. */
  nextAttemptAt(now: number): number | null;
  /** The service is reachable again: everything waiting out a network failure goes now. */
  makePendingDue(now: number): void;
  /** The counts of this kind that the status shows (orders only: the status bar counts orders). */
  counts?(): UploadCounts;
}

interface EngineOptions<C> {
  client: C;
  /** Drained in this order, every round (a settlement follows the order it pays). */
  kinds: readonly UploadKind<C>[];
  /** Waits after a failed batch: exponential in the attempts, full jitter, capped. */
  backoff?: BackoffPolicy;
  /** How often `GET /me` is tried while the service is unreachable. */
  probeIntervalMs?: number;
  /** Time and timers (the system's by default; tests drive a manual one). */
  clock?: Clock;
  random?: () => number;
}

/** How the engine learns, while offline, that the destination answers again. */
export type Probe<C> = (client: C) => Promise<ProbeResult>;

/** The service's engine probes `GET /me` by itself; an engine for another destination (ZATCA) says how to probe it. */
export type UploadEngineOptions<C = ServiceClient> = EngineOptions<C> & ([C] extends [ServiceClient] ? { probe?: Probe<C> } : { probe: Probe<C> });

/**
 * The one upload loop (docs/decisions.md, "The upload") for every outbox: it runs the
 * kinds one after the other, sleeps on the injected clock until the
 * earliest item falls due or someone rings, probes `GET /me` while the
 * service is unreachable, and stops every kind on a 401 until a new client
 * (new sign-in) or `resume()`. One upload runs at a time, whoever asks.
 */
export class UploadEngine<C = ServiceClient> {
  private client: C;
  private readonly kinds: readonly UploadKind<C>[];
  private readonly probeClient: Probe<C>;
  private readonly backoff: BackoffPolicy;
  private readonly probeIntervalMs: number;
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly publisher: StatusPublisher;
  private readonly context: UploadContext<C>;

  private paused: UploadStatus['paused'] = null;
  /** The tail of the chain every upload and probe runs on, so two never overlap. */
  private exclusive: Promise<unknown> = Promise.resolve();
  private loop: Promise<void> | null = null;
  private stopping = false;
  /** Whether the caller's latest word was start() rather than stop(). */
  private wanted = false;
  private readonly alarm: Alarm;
  /** Waits between the rounds of one `uploadDue` (its own, so a checkout's ring does not cut them short). */
  private readonly sleeper: Alarm;
  private nextProbeAt = 0;
  private readonly idleWaiters: (() => void)[] = [];

  constructor(options: UploadEngineOptions<C>) {
    this.client = options.client;
    this.kinds = options.kinds;
    // Without a probe of its own the client is the service's (the options' type allows nothing else).
    this.probeClient = options.probe ?? ((client) => probeService(client as ServiceClient));
    this.backoff = options.backoff ?? DEFAULT_UPLOAD_BACKOFF;
    this.probeIntervalMs = options.probeIntervalMs ?? DEFAULT_PROBE_INTERVAL_MS;
    const clock = options.clock ?? systemClock;
    this.now = () => clock.now();
    this.alarm = new Alarm(clock);
    this.sleeper = new Alarm(clock);
    this.random = options.random ?? Math.random;
    this.publisher = new StatusPublisher({ online: null, paused: null, ...this.counts(), lastSuccessAt: null, lastError: null });
    this.context = this.makeContext();
  }

  status(): UploadStatus {
    return this.publisher.get();
  }

  /** Calls `listener` with the new status on every change; returns the unsubscribe function. */
  subscribe(listener: StatusListener): () => void {
    return this.publisher.subscribe(listener);
  }

  /** New work was committed (a sale, a closed shift): count it and upload soon. */
  notify(): void {
    this.publisher.update(this.counts());
    this.alarm.ring();
  }

  /** Another request (a catalog pull) just reached the service: the till is online, whether or not anything is waiting. */
  reportReachable(): void {
    this.nextProbeAt = this.now();
    this.publisher.update({ online: true, ...(this.paused === null ? { lastError: null } : {}) });
    this.alarm.ring();
  }

  /** After a new sign-in: use this client from the next request on, and lift a 401 pause. */
  setClient(client: C): void {
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

  /**
   * Sends everything due, kind after kind, batch after batch, until none is
   * due. With `retryWithinMs`, items put back after a failure (a 5xx, no
   * answer) are tried again in this same call, after their backoff (each
   * round sends what has fallen due), as long as the wait ends within that
   * many ms of the start and for at most `maxRounds` rounds: `pos sync` then
   * reports only what the service kept failing on.
   */
  uploadDue(options: { retryWithinMs?: number; maxRounds?: number } = {}): Promise<UploadReport> {
    return this.serialized(async () => {
      const deadline = this.now() + (options.retryWithinMs ?? 0);
      const rounds = options.maxRounds ?? 40;
      const total = emptyReport();
      for (let round = 1; ; round++) {
        const report = await this.drain(() => true);
        addReport(total, report);
        if (report.stopped === 'paused' || round >= rounds) break;
        const earliest = this.earliestAttempt();
        if (earliest === null || earliest > deadline) break;
        if (earliest > this.now()) await this.sleeper.sleep(earliest - this.now());
      }
      return total;
    });
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
      this.wakeIdleWaiters();
    });
  }

  /**
   * Resolves once the background loop has done everything it can now and
   * sleeps until its next deadline or a ring (or is not running): what a test
   * waits for to say "nothing was sent", instead of a stretch of wall time.
   */
  whenIdle(): Promise<void> {
    if (this.loop === null || this.alarm.isWaiting()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private wakeIdleWaiters(): void {
    for (const resolve of this.idleWaiters.splice(0)) resolve();
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
        const sleeping = this.alarm.sleep(this.nextWakeIn());
        if (this.alarm.isWaiting()) this.wakeIdleWaiters();
        await sleeping;
      } catch (error) {
        // The database itself failed (disk full, locked past the busy timeout). Items stay
        // pending, so nothing is lost; say so and try again later rather than let the loop die.
        const message = oneLine(
          `The upload worker could not use the till database (${error instanceof Error ? error.message : String(error)}); it will try again.`,
        );
        this.publisher.update({ lastError: message });
        await this.alarm.sleep(backoffDelay(breakdowns++, this.backoff, this.random));
      }
    }
  }

  /** Every kind in turn; a pause or a failure that says the service is out of reach ends the round. */
  private async drain(keepGoing: () => boolean): Promise<UploadReport> {
    const report = emptyReport();
    try {
      for (const kind of this.kinds) {
        if (report.stopped !== null) break;
        await kind.drain(this.context, keepGoing, report);
      }
    } finally {
      this.publisher.update(this.counts());
    }
    return report;
  }

  /** The earliest moment any kind has something to send. */
  private earliestAttempt(): number | null {
    const now = this.now();
    let earliest: number | null = null;
    for (const kind of this.kinds) {
      const at = kind.nextAttemptAt(now);
      if (at !== null && (earliest === null || at < earliest)) earliest = at;
    }
    return earliest;
  }

  /** Until the earliest pending item falls due, or the next probe while offline; forever while paused. */
  private nextWakeIn(): number {
    if (this.paused !== null) return Infinity;
    const now = this.now();
    const earliest = this.earliestAttempt();
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
    const result = await this.probeClient(this.client);
    this.nextProbeAt = this.now() + this.probeIntervalMs;
    if (!result.online) {
      this.publisher.update({ online: false, lastError: result.message });
    } else if (result.unauthenticated) {
      this.pause();
    } else {
      const now = this.now();
      for (const kind of this.kinds) kind.makePendingDue(now);
      this.publisher.update({ online: true, lastError: null });
    }
  }

  private pause(message = SESSION_EXPIRED): void {
    this.paused = 'unauthenticated';
    this.publisher.update({ online: true, paused: 'unauthenticated', lastError: message });
  }

  /** Whether a 401 has stopped the sending (until `setClient` or `resume`). */
  isPaused(): boolean {
    return this.paused !== null;
  }

  private counts(): UploadCounts {
    const total: UploadCounts = { pending: 0, synced: 0, rejected: 0 };
    for (const kind of this.kinds) {
      const counts = kind.counts?.();
      if (!counts) continue;
      total.pending += counts.pending;
      total.synced += counts.synced;
      total.rejected += counts.rejected;
    }
    return total;
  }

  private makeContext(): UploadContext<C> {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the context is a view of this engine
    const engine = this;
    return {
      get client() {
        return engine.client;
      },
      now: () => this.now(),
      retryDelay: (attempts) => backoffDelay(attempts, this.backoff, this.random),
      pause: (message) => this.pause(message),
      isPaused: () => this.paused !== null,
      failed: (failure) => {
        // The first probe comes one interval after the failure: probing at once would only repeat it.
        if (failure.online === false) this.nextProbeAt = this.now() + this.probeIntervalMs;
        this.publisher.update({ ...(failure.online === null ? {} : { online: failure.online }), lastError: failure.message });
      },
      succeeded: (error = null) => this.publisher.update({ online: true, lastSuccessAt: this.now(), lastError: error, ...this.counts() }),
      publish: (patch) => this.publisher.update({ ...patch, ...this.counts() }),
    };
  }
}

export function emptyReport(): UploadReport {
  return { batches: 0, created: 0, duplicate: 0, rejected: 0, deferred: 0, stopped: null, error: null, held: [] };
}

function addReport(total: UploadReport, report: UploadReport): void {
  total.batches += report.batches;
  total.created += report.created;
  total.duplicate += report.duplicate;
  total.rejected += report.rejected;
  total.deferred += report.deferred;
  total.stopped = report.stopped;
  total.error = report.error ?? total.error;
  for (const kind of report.held) if (!total.held.includes(kind)) total.held.push(kind);
}
