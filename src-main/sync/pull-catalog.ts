import { availableParallelism } from 'node:os';
import type { Me, Product } from '../../src-shared/catalog/index.ts';
import { readListPage, type AccountFacts, type ListResource, type QuarantinedRecord } from '../../src-shared/wire/index.ts';
import { checkpointSoon, type TillDatabase } from '../db/index.ts';
import { NotFoundError, RequestWindow, ServiceError, UnauthenticatedError, paginate, type RetryPolicy, type ServiceClient } from '../upstream/index.ts';
import { systemClock, type Clock } from '../clock/index.ts';
import { getSetting } from '../settings/index.ts';
import {
  declaredCurrencyDecimals,
  readReplicaMeta,
  REPLICA,
  REPLICA_TABLES,
  Staging,
  writeReplicaMeta,
  type ReplicaTable,
  type WriteSlice,
} from '../catalog/index.ts';
import { accountAsMe, MissingMarketError, resolveScope, type ResolvedScope } from './account-scope.ts';
import { negotiateApiVersion } from './api-version-step-down.ts';
import { CATALOG_RESOURCES, needsOwnReads, type CatalogResource } from './catalog-resources.ts';
import { stageEach } from './stage-records.ts';
import { adjustAfterRefusal, MAX_ADJUSTMENTS, type ListRequest } from './list-request-adjustment.ts';
import { readPerProduct, type PerProductNeed } from './per-product-reads.ts';
import { allowedBadRecords, TooManyBadRecordsError } from './quarantine.ts';
import { readAccountFacts } from './read-account.ts';
import { sharedPageReader, type PageReaderThread, type PageRead } from './page-reader/page-reader.ts';

export type PullProgress =
  | { phase: 'me' }
  | { phase: 'list'; resource: ListResource; page: number; lastPage: number; received: number; total: number }
  | { phase: 'restart'; resource: ListResource; reason: string }
  // The new generation is pinned for readers (src-main/db/generations.ts): one short write, then the old one goes in slices.
  | { phase: 'publish' };

export interface PullOptions {
  client: ServiceClient;
  db: TillDatabase;
  /** Override what `/me` and the local settings say (or stand in for them). */
  marketId?: string;
  branchId?: string;
  /** Asked for; the service may cap it. 500 keeps a 100,000-product pull to 200 requests. */
  perPage?: number;
  retry?: RetryPolicy;
  /** Page requests on the wire at once per list (1: one after the other); default: the `sync.concurrency` setting. */
  concurrency?: number;
  /** Where waits (Retry-After, backoff) take their time from; tests pass a ManualClock. */
  clock?: Clock;
  onProgress?: (progress: PullProgress) => void;
  /** Things worth telling the person syncing (a skipped list, a version step-down), as they happen. */
  onNote?: (note: string) => void;
  signal?: AbortSignal;
  /** Rows one write transaction holds at most (default: a few milliseconds' worth). */
  sliceRows?: number;
  /** Rows written or deleted between two of the pull's checkpoints (default ROWS_PER_CHECKPOINT; tests ask for fewer). */
  rowsPerCheckpoint?: number;
  /** Each write transaction of the pull as it commits (tests and the bench: how long a checkout may wait). */
  onSlice?: (slice: WriteSlice) => void;
  /**
   * Count what changed per table (PullSummary.changes), after the pin. Off by default: nothing the till shows reads
   * it, and a pull again of 100,000 products compares both generations' 600,000 rows for it, about a second of the
   * host's thread (docs/performance.md, issue 37's twelfth pass). `pos sync --json` asks for it.
   */
  countChanges?: boolean;
  /**
   * Long lists' pages read and staged on a thread of their own (page-reader/) rather than the caller's. Off by default:
   * the thread and its heap add about 100 MB to a pull's peak (`pos sync` of 100,000 products: 267 and 283 MB against
   * 153 to 173, over its 250 MB budget). The host turns it on where a CPU is spare (readPagesOffThreadHere): there the
   * checkouts share the pull's event loop.
   */
  readPagesOffThread?: boolean;
}

/** An auxiliary list the pull went on without: empty (404) or as the replica had it (403, other failures). */
export interface SkippedList {
  list: ListResource;
  status: number | null;
  kept: 'empty' | 'previous';
  reason: string;
}

