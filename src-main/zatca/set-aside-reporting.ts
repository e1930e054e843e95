/**
 * The documents an old hub signed that only its set-aside file holds
 * (docs/zatca.md, "An old hub's set-aside file"). An old hub that rejoins
 * as the standby of the new hub keeps its old file as
 * `FILE.before-rejoin-epoch-N` (src-main/standby/rejoin.ts): the documents
 * it signed while no standby was connected are in that file only (the new
 * hub took over before it had them). This machine signed them with its own
 * unit and holds that unit's CSID secret, so it reports them itself, from
 * that file, as signed (the same bytes), in counter order, with the upload
 * engine's retries and probe, until none is left: first, briefly, before
 * the rejoin replaces its file, then in the background of whatever this
 * machine serves (standby or hub). Each document stays in the file with
 * ZATCA's answer; the file is kept (it also holds the orders and changes of
 * the time it ran alone).
 */
import { systemClock, type Clock } from '../clock/index.ts';
import { openDatabase, setAsideFilesOf, type TillDatabase } from '../db/index.ts';
import type { SecretStore } from '../secrets/index.ts';
import { UploadEngine } from '../sync/index.ts';
import type { BackoffPolicy } from '../upstream/index.ts';
import { pendingAmong } from './report-queue.ts';
import { probeZatcaLink, zatcaLink, ZatcaReportKind, type DocumentOutcome, type ZatcaLink } from './zatca-report-kind.ts';
import { hasDocument, pendingDocumentsOf, thisUnitName } from './zatca-store.ts';

/**
 * The documents only a set-aside file holds (their cbc:UUIDs, in signing
 * order): signed by the unit that file's machine is, not reported yet, and
 * not in the branch's database `live` (what the new hub had it reports
 * itself). `among`: only these (the rejoin names what the new hub lacks
 * before its snapshot is here).
 */
export function setAsideOwnDocuments(setAside: TillDatabase, live: TillDatabase | null, among?: readonly string[]): string[] {
  const unit = thisUnitName(setAside);
  if (!unit) return [];
  const wanted = among ? new Set(among) : null;
  return pendingDocumentsOf(setAside, unit).filter((uuid) => (wanted === null || wanted.has(uuid)) && (live === null || !hasDocument(live, uuid)));
}

/** What a set-aside file still has to report (`pos doctor`, `pos zatca status`). */
export interface SetAsideWaiting {
  file: string;
  /** The unit that signed its documents (this machine's), or null when it was never onboarded. */
  unit: string | null;
  waiting: number;
  oldest_issued_at: number | null;
  /** Why the file could not be read (then nothing is known of it). */
  error: string | null;
}

/** Every set-aside file beside `dbFile` and how many of its own documents still wait, with the branch's database `live`. */
export function setAsideStatus(dbFile: string, live: TillDatabase): SetAsideWaiting[] {
  return setAsideFilesOf(dbFile).map((file) => {
    let db: TillDatabase;
    try {
      db = openDatabase(file);
    } catch (error) {
      return { file, unit: null, waiting: 0, oldest_issued_at: null, error: (error as Error).message };
    }
    try {
      const { pending, oldestIssuedAt } = pendingAmong(db, setAsideOwnDocuments(db, live));
      return { file, unit: thisUnitName(db), waiting: pending, oldest_issued_at: oldestIssuedAt, error: null };
    } finally {
      db.close();
    }
  });
}

