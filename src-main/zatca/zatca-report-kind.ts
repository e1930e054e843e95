/**
 * ZATCA reporting as a kind of the one upload engine (sync/push/upload-engine.ts):
 * every signed simplified document goes to ZATCA's reporting API, in counter
 * (ICV) order, until ZATCA's answer proves it reported or rejected. The
 * engine lends the clock, the backoff, the 401 pause, the offline probe and
 * the start/stop behaviour it gives orders and records; this file knows only
 * the zatca_documents queue and ZATCA's answers.
 *
 * - Exactly once, same bytes: a document is sent as stored (its XML, hash and
 *   uuid never change), so a resend after a lost answer is the same request;
 *   ZATCA answers a hash it already has with 409 Duplicate-Invoice, which
 *   counts as reported (reporting-answer.ts).
 * - Strict order: the oldest pending document goes first and the rest wait
 *   behind it while it is retried, so ZATCA sees the chain in the order it was
 *   written. A rejected document is final and keeps its ICV slot.
 * - A 401 means ZATCA no longer accepts this unit's CSID (wrong or expired):
 *   the engine pauses and says so; new credentials (onboarding again) lift it.
 */
import type { Clock } from '../clock/index.ts';
import type { TillDatabase } from '../db/index.ts';
import type { UploadContext, UploadCounts, UploadKind, UploadReport } from '../sync/index.ts';
import { retryAfterMs } from '../upstream/index.ts';
import { csidSecretOf } from './egs-secrets.ts';
import type { SecretStore } from '../secrets/index.ts';
import { rejectionAdvice } from './rejection-advice.ts';
import { submitDocument } from './report-document.ts';
import {
  headOfQueue,
  unitsWithPending,
  makeQueueDue,
  pendingAmong,
  queueCounts,
  recordDeferred,
  recordRejected,
  recordReported,
  takenCount,
  type QueuedDocument,
} from './report-queue.ts';
import { judgeZatcaReply, type ZatcaMessages } from './reporting-answer.ts';
import { credentialsOf, probeZatca, type ZatcaCredentials } from './zatca-http.ts';
import { allUnits, readEgs, readEgsUnit } from './zatca-store.ts';

/** ZATCA's address and this unit's credentials, as read when a document goes. */
export interface ZatcaTarget {
  baseUrl: string;
  credentials: ZatcaCredentials;
  /** Which credentials these are, to notice new ones after a 401. */
  fingerprint: string;
}

/**
 * What reaches ZATCA (the engine's client for this kind): the target is read
 * afresh for every document, so a CSID that onboarding just wrote is used at once.
 */
export interface ZatcaLink {
  /**
   * Null until the unit is onboarded with its CSID secret. Without `unit`,
   * this machine's own unit; with one, that unit's (an old hub's documents
   * go with the old hub's credentials, which it sent over the standby stream).
   */
  target(unit?: string): ZatcaTarget | null;
  clock: Clock;
  /** How long one request may go unanswered, on the clock (zatca-http's default otherwise). */
  timeoutMs?: number;
  /** The credentials ZATCA refused with a 401: the engine's pause lasts until they change. */
  refusedFingerprint: string | null;
  /** Resolves once every change committed so far is with the standby hub (docs/standby.md); each document waits for it before it is sent. */
  beforeSend?: () => Promise<void>;
}

export function zatcaLink(db: TillDatabase, secrets: () => SecretStore, clock: Clock, timeoutMs?: number, beforeSend?: () => Promise<void>): ZatcaLink {
  return {
    clock,
    ...(timeoutMs ? { timeoutMs } : {}),
    ...(beforeSend ? { beforeSend } : {}),
    refusedFingerprint: null,
    target(unit) {
      // Without a unit: this machine's, or (not onboarded yet, after a takeover) any unit whose documents it can report.
      const egs = unit === undefined ? (readEgs(db) ?? allUnits(db).find((u) => csidSecretOf(db, secrets(), u.unit) !== null)) : readEgsUnit(db, unit);
      if (!egs) return null;
      const secret = csidSecretOf(db, secrets(), egs.unit);
      if (!secret) return null;
      return { baseUrl: egs.base_url, credentials: credentialsOf(egs.certificate, secret), fingerprint: `${egs.certificate}:${secret}` };
    },
  };
}

