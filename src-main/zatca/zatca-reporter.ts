/**
 * Everything the till sends ZATCA after a sale, as the host and `pos zatca
 * report` run it: the one upload engine (sync/push/upload-engine.ts) with
 * ZATCA's link and two kinds, standard invoices whose clearance answer was
 * lost asked again (zatca-clearance-kind.ts) and the reporting outbox
 * (issue 22, part 3; zatca-report-kind.ts). Its own engine, not the
 * service's: ZATCA is another destination, reachable or not on its own, and
 * its 401 (the CSID) pauses only its documents.
 */
import { systemClock, type Clock } from '../clock/index.ts';
import type { TillDatabase } from '../db/index.ts';
import { UploadEngine } from '../sync/index.ts';
import type { BackoffPolicy } from '../upstream/index.ts';
import type { SecretStore } from '../secrets/index.ts';
import { ZatcaClearanceKind } from './zatca-clearance-kind.ts';
import { probeZatcaLink, zatcaLink, ZatcaReportKind, type DocumentOutcome, type ZatcaLink } from './zatca-report-kind.ts';

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
  /** Hears each document's outcome (the CLI's progress lines). */
  onDocument?: (outcome: DocumentOutcome) => void;
  /** Resolves once every change committed so far is with the standby hub (docs/standby.md): each document waits for it. None: at once. */
  sendsWaitFor?: () => Promise<void>;
}

export class ZatcaReporter extends UploadEngine<ZatcaLink> {
  private readonly link: ZatcaLink;

  constructor({ db, secrets, clock = systemClock, timeoutMs, onDocument, sendsWaitFor, ...options }: ZatcaReporterOptions) {
    const link = zatcaLink(db, typeof secrets === 'function' ? secrets : () => secrets, clock, timeoutMs, sendsWaitFor);
    // Clearance first: a business buyer waits for that invoice; reports have 24 hours.
    const kinds = [new ZatcaClearanceKind(db), new ZatcaReportKind(db, link, onDocument)];
    super({ ...options, clock, client: link, kinds, probe: probeZatcaLink });
    this.link = link;
  }

  /** A document was signed (a checkout committed) or the unit was onboarded: count it and report soon. */
  override notify(): void {
    // New credentials (a renewed CSID) lift a 401 pause by themselves.
    if (this.isPaused() && this.link.target()?.fingerprint !== this.link.refusedFingerprint) this.resume();
    super.notify();
  }
}
