/**
 * npm run bench:orders — the till core's two promises, each against a bound
 * measured in the same run on the same machine:
 *   checkout: commit latency of TillService.checkout (synchronous=FULL) vs one
 *             bare row inserted and committed with the same pragmas on the same disk;
 *   drain:    10,000 queued orders uploaded to the emulator over loopback vs
 *             posting the same batches with no database work.
 */
import { randomUUID } from 'node:crypto';

import { openDatabase, type TillDatabase } from '../src-main/db/index.ts';
import { pullCatalog, OrderUploader, buildSyncBatches } from '../src-main/sync/index.ts';
import { TillService, insertOrder, readOrder } from '../src-main/till/index.ts';
import { ServiceClient } from '../src-main/upstream/index.ts';
import type { OrderRecord } from '../src-shared/till/index.ts';
import { tempDir } from '../test/support/temp-dir.ts';
import { ms, percentile, spawnEmulator, writeResults } from './bench-support.ts';

const CHECKOUTS = Number(process.env.BENCH_CHECKOUTS ?? 1000);
const DRAIN = Number(process.env.BENCH_DRAIN ?? 10_000);

const dir = tempDir('till-bench-orders-');
const emulator = await spawnEmulator(['--seed', '9']);
try {
  const client = new ServiceClient({ baseUrl: emulator.baseUrl, token: emulator.token });
  const db = openDatabase(dir.file('till.db'));
  await pullCatalog({ client, db });
  const till = new TillService({ db });
  const [first, second] = (await till.search({ query: 'latte', limit: 2 }));

  // 1. Checkout commit latency; the cart is filled outside the timing.
  const checkoutMs: number[] = [];
  for (let i = 0; i < CHECKOUTS; i++) {
    await till.addItem({ product_id: first!.id, quantity: 2 });
    const cart = await till.addItem({ product_id: second!.id, quantity: 1 });
    const start = performance.now();
    await till.checkout({ payments: [{ method_key: 'CASH', amount: cart.total }] });
    checkoutMs.push(performance.now() - start);
  }
  const bare = bareCommitLatency(dir.file('bare.db'), CHECKOUTS);

  // 2. Drain: 2 × DRAIN orders cloned from the ones just sold (new uuids), half for the bound.
  const templates = (db.prepare('SELECT uuid FROM orders').all() as { uuid: string }[]).map((r) => readOrder(db, r.uuid)!);
  db.prepare("UPDATE outbox SET state = 'synced'").run(); // the checkout samples are not part of the drain
  const boundRecords = clone(templates, DRAIN);
  const drainDb = db;
  drainDb.transaction(() => {
    for (const record of clone(templates, DRAIN)) insertOrder(drainDb, record);
  })();

  const boundStart = performance.now();
  for (const batch of buildSyncBatches(boundRecords)) {
    const response = await fetch(`${emulator.baseUrl}/orders/sync`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${emulator.token}`, 'X-API-Version': client.apiVersion, 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(batch),
    });
    await response.text();
  }
  const boundMs = performance.now() - boundStart;

  const uploader = new OrderUploader({ db: drainDb, client });
  const drainStart = performance.now();
  const report = await uploader.uploadDue();
  const drainMs = performance.now() - drainStart;
  if (report.created !== DRAIN) throw new Error(`drain uploaded ${report.created} of ${DRAIN}: ${JSON.stringify(report)}`);

  const results = {
    checkout: {
      samples: CHECKOUTS,
      p50_ms: round(percentile(checkoutMs, 50)),
      p90_ms: round(percentile(checkoutMs, 90)),
      p95_ms: round(percentile(checkoutMs, 95)),
      p99_ms: round(percentile(checkoutMs, 99)),
      bare_commit_p50_ms: round(percentile(bare, 50)),
      bare_commit_p99_ms: round(percentile(bare, 99)),
      p99_over_bare_p99: round(percentile(checkoutMs, 99) / percentile(bare, 99)),
    },
    drain: {
      orders: DRAIN,
      drain_ms: Math.round(drainMs),
      orders_per_second: Math.round((DRAIN / drainMs) * 1000),
      bound_ms: Math.round(boundMs),
      bound_orders_per_second: Math.round((DRAIN / boundMs) * 1000),
      drain_over_bound: round(drainMs / boundMs),
    },
    targets: {
      checkout_p99_under_10_ms: percentile(checkoutMs, 99) < 10,
      checkout_p99_within_3x_bare: percentile(checkoutMs, 99) <= 3 * percentile(bare, 99),
      drain_at_least_1000_per_s: (DRAIN / drainMs) * 1000 >= 1000,
      drain_within_2x_bound: drainMs <= 2 * boundMs,
    },
  };
  console.log(`checkout commit: p50 ${ms(percentile(checkoutMs, 50))}, p90 ${ms(percentile(checkoutMs, 90))}, p95 ${ms(percentile(checkoutMs, 95))}, p99 ${ms(percentile(checkoutMs, 99))}; bare row commit p50 ${ms(percentile(bare, 50))}, p99 ${ms(percentile(bare, 99))} → ${results.checkout.p99_over_bare_p99}x (target p99 < 10 ms and ≤ 3x)`);
  console.log(`drain ${DRAIN} orders: ${ms(drainMs)} (${results.drain.orders_per_second}/s); bound (same batches, no database) ${ms(boundMs)} (${results.drain.bound_orders_per_second}/s) → ${results.drain.drain_over_bound}x (target ≥ 1000/s and ≤ 2x)`);
  console.log(`written to ${writeResults('orders', results)}`);
  db.close();
} finally {
  await emulator.stop();
  dir.cleanup();
}

function round(value: number): number {
  return Number(value.toFixed(2));
}

function clone(templates: OrderRecord[], count: number): OrderRecord[] {
  return Array.from({ length: count }, (_, i) => ({ ...templates[i % templates.length]!, uuid: randomUUID(), created_at: Date.now() }));
}

/** The floor for a durable commit here: one small row, its own transaction, the same pragmas. */
function bareCommitLatency(file: string, samples: number): number[] {
  const bare: TillDatabase = openDatabase(file);
  bare.exec('CREATE TABLE IF NOT EXISTS bench_bare (id INTEGER PRIMARY KEY, value TEXT NOT NULL)');
  const insert = bare.prepare('INSERT INTO bench_bare (value) VALUES (?)');
  const latencies: number[] = [];
  for (let i = 0; i < samples; i++) {
    const start = performance.now();
    bare.transaction(() => insert.run(`row ${i}`)).immediate();
    latencies.push(performance.now() - start);
  }
  bare.close();
  return latencies;
}

