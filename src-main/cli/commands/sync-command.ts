import { NEWEST_API_VERSION, parseApiVersion } from '../../../src-shared/api-version.ts';
import { openDatabase } from '../../db/index.ts';
import {
  customerEditOutboxCounts,
  customerOutboxCounts,
  pullCatalog,
  RECORD_PATH_SETTINGS,
  recordOutboxCounts,
  tillUploadKinds,
  UploadEngine,
} from '../../sync/index.ts';
import { outboxCounts, pendingReasons } from '../../orders/index.ts';
import { ServiceClient } from '../../upstream/index.ts';
import { parseCommandArgs, parseInteger, requireOption, UsageError, type CliIo } from '../cli-io.ts';
import { parseConcurrencyFlag } from '../concurrency-flag.ts';
import { pullProgressPrinter } from '../progress-line.ts';
import { TillError } from '../../../src-shared/errors/index.ts';

/** How long `pos sync` keeps trying a batch the service failed on, without --timeout-ms. */
const DEFAULT_UPLOAD_RETRY_MS = 20_000;
/** Short waits between tries within one run: a person is watching. */
const CLI_UPLOAD_BACKOFF = { baseDelayMs: 500, maxDelayMs: 4_000 };

const RECORD_LABELS = { attendance: 'Closed shifts (attendance)', settlement: 'Late settlements' } as const;