/** The status's lines for the set-aside files (`pos doctor --db`, `pos zatca status`): how many documents wait, and where. */
export function describeSetAside(list: readonly SetAsideWaiting[], now: number): string[] {
  return list.map((s) => {
    if (s.error) return `ZATCA: the set-aside file ${s.file} could not be read (${s.error}); its documents are not counted`;
    if (s.waiting === 0) return `ZATCA: ${s.file} (set aside by a rejoin): none of its documents waits to be reported`;
    const hours = s.oldest_issued_at === null ? null : Math.floor((now - s.oldest_issued_at) / 3_600_000);
    return (
      `ZATCA: ${s.waiting} document(s) unit ${s.unit} signed before this till rejoined wait to be reported in ${s.file}` +
      `${hours === null ? '' : ` (the oldest issued ${hours} h ago; ZATCA's limit is 24 h)`}: this till reports them from there by itself while it runs`
    );
  });
}

export interface SetAsideReporterOptions {
  /** The set-aside file, opened by the caller (closed by it too, after stop()). */
  db: TillDatabase;
  /** Its documents to report (setAsideOwnDocuments). */
  documents: readonly string[];
  /** This machine's secret store (the live file's): its own unit's CSID secret. */
  secrets: SecretStore | (() => SecretStore);
  clock?: Clock;
  backoff?: BackoffPolicy;
  probeIntervalMs?: number;
  timeoutMs?: number;
  onDocument?: (outcome: DocumentOutcome) => void;
}

/**
 * Reports a set-aside file's own documents with the one upload engine (the
 * normal reporter's retries, backoff, probe and 401 pause); `done` resolves
 * once none of them is pending (reported, or rejected by ZATCA: final).
 */
export class SetAsideReporter extends UploadEngine<ZatcaLink> {
  readonly done: Promise<void>;
  private readonly db: TillDatabase;
  private readonly documents: readonly string[];

  constructor({ db, documents, secrets, clock = systemClock, timeoutMs, onDocument, ...options }: SetAsideReporterOptions) {
    // Nothing to wait for: no standby follows a set-aside file, and its documents were committed long ago.
    const link = zatcaLink(db, typeof secrets === 'function' ? secrets : () => secrets, clock, timeoutMs);
    super({ ...options, clock, client: link, kinds: [new ZatcaReportKind(db, link, onDocument, documents)], probe: probeZatcaLink });
    this.db = db;
    this.documents = documents;
    this.done = new Promise((resolve) => {
      const check = () => {
        if (this.waiting() > 0) return false;
        resolve();
        return true;
      };
      if (check()) return;
      const unsubscribe = this.subscribe(() => {
        if (check()) unsubscribe();
      });
    });
  }

  /** How many of its documents are still pending. */
  waiting(): number {
    return pendingAmong(this.db, this.documents).pending;
  }

  /** When the oldest of them still pending was issued. */
  oldestIssuedAt(): number | null {
    return pendingAmong(this.db, this.documents).oldestIssuedAt;
  }
}

/** How long the rejoin lets the old hub report before it replaces its file (the rest is reported in the background). */
export const REPORT_BEFORE_REJOIN_MS = 10_000;

/**
 * Before a rejoin replaces the old hub's file (the file already set aside
 * as `file`): reports what it can of `documents` (what the new hub lacks),
 * for at most `budgetMs` and one request's timeout more; answers how many
 * still wait. Never throws: a rejoin is not held up by ZATCA.
 */
export async function reportBeforeRejoin(options: {
  file: string;
  documents: readonly string[];
  secrets: SecretStore;
  clock?: Clock;
  budgetMs?: number;
  timeoutMs?: number;
  log: (line: string) => void;
}): Promise<{ reported: number; waiting: number }> {
  const clock = options.clock ?? systemClock;
  let db: TillDatabase;
  try {
    db = openDatabase(options.file);
  } catch (error) {
    options.log(`ZATCA: the set-aside file ${options.file} could not be opened to report its documents (${(error as Error).message}).`);
    return { reported: 0, waiting: 0 };
  }
  try {
    const documents = setAsideOwnDocuments(db, null, options.documents);
    if (documents.length === 0) return { reported: 0, waiting: 0 };
    let reported = 0;
    const reporter = new SetAsideReporter({
      db,
      documents,
      secrets: options.secrets,
      clock,
      timeoutMs: options.timeoutMs ?? 5_000,
      onDocument: (outcome) => {
        if (outcome.outcome !== 'deferred') reported++;
      },
    });
    reporter.start();
    let cancel = (): void => {};
    await Promise.race([reporter.done, new Promise<void>((resolve) => (cancel = clock.after(options.budgetMs ?? REPORT_BEFORE_REJOIN_MS, resolve)))]);
    cancel();
    await reporter.stop();
    const waiting = reporter.waiting();
    options.log(
      `ZATCA: before rejoining, this till reported ${reported} of the ${documents.length} document(s) it signed that the new hub never had` +
        (waiting === 0
          ? '.'
          : `; ${waiting} still wait in ${options.file} and are reported from there in the background (${reporter.status().lastError ?? 'ZATCA did not answer in time'}).`),
    );
    return { reported, waiting };
  } catch (error) {
    options.log(`ZATCA: reporting from ${options.file} before the rejoin failed (${(error as Error).message}); it is tried again in the background.`);
    return { reported: 0, waiting: -1 };
  } finally {
    db.close();
  }
}

export interface ZatcaSetAsideWorkOptions {
  secrets: SecretStore | (() => SecretStore);
  clock?: Clock;
  backoff?: BackoffPolicy;
}

/**
 * The ZATCA side of a set-aside file (src-main/standby/set-aside-files.ts
 * runs it, with the orders' upload, over each file): a reporter of the
 * documents this machine's unit signed that the branch's database does not
 * hold, until none is pending.
 */
export function zatcaSetAsideWork(options: ZatcaSetAsideWorkOptions) {
  return {
    key: 'zatca',
    what: 'ZATCA document(s)',
    open(setAside: TillDatabase, live: TillDatabase) {
      const documents = setAsideOwnDocuments(setAside, live);
      if (documents.length === 0) return null;
      const reporter = new SetAsideReporter({
        db: setAside,
        documents,
        secrets: options.secrets,
        ...(options.clock ? { clock: options.clock } : {}),
        ...(options.backoff ? { backoff: options.backoff } : {}),
      });
      return {
        items: documents.length,
        done: reporter.done,
        waiting: () => ({ waiting: reporter.waiting(), oldest_at: reporter.oldestIssuedAt() }),
        start: () => reporter.start(),
        stop: () => reporter.stop(),
      };
    },
  };
}
