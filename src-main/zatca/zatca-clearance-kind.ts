/**
 * Clearance asked again in the background, as a kind of the one upload
 * engine beside reporting (zatca-report-kind.ts): a standard (B2B) invoice
 * whose clearance answer was lost (the network dropped after sending, a
 * timeout, the till killed mid-call) stays `clearing`, and this kind sends
 * the same signed document again, with backoff, until ZATCA answers it.
 *
 * Sending the same bytes is ZATCA's documented way: the Clearance API keeps
 * each invoice hash and answers a second submission of it with 208 "Invoice
 * Hash Previously Submitted" and the cleared invoice again (ZATCA's
 * "duplication check" notice, zatca1.discourse.group t/7954; after 24 hours
 * the same payload is still counted once, t/8501). A new UUID or hash would
 * be a second invoice for one sale. ZATCA flags repeated duplicates, so an
 * invoice is asked again only after its own try at checkout has ended
 * (attempts > 0), or, when the till died during that try, once
 * CHECKOUT_TRY_MS has passed since the sale; then with backoff.
 *
 * What an answer settles is what checkout's clearance writes
 * (clearance-queries.ts): cleared (only with ZATCA's document of this UUID
 * and hash, cleared-invoice.ts), not cleared (final), or still clearing.
 */
import type { TillDatabase } from '../db/index.ts';
import type { UploadContext, UploadCounts, UploadKind, UploadReport } from '../sync/index.ts';
import { retryAfterMs } from '../upstream/index.ts';
import { clearingDocument, clearingSlots, type ClearingSlot } from './clearance-queue.ts';
import { clearanceCounts, recordCleared, recordNotCleared } from './clearance-queries.ts';
import { readClearedInvoice } from './cleared-invoice.ts';
import { clearanceUnproven } from './clearance-unproven.ts';
import { stampTrustOf } from './zatca-trust-anchors.ts';
import { readEgsUnit } from './zatca-store.ts';
import { submitDocument } from './report-document.ts';
import { judgeZatcaReply } from './reporting-answer.ts';
import { DEFAULT_ZATCA_TIMEOUT_MS } from './zatca-http.ts';
import { makeQueueDue, recordDeferred, takenCount } from './report-queue.ts';
import { pauseOnRefusedCsid, targetToSend, type ZatcaLink, type ZatcaTarget } from './zatca-report-kind.ts';

/** Longer than checkout's own clearance call may take: an invoice never tried yet is left to it until then. */
export const CHECKOUT_TRY_MS = 2 * DEFAULT_ZATCA_TIMEOUT_MS;

export const ZATCA_CLEARANCE = 'zatca-clearance';

export class ZatcaClearanceKind implements UploadKind<ZatcaLink> {
  readonly name = ZATCA_CLEARANCE;

  constructor(private readonly db: TillDatabase) {}

  nextAttemptAt(): number | null {
    let earliest: number | null = null;
    for (const slot of clearingSlots(this.db)) {
      const at = dueAt(slot);
      if (earliest === null || at < earliest) earliest = at;
    }
    return earliest;
  }

  makePendingDue(now: number): void {
    makeQueueDue(this.db, now);
  }

  counts(): UploadCounts {
    const { clearing, notCleared } = clearanceCounts(this.db);
    return { pending: clearing, rejected: notCleared, synced: takenCount(this.db, 'cleared') };
  }

  async drain(context: UploadContext<ZatcaLink>, keepGoing: () => boolean, report: UploadReport): Promise<void> {
    for (const slot of clearingSlots(this.db)) {
      if (dueAt(slot) > context.now()) continue;
      // Asked with the credentials of the unit that signed it (an old hub's invoice, after a takeover, with the old hub's).
      const target = targetToSend(this.db, this.name, context, keepGoing, report, slot.egs_unit);
      if (!target) return;
      // Settled meanwhile (the cashier's own ask) or gone: nothing to send.
      const doc = clearingDocument(this.db, slot.seq);
      if (!doc) continue;
      report.batches++;
      if ((await this.ask(context, doc, target, report)) === 'stop') return;
    }
  }

  /** One ask of one invoice; writes what ZATCA's answer proves. */
  private async ask(
    context: UploadContext<ZatcaLink>,
    doc: NonNullable<ReturnType<typeof clearingDocument>>,
    target: ZatcaTarget,
    report: UploadReport,
  ): Promise<'continue' | 'stop'> {
    const { timeoutMs, clock } = context.client;
    await context.client.beforeSend?.();
    const reply = await submitDocument(
      'clearance',
      { hash: doc.hash, uuid: doc.uuid, xml: doc.xml },
      { baseUrl: target.baseUrl, credentials: target.credentials, clock, ...(timeoutMs ? { timeoutMs } : {}) },
    );
    const verdict = judgeZatcaReply('clearance', reply);
    const now = context.now();
    const later = (reason: string, retryAfter: string | null = null): void => {
      recordDeferred(this.db, doc.seq, now + Math.max(context.retryDelay(doc.attempts), retryAfterMs(retryAfter, now) ?? 0), reason);
      report.deferred++;
      report.error = reason;
    };
    switch (verdict.outcome) {
      case 'accepted': {
        const egs = readEgsUnit(this.db, doc.egs_unit);
        const cleared = egs
          ? readClearedInvoice(verdict.clearedInvoice, { uuid: doc.uuid, hash: doc.hash }, stampTrustOf(this.db, egs))
          : ({ ok: false, problem: 'the EGS unit is gone' } as const);
        if (!cleared.ok) {
          later(clearanceUnproven(cleared.problem).message);
          context.publish({ online: true });
          return 'continue';
        }
        recordCleared(this.db, doc.seq, { zatcaStatus: verdict.zatcaStatus, messages: verdict.messages, xml: cleared.xml, qr: cleared.qr, now });
        report.created++;
        context.succeeded();
        return 'continue';
      }
      case 'rejected':
        recordNotCleared(this.db, doc.seq, { zatcaStatus: verdict.zatcaStatus, messages: verdict.messages, reason: verdict.reason });
        report.rejected++;
        context.succeeded();
        return 'continue';
      case 'unauthenticated':
        // Not the invoice's fault: it keeps its attempts and is asked again once the CSID is renewed.
        pauseOnRefusedCsid(context, target, verdict.reason, report);
        return 'stop';
      case 'retry':
        later(verdict.reason, verdict.retryAfter);
        context.failed({ kind: verdict.online ? 'failing' : 'offline', online: verdict.online, message: verdict.reason });
        if (verdict.online) return 'continue';
        report.stopped = 'failed';
        return 'stop';
    }
  }
}

/** When an invoice may be asked again: after its backoff, and never while checkout's own try may still be running. */
function dueAt(slot: ClearingSlot): number {
  return slot.attempts > 0 ? slot.next_attempt_at : Math.max(slot.next_attempt_at, slot.issued_at + CHECKOUT_TRY_MS);
}