export interface PullSummary {
  /** The version the catalog was read at (lower than asked for when the service refused that one). */
  apiVersion: string;
  requestedApiVersion: string;
  /** The account as the till keeps it (from `/me`, flags and settings). */
  me: Me | null;
  /** What `/me` itself said (nulls: not known). */
  facts: AccountFacts;
  scope: { market_id: string; branch_id: string | null };
  /** Rows in the replica after the pull, per table. */
  counts: Record<string, number>;
  /** What readers saw change, per table: records gone, records new or different; null unless `countChanges` asked. */
  changes: Record<string, { deleted: number; written: number }> | null;
  skipped: SkippedList[];
  /** Records left out because they broke a rule (a record the replica had keeps its previous version). */
  quarantined: QuarantinedRecord[];
  /** Money values rounded to two places. */
  precisionLost: number;
  notes: string[];
  durationMs: number;
}

/** The list kept changing under us: every attempt saw a different total. */
export class CatalogChangedError extends Error {
  constructor(resource: string, attempts: number, detail: string) {
    super(
      `the ${resource} list kept changing while it was read (${detail}, ${attempts} attempts); the previous catalog is kept, try the sync again in a minute`,
    );
  }
}

const READ_ATTEMPTS = 3;
/**
 * The main database's page cache while a pull runs, in KiB. Smaller costs the pull less CPU, not more (issue 37):
 * SQLite's b-tree balance parks a page at the lock-byte page's number (262,145) while it renumbers pages, so after
 * almost every slice the cache's largest page number is far past the file's end, and the commit's truncation of the
 * cache to the file's size walks every page it holds (pcache1TruncateUnsafe). 16 MiB (4,000 pages): that walk was
 * 2.5% of a 100,000-product pull's samples; 4 MiB: 0.4%. A gain of 1-2% of the first pull's CPU, too small for
 * whole-pull runs on a shared machine to show; a second pull the same (docs/performance.md, eleventh pass).
 */
const PULL_CACHE_KIB = 8 * 1024;
/**
 * Rows written or deleted between two checkpoints (about ten pages of 500 products). A pull wrote about 7 KB
 * of WAL a row (each row lands on its own leaf of every index keyed by a random id; about 1.8 KB since a
 * product's modifiers and prices are keyed by its row, migration 0036; 1.0 KB written in all, WAL and
 * checkpoints, where it was 1.6, since the unique keys put the generation first, db/generations.ts: a
 * 100,000-product pull replayed beside the pinned generation wrote 593 MB instead of 982; `pos sync` again
 * over a 100,000-product replica, the old generation's deletion and checkpoints with it, 2.0-2.6 GB instead of 3.1-4.3), so a checkpoint
 * inside a commit, SQLite's default every 1,000 WAL pages, ran every few slices and held the write
 * lock while it copied; and a WAL never started over made every page lookup walk all of it. Between
 * the two, fewer checkpoints cost less in all: a leaf page rewritten by several slices is copied once
 * (100,000 products: 60 checkpoints every 10,000 rows took 8.6-9.3 s, 20 every 30,000 rows 5.1-5.3 s,
 * none at all more than either), for a WAL of about 100 MB at its largest (slices written beside every
 * other checkpoint, catalog/checkpoint-pacing.ts).
 */
const ROWS_PER_CHECKPOINT = 30_000;

interface PullContext {
  client: ServiceClient;
  db: TillDatabase;
  staging: Staging;
  scope: ResolvedScope;
  /** One for the whole pull: a service that pushed back on one list is not rushed on the next. */
  window: RequestWindow;
  options: PullOptions;
  progress: (p: PullProgress) => void;
  note: (note: string) => void;
  quarantined: QuarantinedRecord[];
  precisionLost: number;
  /** The page size asked for: the option, or less once the service said so. */
  perPage: number;
  /** Decimal places of the market's currency: money is read and stored to these. */
  decimals: number;
  /** Reads the pages of `readOffThread` lists, or null (read on this thread). */
  pageReader: PageReaderThread | null;
}

/**
 * docs/decisions.md, "The catalog pull" and "The catalog pull by generation": read every list
 * completely into a new generation of the replica, a slice of rows a transaction, then pin it
 * in one short transaction and delete the previous one in slices. Readers see the previous
 * catalog until the pin and the new one after, never a mix. Anything that fails before the
 * pin (a bad page, too many bad records, a dead connection, a kill) leaves what readers see
 * as it was. Auxiliary lists that fail are skipped, not fatal.
 */