/** The engine's probe while ZATCA is out of reach: any HTTP answer from its host means it is back. */
export async function probeZatcaLink(link: ZatcaLink): Promise<{ online: true; unauthenticated: false } | { online: false; message: string }> {
  const target = link.target();
  if (!target) return { online: false, message: 'the EGS unit is not onboarded' };
  const result = await probeZatca(target.baseUrl, link.clock, link.timeoutMs);
  return result.online ? { online: true, unauthenticated: false } : { online: false, message: result.reason ?? 'ZATCA could not be reached' };
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

export const ZATCA_REPORTING = 'zatca-reporting';

export class ZatcaReportKind implements UploadKind<ZatcaLink> {
  readonly name = ZATCA_REPORTING;

  constructor(
    private readonly db: TillDatabase,
    private readonly link: ZatcaLink,
    private readonly onDocument?: (outcome: DocumentOutcome) => void,
    /** Only these documents (a set-aside file's own, which no other machine holds: set-aside-reporting.ts); all pending ones without. */
    private readonly only?: readonly string[],
  ) {}

  /** The head of the queue alone: the rest wait behind it. Nothing while not onboarded (onboarding rings the engine). */
  nextAttemptAt(): number | null {
    return headOfQueue(this.db, this.reportableUnits(), this.only)?.next_attempt_at ?? null;
  }

  /**
   * The units whose pending documents this till can send now: its own and,
   * after a takeover, the old hub's (their credentials came over the stream).
   * Documents of a unit whose credentials are not here wait (the status
   * counts them) without holding up the others.
   */
  private reportableUnits(): string[] {
    return unitsWithPending(this.db, this.only).filter((unit) => this.link.target(unit) !== null);
  }

  makePendingDue(now: number): void {
    makeQueueDue(this.db, now);
  }

  counts(): UploadCounts {
    if (this.only) return { pending: pendingAmong(this.db, this.only).pending, rejected: 0, synced: 0 };
    const { unreported, rejected } = queueCounts(this.db);
    return { pending: unreported, rejected, synced: takenCount(this.db, 'reported') };
  }

  async drain(context: UploadContext<ZatcaLink>, keepGoing: () => boolean, report: UploadReport): Promise<void> {
    for (;;) {
      const head = headOfQueue(this.db, this.reportableUnits(), this.only);
      if (!head) {
        // Documents wait whose unit's credentials are not on this till: held, saying why.
        const waiting = headOfQueue(this.db, undefined, this.only);
        if (waiting) targetToSend(this.db, this.name, context, keepGoing, report, waiting.egs_unit);
        return;
      }
      const target = targetToSend(this.db, this.name, context, keepGoing, report, head.egs_unit);
      if (!target) return;
      // The head waits out its backoff and the rest wait behind it.
      if (head.next_attempt_at > context.now()) return;
      report.batches++;
      if ((await this.send(context, head, target, report)) === 'stop') return;
    }
  }

  /** One try of the head document; writes what ZATCA's answer proves. */
  private async send(context: UploadContext<ZatcaLink>, head: QueuedDocument, target: ZatcaTarget, report: UploadReport): Promise<'continue' | 'stop'> {
    const { timeoutMs } = context.client;
    // Nothing reaches ZATCA that a failover could un-happen (the document was read before: it is among what this waits for).
    await context.client.beforeSend?.();
    const reply = await submitDocument(
      'reporting',
      { hash: head.hash, uuid: head.uuid, xml: head.xml },
      { baseUrl: target.baseUrl, credentials: target.credentials, clock: context.client.clock, ...(timeoutMs ? { timeoutMs } : {}) },
    );
    const verdict = judgeZatcaReply('reporting', reply);
    const now = context.now();
    const about = { icv: head.icv, number: head.number, kind: head.kind };
    switch (verdict.outcome) {
      case 'accepted':
        recordReported(this.db, head.seq, { zatcaStatus: verdict.zatcaStatus, messages: verdict.messages, note: verdict.note, now });
        if (verdict.note === null) report.created++;
        else report.duplicate++;
        context.succeeded();
        this.onDocument?.({ ...about, outcome: 'reported', detail: verdict.note ?? verdict.zatcaStatus, messages: verdict.messages, advice: null });
        return 'continue';
      case 'rejected':
        recordRejected(this.db, head.seq, { zatcaStatus: verdict.zatcaStatus, messages: verdict.messages, reason: verdict.reason });
        report.rejected++;
        context.succeeded();
        this.onDocument?.({ ...about, outcome: 'rejected', detail: verdict.reason, messages: verdict.messages, advice: rejectionAdvice(head) });
        return 'continue';
      case 'unauthenticated':
        // Not the document's fault: it keeps its attempts and goes first once the CSID is renewed.
        pauseOnRefusedCsid(context, target, verdict.reason, report);
        return 'stop';
      case 'retry': {
        const wait = Math.max(context.retryDelay(head.attempts), retryAfterMs(verdict.retryAfter, now) ?? 0);
        recordDeferred(this.db, head.seq, now + wait, verdict.reason);
        report.deferred++;
        report.error = verdict.reason;
        // No answer: the engine probes ZATCA one interval on, and a reply brings the queue back before the backoff ends.
        context.failed({ kind: verdict.online ? 'failing' : 'offline', online: verdict.online, message: verdict.reason });
        if (!verdict.online) report.stopped = 'failed';
        this.onDocument?.({ ...about, outcome: 'deferred', detail: verdict.reason, messages: verdict.messages, advice: null });
        return 'stop';
      }
    }
  }
}

/**
 * Where the next document goes, or null when none may go now: the engine is
 * paused or stopping, or the unit is not onboarded (the kind is then held,
 * saying why).
 */
export function targetToSend(
  db: TillDatabase,
  kind: string,
  context: UploadContext<ZatcaLink>,
  keepGoing: () => boolean,
  report: UploadReport,
  unit?: string,
): ZatcaTarget | null {
  if (context.isPaused()) {
    report.stopped = 'paused';
    return null;
  }
  if (!keepGoing()) {
    report.stopped = 'stopping';
    return null;
  }
  const target = context.client.target(unit);
  if (!target) {
    report.held.push(kind);
    report.error =
      unit !== undefined && unit !== readEgs(db)?.unit
        ? "documents of another EGS unit (the branch's former hub) wait for that unit's credentials, which this till has not received: start the former hub, or its documents stay unreported"
        : readEgs(db)
          ? "the EGS unit's CSID secret is not in this till's secret store; onboard the unit again"
          : 'the EGS unit is not onboarded';
  }
  return target;
}

/** ZATCA refused the CSID (401): every ZATCA kind stops until these credentials change (onboarding again) or a resume. */
export function pauseOnRefusedCsid(context: UploadContext<ZatcaLink>, target: ZatcaTarget, reason: string, report: UploadReport): void {
  context.client.refusedFingerprint = target.fingerprint;
  context.pause(reason);
  report.stopped = 'paused';
  report.error = reason;
}