/** `pos sync`: pulls the catalog into the replica at --db, then uploads pending orders, closed shifts and late settlements. */
export async function syncCommand(argv: string[], io: CliIo): Promise<number> {
  const { values } = parseCommandArgs('sync', argv, {
    db: { type: 'string' },
    'base-url': { type: 'string' },
    token: { type: 'string' },
    'market-id': { type: 'string' },
    'branch-id': { type: 'string' },
    'api-version': { type: 'string' },
    'per-page': { type: 'string' },
    concurrency: { type: 'string' },
    'timeout-ms': { type: 'string' },
    json: { type: 'boolean', default: false },
  });
  const dbFile = requireOption('sync', 'db', values.db);
  // The token may come from the environment so that it stays out of process listings.
  const token = values.token ?? io.env.POS_TOKEN;
  if (!token) throw new UsageError('pos sync: --token is required (or set POS_TOKEN)');
  let apiVersion;
  try {
    apiVersion = parseApiVersion(values['api-version'] ?? NEWEST_API_VERSION, '--api-version');
  } catch (error) {
    throw new UsageError(`pos sync: ${(error as Error).message}`);
  }
  let client: ServiceClient;
  try {
    client = new ServiceClient({
      baseUrl: requireOption('sync', 'base-url', values['base-url']),
      token,
      apiVersion,
      ...(values['timeout-ms'] ? { timeoutMs: parseInteger('sync', 'timeout-ms', values['timeout-ms'], 100, 600_000)! } : {}),
    });
  } catch (error) {
    if (error instanceof TillError) throw new UsageError(`pos sync: ${error.message}`);
    throw error;
  }
  const perPage = parseInteger('sync', 'per-page', values['per-page'], 1, 10_000);
  const concurrency = parseConcurrencyFlag('sync', values.concurrency);

  const db = openDatabase(dbFile);
  try {
    const summary = await pullCatalog({
      client,
      db,
      ...(values['market-id'] ? { marketId: values['market-id'] } : {}),
      ...(values['branch-id'] ? { branchId: values['branch-id'] } : {}),
      ...(perPage ? { perPage } : {}),
      ...(concurrency !== undefined ? { concurrency } : {}),
      // What changed per table is in the JSON only: counting it reads both catalogs again (about a second at 100,000 products).
      countChanges: values.json === true,
      onProgress: pullProgressPrinter(io),
      onNote: (note) => io.err(`Note: ${note}`),
    });
    const products = summary.counts.products ?? 0;
    io.err(
      `Catalog synced at API ${summary.apiVersion} in ${(summary.durationMs / 1000).toFixed(1)} s: ${products} products, ${summary.counts.categories ?? 0} categories.`,
    );
    for (const skip of summary.skipped) {
      io.err(`Skipped ${skip.list} (${skip.reason}): ${skip.kept === 'empty' ? 'synced without them' : 'kept the ones this till had'}.`);
    }
    if (summary.quarantined.length > 0) {
      io.err(`Left out ${summary.quarantined.length} record(s) that break the contract (the till keeps their previous version if it had one):`);
      for (const bad of summary.quarantined.slice(0, 10)) io.err(`  ${bad.list} ${bad.id}: ${bad.reason}`);
    }
    if (summary.precisionLost > 0) io.err(`Rounded ${summary.precisionLost} amount(s) that had more than two decimal places.`);

    if (summary.scope.branch_id === null) {
      io.err('No branch: neither --branch-id, the setting branch_id nor /me names one, so this till will not sell until one is set (--branch-id ID).');
    }

    // Then the orders sold offline and the records that follow them (closed shifts, late settlements), once each (the
    // uuid makes a resend harmless), at the version the pull settled on. A batch the service fails on is tried again
    // within --timeout-ms (backoff with full jitter) before the run reports it.
    const customersBefore = customerOutboxCounts(db);
    const editsBefore = customerEditOutboxCounts(db);
    const upload = await new UploadEngine({
      kinds: tillUploadKinds(db),
      client: summary.apiVersion === client.apiVersion ? client : client.withApiVersion(summary.apiVersion as typeof client.apiVersion),
      backoff: CLI_UPLOAD_BACKOFF,
    }).uploadDue({ retryWithinMs: values['timeout-ms'] ? Number(values['timeout-ms']) : DEFAULT_UPLOAD_RETRY_MS });
    const outbox = outboxCounts(db);
    // Customers added at the counter go first (the orders naming them carry the service's id): reported apart.
    const customers = customerOutboxCounts(db);
    const customersUploaded = customers.synced - customersBefore.synced;
    if (customers.pending + customers.synced + customers.rejected > 0) {
      io.err(
        `Customers added at the counter: ${customersUploaded} uploaded, ${customers.pending} still pending, ${customers.rejected} rejected by the service.`,
      );
    }
    // Customers corrected at the counter (Customers Update), after their Create: reported apart too.
    const edits = customerEditOutboxCounts(db);
    const editsSent = edits.synced - editsBefore.synced;
    if (edits.pending + edits.synced + edits.rejected > 0) {
      io.err(`Customers corrected at the counter: ${editsSent} sent, ${edits.pending} still pending, ${edits.rejected} rejected by the service.`);
    }
    const uploaded = upload.created + upload.duplicate - customersUploaded - editsSent;
    io.err(`Orders: ${uploaded} uploaded, ${outbox.pending} still pending, ${outbox.rejected} rejected by the service.`);
    const reasons = outbox.pending > 0 ? pendingReasons(db) : [];
    for (const { reason, orders } of reasons) io.err(`  ${orders} pending: ${reason ?? 'not sent yet (the run ended before their turn)'}`);
    const records = recordOutboxCounts(db);
    const kinds = Object.keys(records) as (keyof typeof records)[];
    const waiting = kinds.filter((kind) => records[kind].pending > 0 && !upload.held.includes(kind));
    for (const kind of kinds) {
      const { pending, synced, rejected } = records[kind];
      if (pending + synced + rejected === 0) continue;
      const held = upload.held.includes(kind)
        ? ` (they wait for the setting ${RECORD_PATH_SETTINGS[kind]}: pos settings set ${RECORD_PATH_SETTINGS[kind]} PATH)`
        : '';
      io.err(`${RECORD_LABELS[kind]}: ${synced} delivered, ${pending} still pending${held}, ${rejected} rejected by the service.`);
    }
    if (values.json) {
      io.out(
        JSON.stringify({
          ok: outbox.pending === 0 && waiting.length === 0,
          api_version: summary.apiVersion,
          api_version_requested: summary.requestedApiVersion,
          market_id: summary.scope.market_id,
          branch_id: summary.scope.branch_id,
          duration_ms: summary.durationMs,
          counts: summary.counts,
          changes: summary.changes,
          skipped: summary.skipped,
          quarantined: summary.quarantined,
          precision_lost: summary.precisionLost,
          notes: summary.notes,
          orders_uploaded: uploaded,
          orders_pending: outbox.pending,
          orders_rejected: outbox.rejected,
          orders_pending_reasons: reasons,
          customers: { ...customers, uploaded: customersUploaded },
          records: Object.fromEntries(kinds.map((kind) => [kind, { ...records[kind], held: upload.held.includes(kind) }])),
        }),
      );
    }
    // Orders or records left waiting are a failed sync for a script (exit 1), with the reasons above; records that wait
    // for their path to be set are not (nothing is lost, and the service's path is the shop's to give).
    return outbox.pending > 0 || waiting.length > 0 || customers.pending > 0 ? 1 : 0;
  } finally {
    db.close();
  }
}