export async function pullCatalog(options: PullOptions): Promise<PullSummary> {
  const started = performance.now();
  const { db } = options;
  const progress = options.onProgress ?? (() => undefined);
  const notes: string[] = [];
  const note = (text: string) => {
    notes.push(text);
    options.onNote?.(text);
  };

  progress({ phase: 'me' });
  const negotiated = await negotiateApiVersion(options.client, db);
  if (negotiated.note) note(negotiated.note);
  const client = negotiated.client;
  const account = await readAccountFacts(client, options.retry);
  if (account.note) note(account.note);
  let scope: ResolvedScope;
  try {
    scope = resolveScope(
      db,
      { ...(options.marketId ? { marketId: options.marketId } : {}), ...(options.branchId ? { branchId: options.branchId } : {}) },
      account.facts,
    );
  } catch (error) {
    // No market because the service could not be reached at all: say that, not "no market".
    if (error instanceof MissingMarketError && account.error instanceof ServiceError && account.error.retryable) throw account.error;
    throw error;
  }
  const me = accountAsMe(account.facts, scope);
  // Money is read to the market currency's places, and the replica remembers which.
  const decimals = declaredCurrencyDecimals(db, me);

  const window = new RequestWindow(options.concurrency ?? getSetting(db, 'sync.concurrency'), options.clock ?? systemClock);
  // A pull writes 600,000 rows for a 100,000-product catalog: through a
  // smaller page cache it spills to the WAL instead of growing the process
  // past its memory budget (issue 37: peak RSS ≤ 250 MB). Put back after.
  const cacheSize = db.pragma('cache_size', { simple: true }) as number;
  db.pragma(`cache_size = -${PULL_CACHE_KIB}`);
  // No checkpoint inside the pull's commits (a slice would hold the write lock for it): the staging has one
  // run between two slices every ROWS_PER_CHECKPOINT rows written or deleted instead. Put back after.
  const autocheckpoint = db.pragma('wal_autocheckpoint', { simple: true }) as number;
  db.pragma('wal_autocheckpoint = 0');
  const staging = new Staging(db, REPLICA_TABLES, {
    ...(options.sliceRows !== undefined ? { sliceRows: options.sliceRows } : {}),
    ...(options.onSlice ? { onSlice: options.onSlice } : {}),
    checkpoint: { everyRows: options.rowsPerCheckpoint ?? ROWS_PER_CHECKPOINT, run: () => checkpointBetweenSlices(db, autocheckpoint === 0) },
  });
  let published = false;
  const pageReader = options.readPagesOffThread ? startPageReader(note) : null;
  const context: PullContext = {
    client,
    db,
    staging,
    scope,
    window,
    options,
    progress,
    note,
    quarantined: [],
    precisionLost: 0,
    perPage: options.perPage ?? 500,
    decimals,
    pageReader,
  };
  const skipped: SkippedList[] = [];
  try {
    for (const resource of CATALOG_RESOURCES) {
      try {
        await readResource(resource, context);
      } catch (error) {
        const skip = await skipAuxiliary(resource, error, context);
        if (!skip) throw error;
        skipped.push(skip);
        note(`${resource.name} skipped (${skip.reason}); ${skip.kept === 'empty' ? 'the till goes on without them' : 'the till keeps the ones it had'}`);
      }
    }
    options.signal?.throwIfAborted();
    progress({ phase: 'publish' });
    const { counts } = await staging.publish((counts) =>
      writeReplicaMeta(db, {
        me,
        lastPull: {
          at: Date.now(),
          api_version: client.apiVersion,
          base_url: client.baseUrl,
          counts,
          currency_decimals: decimals,
          tables: tablesSource(db, skipped, counts[REPLICA.service_tables.name] ?? 0),
        },
      }),
    );
    published = true;
    const changes = options.countChanges ? await staging.changes() : null;
    await staging.dropUnpinned();
    void checkpointSoon(db);
    return {
      apiVersion: client.apiVersion,
      requestedApiVersion: options.client.apiVersion,
      me,
      facts: account.facts,
      scope: { market_id: scope.marketId, branch_id: scope.branchId },
      counts,
      changes,
      skipped,
      quarantined: context.quarantined,
      precisionLost: context.precisionLost,
      notes,
      durationMs: Math.round(performance.now() - started),
    };
  } finally {
    if (!published && db.open) await staging.discard();
    if (db.open) {
      db.pragma(`cache_size = ${cacheSize}`);
      db.pragma(`wal_autocheckpoint = ${autocheckpoint}`);
    }
  }
}

/**
 * Whether this machine has a CPU to spare for the page reader. Reading pages there takes 27% off the pull's thread
 * (5.5 s to 4.0 s of a 100,000-product pull) but costs the process 1.3 to 2.9 s more CPU in all (packing, a second
 * heap). On two CPUs, one of them busy with something else (the till's own screens; the service's emulator in the
 * bench), a third busy thread took the event loop from the checkouts (a checkout's wait during the pull, p99 22.5 and
 * 25.6 ms against 16.8 and 17.5) and the pull took longer (docs/performance.md, issue 37's thirteenth pass).
 */
