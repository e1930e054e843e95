/**
 * The reporting outbox (issue 22, part 3): every signed simplified document
 * goes to ZATCA's reporting API, in counter (ICV) order, until ZATCA's
 * answer proves it reported or rejected. The guarantees are the order
 * uploader's (sync/push/order-uploader.ts):
 *
 * - Exactly once, same bytes: a document is sent as stored (its XML, hash
 *   and uuid never change), so a resend after a lost answer is the same
 *   request; ZATCA answers a hash it already has with 409 Duplicate-Invoice,
 *   which counts as reported (reporting-answer.ts).
 * - Strict order: the oldest pending document goes first and the rest wait
 *   behind it while it is retried, so ZATCA sees the chain in the order it
 *   was written. A rejected document is final and keeps its ICV slot; the
 *   chain goes on past it.
 * - Backoff on the injected clock (exponential, full jitter, capped;
 *   Retry-After honoured); a 401 pauses the queue and says so until the
 *   credentials change or `resume()`; while ZATCA is unreachable a light
 *   probe brings the queue back without waiting out the backoff.
 *
 * One run at a time, whoever asks for it (the host's loop, `pos zatca report`).
 */
import { Alarm, systemClock, type Clock } from '../clock/index.ts';
import type { TillDatabase } from '../db/index.ts';
import { backoffDelay, retryAfterMs, type BackoffPolicy } from '../upstream/index.ts';
import { CSID_SECRET, type SecretStore } from './egs-secrets.ts';
import { rejectionAdvice } from './rejection-advice.ts';
import { submitDocument } from './report-document.ts';
import { headOfQueue, makeQueueDue, queueCounts, recordDeferred, recordRejected, recordReported, type QueuedDocument } from './report-queue.ts';
import { judgeZatcaReply, type ZatcaMessages } from './reporting-answer.ts';
import { credentialsOf, probeZatca, type ZatcaCredentials } from './zatca-http.ts';
import { readEgs } from './zatca-store.ts';

export const DEFAULT_REPORT_BACKOFF: BackoffPolicy = { baseDelayMs: 1_000, maxDelayMs: 5 * 60_000 };
export const DEFAULT_ZATCA_PROBE_INTERVAL_MS = 15_000;

export interface ZatcaReporterOptions {
  db: TillDatabase;
  /** Where the CSID secret is (read afresh when a function, so a secret onboarding just wrote is found). */
  secrets: SecretStore | (() => SecretStore);
  clock?: Clock;
  backoff?: BackoffPolicy;
  probeIntervalMs?: number;
  /** How long one request may go unanswered, on the clock. */
  timeoutMs?: number;
  random?: () => number;
}

export interface ZatcaReportingStatus {
  /** Whether ZATCA answered the last request; null before the first. */
  online: boolean | null;
  paused: null | 'unauthenticated';
  /** Why the queue is not moving (the last failure), or null. */
  lastError: string | null;
  unreported: number;
  rejected: number;
  /** When the oldest document not yet reported was issued (the 24-hour window runs from it), or null. */
  oldestUnreportedAt: number | null;
}

/** One document's outcome, as a run reports it (the CLI's progress lines). */
export interface DocumentOutcome {
  icv: number;
  number: string;
  kind: QueuedDocument['kind'];
  outcome: 'reported' | 'rejected' | 'deferred';
  /** ZATCA's status or the failure, one line. */
  detail: string;
  messages: ZatcaMessages | null;
  /** For a rejected document: what the manager issues next, in both languages. */
  advice: { en: string; ar: string } | null;
}

export interface ReportRun {
  sent: number;
  reported: number;
  rejected: number;
  deferred: number;
  /** Why it ended with documents pending; null when none are. */
  stopped: null | 'waiting' | 'paused' | 'stopping' | 'not-onboarded';
  error: string | null;
}

type Listener = (status: ZatcaReportingStatus) => void;

interface Target {
  baseUrl: string;
  credentials: ZatcaCredentials;
  /** Which credentials these are, to notice new ones after a 401. */
  fingerprint: string;
}

export class ZatcaReporter {
  private readonly db: TillDatabase;
  private readonly secrets: () => SecretStore;
  private readonly clock: Clock;
  private readonly backoff: BackoffPolicy;
  private readonly probeIntervalMs: number;
  private readonly timeoutMs: number | undefined;
  private readonly random: () => number;
  private readonly listeners = new Set<Listener>();
  private readonly alarm: Alarm;
  private readonly sleeper: Alarm;

  private online: boolean | null = null;
  private lastError: string | null = null;
  private paused: { reason: 'unauthenticated'; fingerprint: string } | null = null;
  private nextProbeAt = 0;
  private exclusive: Promise<unknown> = Promise.resolve();
  private loop: Promise<void> | null = null;
  private stopping = false;
  /** Whether the loop should be running: false once stop() is called, so a restart queued while stopping is dropped. */
  private wanted = false;
  private current: ZatcaReportingStatus;

