/**
 * `pos zatca --db FILE report [--json]`: sends the documents not yet
 * reported to ZATCA now, oldest counter first, with a line per document and
 * a summary: reported, rejected (with ZATCA's messages and what to issue
 * next, in English and Arabic), still pending. Standard invoices whose
 * clearance answer was lost are asked again in the same run (same bytes:
 * ZATCA answers 208 with the cleared invoice). Exit 0 when nothing is left
 * pending and nothing was rejected, 1 otherwise.
 */
import { openDatabase } from '../../db/index.ts';
import { FileSecretStore } from '../../secrets/index.ts';
import { chainSummary, readEgs, rejectionAdvice, summarizeZatcaMessages, ZATCA_REPORTING, ZatcaReporter, type DocumentOutcome } from '../../zatca/index.ts';
import type { CliIo } from '../cli-io.ts';

/** How long a run keeps trying a document ZATCA failed on (5xx, no answer) before it reports it pending. */
const REPORT_RETRY_MS = 20_000;
/** Short waits between tries within one run: a person is watching. */
const CLI_REPORT_BACKOFF = { baseDelayMs: 500, maxDelayMs: 4_000 };
const HOUR_MS = 3_600_000;

export async function zatcaReport(dbFile: string, json: boolean, io: CliIo, now: () => number): Promise<number> {
  const db = openDatabase(dbFile);
  try {
    // A new hub not onboarded yet may still hold the old hub's documents (and its credentials) to report.
    if (!readEgs(db) && chainSummary(db).documents === 0) {
      io.err('pos zatca report: this till has no EGS unit (not onboarded), so there is nothing to report; onboard it first.');
      return 1;
    }
    const rejected: (DocumentOutcome & { errors: string })[] = [];
    let reported = 0;
    const reporter = new ZatcaReporter({
      db,
      secrets: () => new FileSecretStore(db),
      backoff: CLI_REPORT_BACKOFF,
      onDocument: (outcome) => {
        const name = `ICV ${outcome.icv} ${outcome.kind} ${outcome.number}`;
        const warnings = outcome.messages?.warnings.length ?? 0;
        if (outcome.outcome === 'reported') {
          // A resend ZATCA already had says so (409); otherwise ZATCA's warnings, if any.
          const said = outcome.detail.startsWith('ZATCA already had')
            ? `: ${outcome.detail}`
            : warnings
              ? ` with ${warnings} warning(s): ${summarizeZatcaMessages(outcome.messages!)}`
              : '';
          reported++;
          io.err(`${name}: reported${said}`);
        } else if (outcome.outcome === 'rejected') {
          rejected.push({ ...outcome, errors: outcome.messages ? summarizeZatcaMessages(outcome.messages) : outcome.detail });
          io.err(`${name}: REJECTED by ZATCA: ${outcome.detail}`);
          io.err(`  ${outcome.advice!.en}`);
          io.err(`  ${outcome.advice!.ar}`);
        } else io.err(`${name}: not reported yet: ${outcome.detail}`);
      },
    });
    const run = await reporter.uploadDue({ retryWithinMs: REPORT_RETRY_MS });
    const notOnboarded = run.held.includes(ZATCA_REPORTING);
    const summary = chainSummary(db);
    const oldestHours = summary.oldestUnreportedAt === null ? null : Math.floor((now() - summary.oldestUnreportedAt) / HOUR_MS);
    io.err(
      `ZATCA: ${reported} reported, ${rejected.length} rejected, ${summary.unreported} still pending${oldestHours === null ? '' : ` (the oldest issued ${oldestHours} h ago; the limit is 24 h)`}.`,
    );
    if (summary.unreported > 0 && run.error) io.err(`  still pending because: ${run.error}`);
    if (notOnboarded) io.err(`  ${run.error}`);
    if (json) {
      io.out(
        JSON.stringify({
          ok: summary.unreported === 0 && rejected.length === 0,
          sent: run.batches,
          reported,
          rejected: rejected.map((r) => ({ icv: r.icv, kind: r.kind, number: r.number, errors: r.messages?.errors ?? [], advice: rejectionAdvice(r) })),
          pending: summary.unreported,
          oldest_unreported_at: summary.oldestUnreportedAt,
          oldest_unreported_age_hours: oldestHours,
          stopped: notOnboarded ? 'not-onboarded' : run.stopped,
          error: summary.unreported > 0 ? run.error : null,
        }),
      );
    }
    return summary.unreported === 0 && rejected.length === 0 ? 0 : 1;
  } finally {
    db.close();
  }
}