export function readPagesOffThreadHere(): boolean {
  return availableParallelism() > 2;
}

/** The process's page reader, or null when it cannot start (its script missing from a build): then pages are read here. */
function startPageReader(note: (text: string) => void): PageReaderThread | null {
  try {
    return sharedPageReader();
  } catch (error) {
    note(`pages are read on the sync's own thread: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}

/**
 * Where the branch's tables come from after this pull: the service's when
 * its list brought at least one; local when it answered 404 or 403 or had
 * none; after any other failure (a 5xx, the network) as before.
 */
function tablesSource(db: TillDatabase, skipped: readonly SkippedList[], count: number): 'service' | 'local' {
  const skip = skipped.find((s) => s.list === 'tables');
  if (!skip) return count > 0 ? 'service' : 'local';
  if (skip.status === 404 || skip.status === 403) return 'local';
  return readReplicaMeta(db).lastPull?.tables ?? 'local';
}

/** For an auxiliary list that failed: what the pull does instead, or null when the failure must fail the pull. */
async function skipAuxiliary(resource: CatalogResource, error: unknown, context: PullContext): Promise<SkippedList | null> {
  if (!resource.auxiliary || error instanceof UnauthenticatedError || context.options.signal?.aborted) return null;
  for (const table of resource.tables) await context.staging.clear(table);
  const status = error instanceof ServiceError ? error.status : null;
  const reason = error instanceof ServiceError && status !== null ? `HTTP ${status}` : error instanceof Error ? error.message : String(error);
  if (error instanceof NotFoundError) return { list: resource.name, status, kept: 'empty', reason: `${reason}: this service has no such list` };
  for (const table of resource.tables) await context.staging.keepAllPrevious(table);
  return { list: resource.name, status, kept: 'previous', reason };
}

async function readResource(resource: CatalogResource, context: PullContext): Promise<void> {
  const { options, staging } = context;
  const primary = resource.tables[0]!;
  const includes = getSetting(context.db, 'sync.includes');
  const scope = { ...context.scope, ...(includes ? { productIncludes: includes } : {}) };
  // A page size the service refused on an earlier list is not asked for again.
  let request: ListRequest = { query: resource.query(scope), perPage: context.perPage };
  let adjustments = 0;
  for (let attempt = 1; ; attempt++) {
    for (const table of resource.tables) await staging.clear(table);
    let firstTotal: number | null = null;
    let lastTotal = 0;
    let received = 0;
    let skipped = 0;
    const bad: QuarantinedRecord[] = [];
    let precisionLost = 0;
    const reader = resource.readOffThread ? context.pageReader : null;
    const pages = paginate<unknown, Omit<PageRead, 'info' | 'records' | 'recordCount'>>(context.client, {
      path: resource.path,
      query: request.query,
      perPage: request.perPage,
      parse: (body, page) => ({ ...readListPage(resource.name, context.client.apiVersion, body, page, { decimals: context.decimals }), staged: null }),
      ...(reader
        ? {
            readAhead: (bytes: Uint8Array, page: number) =>
              reader.read({ list: resource.name, version: context.client.apiVersion, page, decimals: context.decimals, bytes }, resource.path),
          }
        : {}),
      window: context.window,
      ...(options.retry ? { retry: options.retry } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    try {
      for await (const page of pages) {
        // The page was read on this turn of the event loop: staging it is another turn (a checkout on the host goes between).
        await new Promise<void>((resolve) => setImmediate(resolve));
        firstTotal ??= page.info.total;
        lastTotal = page.info.total;
        precisionLost += page.precisionLost;
        const quarantined = [...page.quarantined];
        if (page.staged) {
          // Read and staged on the page reader's thread: its rows' values go in the queue as they are.
          staging.insertRows(resource.tables, page.staged.tableOf, page.staged.rows);
          skipped += page.staged.deleted;
        } else {
          let records: unknown[] = page.records;
          if (resource.name === 'products') {
            const completed = await completeProducts(page.records as Product[], context);
            records = completed.records;
            quarantined.push(...completed.failed);
            precisionLost += completed.precisionLost;
          }
          skipped += stagePage(staging, resource, records, received);
        }
        skipped += keepPreviousVersions(staging, resource, quarantined);
        bad.push(...quarantined);
        received += (page.recordCount ?? page.records.length) + page.quarantined.length;
        context.progress({ phase: 'list', resource: resource.name, page: page.page, lastPage: page.info.last_page, received, total: page.info.total });
        // Full slices only: the page's last rows go with the next page's.
        await staging.flush(true);
      }
      await staging.flush();
    } catch (error) {
      // A 422 naming per_page or includes, on the list's first page: ask again the way it says.
      const adjusted = firstTotal === null && adjustments < MAX_ADJUSTMENTS ? adjustAfterRefusal(error, request) : null;
      if (!adjusted) throw error;
      adjustments++;
      request = adjusted.request;
      context.perPage = Math.min(context.perPage, request.perPage);
      context.note(`${resource.name}: ${adjusted.note}`);
      attempt--;
      continue;
    }
    if (bad.length > allowedBadRecords(lastTotal)) throw new TooManyBadRecordsError(resource.name, bad, lastTotal);
    const staged = staging.count(primary) + skipped;
    if (firstTotal === lastTotal && staged === lastTotal) {
      context.quarantined.push(...bad);
      context.precisionLost += precisionLost;
      return;
    }
    const detail = firstTotal !== lastTotal ? `total went from ${firstTotal} to ${lastTotal}` : `${staged} distinct records for a total of ${lastTotal}`;
    if (attempt >= READ_ATTEMPTS) throw new CatalogChangedError(resource.name, attempt, detail);
    context.progress({ phase: 'restart', resource: resource.name, reason: detail });
  }
}

/**
 * Copies the WAL back into the database file between two slices, holding no write lock (a PASSIVE
 * checkpoint lets other connections write). Nothing is written meanwhile, so the WAL starts over at
 * the next slice instead of growing by the whole catalog. On the app's connection (it defers its
 * checkpoints) it runs on the checkpoint thread, the host's event loop free while the next pages
 * arrive; on any other (`pos sync`) on the connection itself, without a second thread's memory.
 */
async function checkpointBetweenSlices(db: TillDatabase, checkpointsDeferred: boolean): Promise<void> {
  if (checkpointsDeferred) await checkpointSoon(db);
  else db.pragma('wal_checkpoint(PASSIVE)');
}

/**
 * A quarantined record the replica already has keeps its previous version
 * (its row and its nested rows are staged again as they were). Returns how
 * many quarantined records had no previous version (they count as read).
 */
function keepPreviousVersions(staging: Staging, resource: CatalogResource, quarantined: readonly QuarantinedRecord[]): number {
  let absent = 0;
  const [primary, ...nested] = resource.tables as [ReplicaTable, ...ReplicaTable[]];
  for (const record of quarantined) {
    const kept = record.id.startsWith('#') ? 0 : staging.keepPrevious(primary, primary.key, record.id);
    if (kept === 0) {
      absent++;
      continue;
    }
    for (const table of nested) if (table.parentKey) staging.keepPrevious(table, table.parentKey, record.id);
  }
  return absent;
}

/**
 * Products whose page came without prices or modifiers get them from the
 * per-product routes; a product whose reads fail is quarantined instead.
 */
async function completeProducts(
  products: Product[],
  context: PullContext,
): Promise<{ records: Product[]; failed: QuarantinedRecord[]; precisionLost: number }> {
  const needs: PerProductNeed[] = products.filter(needsOwnReads).map((p) => ({ productId: p.id, parts: p.missing_includes! }));
  if (needs.length === 0) return { records: products, failed: [], precisionLost: 0 };
  const { results, failed, precisionLost } = await readPerProduct(needs, {
    client: context.client,
    perPage: context.perPage,
    window: context.window,
    decimals: context.decimals,
    ...(context.options.retry ? { retry: context.options.retry } : {}),
    ...(context.options.signal ? { signal: context.options.signal } : {}),
    onNote: context.note,
  });
  const byId = new Map(results.map((r) => [r.productId, r]));
  const failedIds = new Set(failed.map((f) => f.id));
  const records: Product[] = [];
  for (const product of products) {
    if (failedIds.has(product.id)) continue;
    const result = byId.get(product.id);
    records.push(result ? { ...product, prices: result.prices ?? product.prices, modifiers: result.modifiers ?? product.modifiers } : product);
  }
  return { records, failed, precisionLost };
}

/**
 * Queues one page's rows (`staging.flush` writes them); returns how many records were soft-deleted and left out.
 * Each row as `stage` made it (`Staging.insert`), not copied into an array of its values as the page reader sends
 * them (stageRecords): the copy of 600,000 rows cost a pull 0.3 to 0.5 s of CPU (issue 37's thirteenth pass).
 */
function stagePage(staging: Staging, resource: CatalogResource, records: unknown[], firstPosition: number): number {
  // One function for the page's rows, not one a record.
  return stageEach(resource, records, firstPosition, (table, row) => staging.insert(table, row));
}
