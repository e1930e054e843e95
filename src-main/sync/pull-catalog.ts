import type { Me } from '../../src-shared/catalog/index.ts';
import { parseListPage, parseMe, type ListResource } from '../../src-shared/wire/index.ts';
import { checkpointSoon, type TillDatabase } from '../db/index.ts';
import { DEFAULT_PAGE_RETRY, NotFoundError, ServiceError, paginate, withRetry, type RetryPolicy, type ServiceClient } from '../upstream/index.ts';
import { CATALOG_RESOURCES, type CatalogResource, type PullScope } from './catalog-resources.ts';
import { REPLICA_TABLES, type ReplicaTable } from './replica-tables.ts';
import { Staging } from './staging.ts';
import { writeReplicaMeta } from '../catalog/index.ts';

export type PullProgress =
  | { phase: 'me' }
  | { phase: 'list'; resource: ListResource; page: number; lastPage: number; received: number; total: number }
  | { phase: 'restart'; resource: ListResource; reason: string }
  | { phase: 'swap' };

export interface PullOptions {
  client: ServiceClient;
  db: TillDatabase;
  /** Override what `/me` says (or stand in for it on a service without `/me`). */
  marketId?: string;
  branchId?: string;
  /** Asked for; the service may cap it. 500 keeps a 100,000-product pull to 200 requests. */
  perPage?: number;
  retry?: RetryPolicy;
  onProgress?: (progress: PullProgress) => void;
  signal?: AbortSignal;
}

export interface PullSummary {
  apiVersion: string;
  me: Me | null;
  /** Rows in the replica after the pull, per table. */
  counts: Record<string, number>;
  /** What the swap changed, per table. */
  changes: Record<string, { deleted: number; written: number }>;
  durationMs: number;
}

/** The list kept changing under us: every attempt saw a different total. */
export class CatalogChangedError extends Error {
  constructor(resource: string, attempts: number, detail: string) {
    super(`the ${resource} list kept changing while it was read (${detail}, ${attempts} attempts); the previous catalog is kept, try the sync again in a minute`);
  }
}

const READ_ATTEMPTS = 3;

/**
 * DESIGN.md step 2: read every list completely into staging, then swap the
 * whole catalog in with one transaction. Anything that fails before the swap
 * (a bad page, a dead connection, a kill) leaves the replica as it was.
 */
export async function pullCatalog(options: PullOptions): Promise<PullSummary> {
  const started = performance.now();
  const { client, db } = options;
  const progress = options.onProgress ?? (() => undefined);

  progress({ phase: 'me' });
  const me = await readMe(options);
  const scope: PullScope = {
    marketId: options.marketId ?? me?.market.id ?? null,
    branchId: options.branchId ?? me?.branch?.id ?? null,
  };

  const staging = new Staging(db, REPLICA_TABLES);
  try {
    for (const resource of CATALOG_RESOURCES) {
      await readResource(resource, staging, scope, options, progress);
    }
    options.signal?.throwIfAborted();
    progress({ phase: 'swap' });
    const { counts, changes } = swapIn(db, staging, REPLICA_TABLES, (counts) =>
      writeReplicaMeta(db, { me, lastPull: { at: Date.now(), api_version: client.apiVersion, base_url: client.baseUrl, counts } }),
    );
    checkpointSoon(db);
    return { apiVersion: client.apiVersion, me, counts, changes, durationMs: Math.round(performance.now() - started) };
  } finally {
    staging.drop();
  }
}

async function readMe(options: PullOptions): Promise<Me | null> {
  try {
    const body = await withRetry(
      () => options.client.get('/me'),
      options.retry ?? DEFAULT_PAGE_RETRY,
      (error) => error instanceof ServiceError && error.retryable,
    );
    return parseMe(body);
  } catch (error) {
    // A service without `/me` is usable when the caller names market and branch itself.
    if (error instanceof NotFoundError && options.marketId) return null;
    throw error;
  }
}

async function readResource(
  resource: CatalogResource,
  staging: Staging,
  scope: PullScope,
  options: PullOptions,
  progress: (p: PullProgress) => void,
): Promise<void> {
  const primary = resource.tables[0]!;
  for (let attempt = 1; ; attempt++) {
    for (const table of resource.tables) staging.clear(table);
    let firstTotal: number | null = null;
    let lastTotal = 0;
    let received = 0;
    let skipped = 0;
    const pages = paginate(options.client, {
      path: resource.path,
      query: resource.query(scope),
      perPage: options.perPage ?? 500,
      parse: (body, page) => parseListPage(resource.name, options.client.apiVersion, body, page),
      ...(options.retry ? { retry: options.retry } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    try {
      for await (const { page, info, records } of pages) {
        firstTotal ??= info.total;
        lastTotal = info.total;
        skipped += stagePage(options.db, staging, resource, records, received);
        received += records.length;
        progress({ phase: 'list', resource: resource.name, page, lastPage: info.last_page, received, total: info.total });
      }
    } catch (error) {
      // A list the spec gives no path for may simply not exist on this service.
      if (resource.optional && error instanceof NotFoundError && firstTotal === null) return;
      throw error;
    }
    const staged = staging.count(primary) + skipped;
    if (firstTotal === lastTotal && staged === lastTotal) return;
    const detail = firstTotal !== lastTotal ? `total went from ${firstTotal} to ${lastTotal}` : `${staged} distinct records for a total of ${lastTotal}`;
    if (attempt >= READ_ATTEMPTS) throw new CatalogChangedError(resource.name, attempt, detail);
    progress({ phase: 'restart', resource: resource.name, reason: detail });
  }
}

/** Stages one page in one transaction; returns how many records were soft-deleted and left out. */
function stagePage(db: TillDatabase, staging: Staging, resource: CatalogResource, records: unknown[], firstPosition: number): number {
  let skipped = 0;
  db.transaction(() => {
    records.forEach((record, index) => {
      // Soft-deleted records are gone for the till, like records that vanished upstream.
      if ((record as { deleted_at?: number | null }).deleted_at != null) skipped++;
      else resource.stage(record, firstPosition + index, (table, values) => staging.insert(table, values));
    });
  })();
  return skipped;
}

/** One transaction makes the replica equal to what was staged; `alsoWrite` runs inside it. */
function swapIn(
  db: TillDatabase,
  staging: Staging,
  tables: readonly ReplicaTable[],
  alsoWrite: (counts: Record<string, number>) => void,
): Pick<PullSummary, 'counts' | 'changes'> {
  const changes: PullSummary['changes'] = {};
  const counts: PullSummary['counts'] = {};
  db.transaction(() => {
    for (const table of tables) changes[table.name] = staging.swapIn(table);
    for (const table of tables) counts[table.name] = (db.prepare(`SELECT count(*) AS n FROM main.${table.name}`).get() as { n: number }).n;
    alsoWrite(counts);
  }).immediate();
  return { counts, changes };
}

/**
 * The pull without the network: already-parsed pages of one list staged and
 * swapped in through the same code. The sync benchmark's insert bound.
 */
export function writeListToReplica(db: TillDatabase, resourceName: ListResource, pages: unknown[][]): Pick<PullSummary, 'counts' | 'changes'> {
  const resource = CATALOG_RESOURCES.find((r) => r.name === resourceName);
  if (!resource) throw new RangeError(`"${resourceName}" is not a list the till replicates`);
  const staging = new Staging(db, resource.tables);
  try {
    let position = 0;
    for (const records of pages) {
      stagePage(db, staging, resource, records, position);
      position += records.length;
    }
    return swapIn(db, staging, resource.tables, () => undefined);
  } finally {
    staging.drop();
  }
}