  constructor(options: ZatcaReporterOptions) {
    this.db = options.db;
    const { secrets } = options;
    this.secrets = typeof secrets === 'function' ? secrets : () => secrets;
    this.clock = options.clock ?? systemClock;
    this.backoff = options.backoff ?? DEFAULT_REPORT_BACKOFF;
    this.probeIntervalMs = options.probeIntervalMs ?? DEFAULT_ZATCA_PROBE_INTERVAL_MS;
    this.timeoutMs = options.timeoutMs;
    this.random = options.random ?? Math.random;
    this.alarm = new Alarm(this.clock);
    this.sleeper = new Alarm(this.clock);
    this.current = this.compute();
  }

  status(): ZatcaReportingStatus {
    return this.current;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A document was signed (a checkout committed) or the unit was onboarded: count it and report soon. */
  notify(): void {
    // New credentials (a renewed CSID) lift a 401 pause by themselves.
    if (this.paused && this.target()?.fingerprint !== this.paused.fingerprint) this.paused = null;
    this.publish();
    this.alarm.ring();
  }

  /** Lifts a pause; the queue is tried again at once. */
  resume(): void {
    this.paused = null;
    this.lastError = null;
    this.publish();
    this.alarm.ring();
  }

  /**
   * Sends every due document, in ICV order. With `retryWithinMs`, a document
   * put back after a failure is tried again in this same call once its
   * backoff ends, as long as that is within `retryWithinMs` of the start
   * (at most `maxRounds` rounds): `pos zatca report` then reports only what
   * ZATCA kept failing on.
   */
  reportDue(options: { retryWithinMs?: number; maxRounds?: number; onDocument?: (outcome: DocumentOutcome) => void } = {}): Promise<ReportRun> {
    return this.serialized(async () => {
      const deadline = this.clock.now() + (options.retryWithinMs ?? 0);
      const rounds = options.maxRounds ?? 40;
      const total = emptyRun();
      for (let round = 1; ; round++) {
        const run = await this.drain(() => true, options.onDocument);
        total.sent += run.sent;
        total.reported += run.reported;
        total.rejected += run.rejected;
        total.deferred += run.deferred;
        total.stopped = run.stopped;
        total.error = run.error ?? total.error;
        if (run.stopped !== 'waiting' || round >= rounds) break;
        const head = headOfQueue(this.db);
        if (!head || head.next_attempt_at > deadline) break;
        if (head.next_attempt_at > this.clock.now()) await this.sleeper.sleep(head.next_attempt_at - this.clock.now());
      }
      if (total.stopped === null) total.error = null;
      return total;
    });
  }

  /** Runs the reporting loop in the background until `stop()`; it idles until the unit is onboarded. */
  start(): void {
    this.wanted = true;
    if (this.loop) {
      // Started again while stopping (a host restarting): run anew once the old loop ends, unless stopped again by then.
      if (this.stopping) void this.loop.then(() => this.wanted && this.start());
      return;
    }
    this.stopping = false;
    this.loop = this.run().finally(() => {
      this.loop = null;
    });
  }

  isRunning(): boolean {
    return this.loop !== null;
  }

  /** Resolves once the loop has finished the request it was making. */
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
          if (this.online === false && this.clock.now() >= this.nextProbeAt) await this.serialized(() => this.probe());
          if (!this.stopping) await this.serialized(() => this.drain(() => !this.stopping));
        }
        breakdowns = 0;
        if (this.stopping) break;
        await this.alarm.sleep(this.nextWakeIn());
      } catch (error) {
        // The database failed (disk full, locked too long): documents stay pending; say so and try again later.
        this.lastError = `ZATCA reporting could not use the till database (${error instanceof Error ? error.message : String(error)}); it will try again.`;
        this.publish();
        await this.alarm.sleep(backoffDelay(breakdowns++, this.backoff, this.random));
      }
    }
  }

  /** Until the oldest pending document falls due, or the next probe while offline; forever while paused or idle. */
  private nextWakeIn(): number {
    if (this.paused !== null) return Infinity;
    const now = this.clock.now();
    const head = this.target() ? headOfQueue(this.db) : null;
    let wait = head ? Math.max(0, head.next_attempt_at - now) : Infinity;
    if (this.online === false) wait = Math.min(wait, Math.max(0, this.nextProbeAt - now));
    return wait;
  }

  private serialized<T>(work: () => Promise<T>): Promise<T> {
    const run = this.exclusive.then(work, work);
    this.exclusive = run.catch(() => undefined);
    return run;
  }

  /** ZATCA's address and this unit's credentials, or null until the unit is onboarded with its CSID secret. */
  private target(): Target | null {
    const egs = readEgs(this.db);
    if (!egs) return null;
    const secret = this.secrets().get(CSID_SECRET);
    if (!secret) return null;
    return { baseUrl: egs.base_url, credentials: credentialsOf(egs.certificate, secret), fingerprint: `${egs.certificate}:${secret}` };
  }

  private async probe(): Promise<void> {
    const target = this.target();
    if (!target) return;
    const result = await probeZatca(target.baseUrl, this.clock, this.timeoutMs);
    this.nextProbeAt = this.clock.now() + this.probeIntervalMs;
    if (result.online) {
      makeQueueDue(this.db, this.clock.now());
      this.online = true;
      this.lastError = null;
    } else {
      this.online = false;
      this.lastError = result.reason;
    }
    this.publish();
  }

  private async drain(keepGoing: () => boolean, onDocument?: (outcome: DocumentOutcome) => void): Promise<ReportRun> {
    const run = emptyRun();
    try {
      for (;;) {
        const head = headOfQueue(this.db);
        if (!head) break;
        if (this.paused !== null) {
          run.stopped = 'paused';
          run.error = this.lastError;
          break;
        }
        if (!keepGoing()) {
          run.stopped = 'stopping';
          break;
        }
        const target = this.target();
        if (!target) {
          run.stopped = 'not-onboarded';
          run.error = readEgs(this.db)
            ? "the EGS unit's CSID secret is not in this till's secret store; onboard the unit again"
            : 'the EGS unit is not onboarded';
          break;
        }
        if (head.next_attempt_at > this.clock.now()) {
          run.stopped = 'waiting';
          run.error = this.lastError;
          break;
        }
        run.sent++;
        const outcome = await this.send(head, target, run);
        if (outcome) onDocument?.(outcome);
        if (outcome?.outcome === 'deferred') {
          // The head waits out its backoff and the rest wait behind it.
          run.stopped = 'waiting';
          run.error = this.lastError;
          break;
        }
        if (this.paused !== null) {
          run.stopped = 'paused';
          run.error = this.lastError;
          break;
        }
      }
    } finally {
      this.publish();
    }
    return run;
  }

  /** One try of the head document; writes what ZATCA's answer proves. Null when the try was not the document's doing (401). */
  private async send(head: QueuedDocument, target: Target, run: ReportRun): Promise<DocumentOutcome | null> {
    const reply = await submitDocument(
      'reporting',
      { hash: head.hash, uuid: head.uuid, xml: head.xml },
      { baseUrl: target.baseUrl, credentials: target.credentials, clock: this.clock, ...(this.timeoutMs ? { timeoutMs: this.timeoutMs } : {}) },
    );
    const verdict = judgeZatcaReply('reporting', reply);
    const now = this.clock.now();
    const about = { icv: head.icv, number: head.number, kind: head.kind };
    switch (verdict.outcome) {
      case 'accepted':
        recordReported(this.db, head.icv, { zatcaStatus: verdict.zatcaStatus, messages: verdict.messages, note: verdict.note, now });
        run.reported++;
        this.online = true;
        this.lastError = null;
        return { ...about, outcome: 'reported', detail: verdict.note ?? verdict.zatcaStatus, messages: verdict.messages, advice: null };
      case 'rejected':
        recordRejected(this.db, head.icv, { zatcaStatus: verdict.zatcaStatus, messages: verdict.messages, reason: verdict.reason });
        run.rejected++;
        this.online = true;
        this.lastError = null;
        return { ...about, outcome: 'rejected', detail: verdict.reason, messages: verdict.messages, advice: rejectionAdvice(head) };
      case 'unauthenticated':
        // Not the document's fault: it keeps its attempts and goes first once the credentials are renewed.
        this.paused = { reason: 'unauthenticated', fingerprint: target.fingerprint };
        this.online = true;
        this.lastError = verdict.reason;
        return null;
      case 'retry': {
        const wait = Math.max(backoffDelay(head.attempts, this.backoff, this.random), retryAfterMs(verdict.retryAfter, now) ?? 0);
        recordDeferred(this.db, head.icv, now + wait, verdict.reason);
        run.deferred++;
        this.lastError = verdict.reason;
        this.online = verdict.online;
        // While offline a probe, one interval after the failure, finds the connection before the backoff ends.
        if (!verdict.online) this.nextProbeAt = now + this.probeIntervalMs;
        return { ...about, outcome: 'deferred', detail: verdict.reason, messages: verdict.messages, advice: null };
      }
    }
  }

  private compute(): ZatcaReportingStatus {
    return { online: this.online, paused: this.paused?.reason ?? null, lastError: this.lastError, ...queueCounts(this.db) };
  }

  private publish(): void {
    const next = this.compute();
    const before = this.current;
    this.current = next;
    if (JSON.stringify(before) === JSON.stringify(next)) return;
    for (const listener of this.listeners) listener(next);
  }
}

function emptyRun(): ReportRun {
  return { sent: 0, reported: 0, rejected: 0, deferred: 0, stopped: null, error: null };
}
