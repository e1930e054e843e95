/**
 * npm run bench:sync — the catalog pull against physical bounds measured in
 * the same run on the same machine, with code written here (never the pull
 * measured against itself):
 *   fetch bound:  the same requests the pull makes (/me, then every page of
 *                 every list it reads) over loopback one after the other,
 *                 bodies read, nothing parsed or written (the product pages
 *                 alone are reported too);
 *   insert bound: the replica's own column values (read back after the pull)
 *                 through one prepared INSERT per table in one transaction
 *                 into a fresh file: no staging, no FTS, no diff;
 *   slow link:    a second emulator answering every request after 40 ms,
 *                 50-record pages: the pull vs a bare sequential fetch of the
 *                 same requests (target: at most half).
 * Peak RSS is the kernel's high-water mark (VmHWM) of the pull's process,
 * beside its resident size just before the pull (the code loaded, the
 * emulator's answers not yet read): what the pull itself adds is the
 * difference. Judged on the product's command, the built `pos sync` pulling
 * the same catalog in a process of its own; this process's (tsx compiling
 * the sources, the bench's own code) is reported beside it.
 * The write lock: every write transaction of the pull (a slice of rows, the
 * publishing pin, the old generation's deletes), through the pull's
 * `onSlice` hook: the longest is how long a checkout may wait behind it.
 * A checkout during the pull: the host runs the pull on its own event loop
 * and connection (host/service-session.ts), so a checkout that arrives waits
 * for whatever the loop is doing (a slice's transaction, a page being read)
 * to end. The bench lets a checkout arrive every CHECKOUT_EVERY_MS on a fixed
 * schedule through the pull and records how long each waited for the loop
 * (a timer checks every millisecond, so a wait is read to about 1 ms).
 * The CPU of that pull: this process's (every thread: the pull, the
 * checkpoint thread) and the emulator's while it served it (/proc), over the
 * machine's cores: the emulator is on the same machine, so the pull can
 * take no less than their sum spread over every core (the CPU floor).
 * The same pull again over that replica (the daily case: a second
 * generation beside the pinned one, the old one deleted after) is timed
 * the same way.
 * Then product search at that size: two-letter prefixes in English and Arabic.
 * Targets: pull ≤ 1.2x the fetch bound; slow link ≤ 0.5x; peak RSS ≤ 250 MB;
 * a checkout's wait during the pull ≤ 20 ms at p99.
 */
import Database from 'better-sqlite3';
import { deferCheckpoints, openDatabase } from '../src-main/db/index.ts';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error: a plain .mjs script without type declarations
import { buildCli } from '../scripts/build-cli.mjs';
import { CATALOG_RESOURCES, pullCatalog, readPagesOffThreadHere, type PullProgress } from '../src-main/sync/index.ts';
import type { WriteSlice } from '../src-main/catalog/index.ts';
import { ServiceClient, encodeQuery } from '../src-main/upstream/index.ts';
import { searchProducts } from '../src-main/catalog/index.ts';
import { tempDir } from '../test/support/temp-dir.ts';
import { REPO, ms, percentile, spawnEmulator, writeResults, type EmulatorProcess } from './bench-support.ts';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const PER_PAGE = 500;
const SLOW_PRODUCTS = Number(process.env.BENCH_SLOW_PRODUCTS ?? 8_000);
const SLOW_LATENCY_MS = 40;
const SLOW_PER_PAGE = 50;
/** Pages in flight for the pull (the setting's default when unset). */
const CONCURRENCY = process.env.BENCH_CONCURRENCY ? Number(process.env.BENCH_CONCURRENCY) : undefined;
/** `thread` or `inline`: where the in-process pulls read their long lists' pages; unset, the machine's choice (readPagesOffThreadHere). */
const PAGE_READER = process.env.BENCH_PAGE_READER;
if (PAGE_READER !== undefined && PAGE_READER !== 'thread' && PAGE_READER !== 'inline') throw new Error('BENCH_PAGE_READER is thread or inline');

/** A checkout arrives this often during the pull (the wait probe). */
const CHECKOUT_EVERY_MS = 5;

const dir = tempDir('till-bench-sync-');

/**
 * Checkouts arriving every CHECKOUT_EVERY_MS from now on, and how long each
 * waited for the event loop: every arrival since the last turn of the loop
 * waited until this one (a timer of 1 ms looks).
 */
function checkoutWaits(): { stop: () => number[] } {
  const waits: number[] = [];
  let next = performance.now() + CHECKOUT_EVERY_MS;
  const look = () => {
    const now = performance.now();
    for (; next <= now; next += CHECKOUT_EVERY_MS) waits.push(now - next);
  };
  const timer = setInterval(look, 1);
  return {
    stop: () => {
      look();
      clearInterval(timer);
      return waits;
    },
  };
}

/**
 * The pages the pull reads, as a bare client reads them: `/me`, then every
 * list the pull reads, page after page, one request after the other, bodies
 * read as text, nothing parsed but each list's first page (for its
 * last_page). `products` alone is also given, for comparison with older runs.
 */
async function fetchBound(
  emulator: EmulatorProcess,
  apiVersion: string,
  perPage: number,
): Promise<{ ms: number; pages: number; bytes: number; productsMs: number; productPages: number }> {
  const headers = { Authorization: `Bearer ${emulator.token}`, 'X-API-Version': apiVersion, Accept: 'application/json' };
  const scope = { marketId: emulator.marketId, branchId: emulator.branchId };
  let bytes = 0;
  let pages = 0;
  let productsMs = 0;
  let productPages = 0;
  const start = performance.now();
  bytes += (await (await fetch(`${emulator.baseUrl}/me`, { headers })).text()).length;
  for (const resource of CATALOG_RESOURCES) {
    const query = encodeQuery({ ...resource.query(scope), per_page: perPage });
    const listStart = performance.now();
    for (let page = 1, last = 1; page <= last; page++) {
      const response = await fetch(`${emulator.baseUrl}${resource.path}?${query}&page=${page}`, { headers });
      const text = await response.text();
      bytes += text.length;
      pages++;
      if (page === 1) last = response.ok ? (JSON.parse(text) as { data: { last_page: number } }).data.last_page : 0;
      if (resource.name === 'products') productPages++;
    }
    if (resource.name === 'products') productsMs = performance.now() - listStart;
  }
  return { ms: performance.now() - start, pages, bytes, productsMs, productPages };
}

/** CPU time (user + system, every thread) a process has used, from /proc (Linux), in ms; null elsewhere. */
function processCpuMs(pid: number): number | null {
  try {
    // Fields after the command's closing parenthesis (the name may hold spaces): utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}
/** USER_HZ: Linux reports /proc times in hundredths of a second on every architecture Node runs on. */
const CLOCK_TICKS_PER_SECOND = 100;

/** The kernel's high-water mark of this process's resident memory (Linux), else null. */
function peakRssBytes(): number | null {
  try {
    const kib = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
    return kib ? Number(kib) * 1024 : null;
  } catch {
    return null;
  }
}

/** A process's resident size now and its high-water mark (VmRSS, VmHWM) from /proc, in bytes; null once it has exited. */
function memoryOf(pid: number): { rss: number; hwm: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN) * 1024;
    const memory = { rss: kib('VmRSS'), hwm: kib('VmHWM') };
    // A process that has exited but is not yet reaped (a zombie) lists no memory.
    return Number.isFinite(memory.rss) && Number.isFinite(memory.hwm) ? memory : null;
  } catch {
    return null;
  }
}

/**
 * The same pull by the product's own command, `pos sync` built ahead of
 * time, in a process of its own (as an operator runs it): its VmHWM, read
 * from /proc every few milliseconds until it exits, beside its size when it
 * starts the pull (the line "Checking the account" on its stderr: code
 * loaded, database open, nothing read yet). This bench's own process runs
 * under tsx, whose compiler and the bench's own code are a third of its
 * size before its pull.
 */
async function commandPull(emulator: EmulatorProcess, file: string, perPage: number) {
  const args = ['sync', '--db', file, '--base-url', emulator.baseUrl, '--token', emulator.token, '--market-id', emulator.marketId];
  args.push('--branch-id', emulator.branchId, '--per-page', String(perPage), '--json');
  if (CONCURRENCY !== undefined) args.push('--concurrency', String(CONCURRENCY));
  const start = performance.now();
  const child = spawn(process.execPath, [join(REPO, 'bin/pos.mjs'), ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
  let atStart: { rss: number; hwm: number } | null = null;
  let peak = 0;
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
    if (!atStart && stderr.includes('Checking the account')) atStart = memoryOf(child.pid!);
  });
  const sampler = setInterval(() => (peak = Math.max(peak, memoryOf(child.pid!)?.hwm ?? 0)), 5);
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  clearInterval(sampler);
  const wallMs = performance.now() - start;
  const before = atStart as { rss: number; hwm: number } | null;
  if (code !== 0 || !before) throw new Error(`pos sync exited ${code}: ${stderr.slice(-2000)}`);
  return { ms: wallMs, peakRss: peak, rssAtPullStart: before.rss, hwmAtPullStart: before.hwm };
}

/** The replica's rows, every table the pull wrote, through one bare prepared INSERT per table in one transaction. */
function insertBound(replica: Database.Database, file: string): { ms: number; rows: number } {
  const tables = (
    replica
      .prepare(
        "SELECT name FROM sqlite_schema WHERE type = 'table' AND name IN (" +
          "'categories','products','modifiers','prices','barcodes','payment_methods','payment_method_configs','printers','customers','kitchens','kitchen_printers','kitchen_categories')",
      )
      .all() as { name: string }[]
  ).map((t) => t.name);
  const rowsOf = new Map<string, { columns: string[]; rows: unknown[][] }>();
  for (const table of tables) {
    const columns = (replica.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[])
      .map((c) => c.name)
      .filter((c) => c !== 'seq' && c !== 'generation');
    rowsOf.set(table, {
      columns,
      rows: replica
        .prepare(`SELECT ${columns.join(', ')} FROM ${table}`)
        .raw()
        .all() as unknown[][],
    });
  }
  // The replica's pragmas (WAL, synchronous=FULL), nothing of ours.
  const bare = new Database(file);
  bare.pragma('journal_mode = WAL');
  bare.pragma('synchronous = FULL');
  for (const [table, { columns }] of rowsOf) bare.exec(`CREATE TABLE ${table} (${columns.join(', ')})`);
  let rows = 0;
  const start = performance.now();
  bare.transaction(() => {
    for (const [table, { columns, rows: values }] of rowsOf) {
      const insert = bare.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);
      for (const row of values) insert.run(row);
      rows += values.length;
    }
  })();
  const elapsed = performance.now() - start;
  bare.close();
  return { ms: elapsed, rows };
}

async function timedPull(emulator: EmulatorProcess, file: string, perPage: number) {
  const client = new ServiceClient({ baseUrl: emulator.baseUrl, token: emulator.token });
  // Warm the emulator's and our own code paths once on a small read.
  await client.get('/products', { per_page: 10, includes: ['modifiers', 'prices'], filter: { market_id: emulator.marketId, branch_id: emulator.branchId } });
  const db = openDatabase(file);
  // As the host opens it (host/till-service.ts): checkpoints on the checkpoint thread, never on the loop a checkout waits for.
  deferCheckpoints(db);
  const rssBefore = process.memoryUsage().rss;
  const hwmBefore = peakRssBytes();
  let peakRss = rssBefore;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);
  const probe = checkoutWaits();
  const emulatorCpuBefore = processCpuMs(emulator.child.pid!);
  const cpuBefore = process.cpuUsage();
  const start = performance.now();
  // Where the time goes: the lists (network, reading, writing the new generation, overlapped), the pin, the old generation's deletes.
  let publishAt = 0;
  let pinnedAt = 0;
  const onProgress = (progress: PullProgress) => {
    if (progress.phase === 'publish') publishAt = performance.now();
  };
  const slices: WriteSlice[] = [];
  const onSlice = (slice: WriteSlice) => {
    slices.push(slice);
    if (slice.kind === 'publish') pinnedAt = performance.now();
  };
  const summary = await pullCatalog({
    client,
    db,
    perPage,
    onProgress,
    onSlice,
    ...(CONCURRENCY === undefined ? {} : { concurrency: CONCURRENCY }),
    // As the host pulls (its checkouts are what the wait probe stands for).
    readPagesOffThread: PAGE_READER === undefined ? readPagesOffThreadHere() : PAGE_READER === 'thread',
  });
  const pullMs = performance.now() - start;
  const ownCpu = process.cpuUsage(cpuBefore);
  const emulatorCpuAfter = processCpuMs(emulator.child.pid!);
  const cores = availableParallelism();
  const cpu = {
    pull_process_ms: Math.round((ownCpu.user + ownCpu.system) / 1000),
    emulator_ms: emulatorCpuBefore === null || emulatorCpuAfter === null ? null : Math.round(emulatorCpuAfter - emulatorCpuBefore),
    cores,
    floor_ms: 0,
  };
  cpu.floor_ms = Math.round((cpu.pull_process_ms + (cpu.emulator_ms ?? 0)) / cores);
  const waits = probe.stop();
  const checkoutWait = {
    every_ms: CHECKOUT_EVERY_MS,
    arrivals: waits.length,
    p50_ms: Number(percentile(waits, 50).toFixed(1)),
    p99_ms: Number(percentile(waits, 99).toFixed(1)),
    max_ms: Number(Math.max(...waits).toFixed(1)),
  };
  const phases = {
    lists_ms: Math.round(publishAt - start),
    pin_ms: Math.round(pinnedAt - publishAt),
    drop_old_ms: Math.round(performance.now() - pinnedAt),
  };
  clearInterval(sampler);
  // Slices are synchronous, so a timer cannot sample inside them: the kernel's high-water mark can.
  peakRss = Math.max(peakRss, process.memoryUsage().rss, peakRssBytes() ?? 0);
  const holds = slices.map((slice) => slice.ms);
  const lock = {
    slices: slices.length,
    rows_per_slice_max: Math.max(...slices.map((slice) => (slice.kind === 'publish' ? 0 : slice.rows))),
    hold_max_ms: Number(Math.max(...holds).toFixed(1)),
    hold_p99_ms: Number(percentile(holds, 99).toFixed(1)),
    hold_p50_ms: Number(percentile(holds, 50).toFixed(1)),
    pin_ms: Number((slices.find((slice) => slice.kind === 'publish')?.ms ?? 0).toFixed(1)),
  };
  return { client, db, summary, pullMs, peakRss, rssBefore, hwmBefore, phases, lock, checkoutWait, cpu };
}

const ratio = (a: number, b: number) => Number((a / b).toFixed(2));
const mb = (bytes: number) => Math.round(bytes / 2 ** 20);

// 1. Loopback, 100,000 products.
const emulator = await spawnEmulator(['--products', String(PRODUCTS), '--seed', '7']);
let results: Record<string, unknown>;
try {
  const pull = await timedPull(emulator, dir.file('pull.db'), PER_PAGE);
  const fetched = await fetchBound(emulator, pull.client.apiVersion, PER_PAGE);
  const inserted = insertBound(pull.db, dir.file('bare-insert.db'));
  await buildCli();
  const command = await commandPull(emulator, dir.file('command-pull.db'), PER_PAGE);

  // Search at this size.
  const prefixes = { en: ['la', 'mo', 'ca', 'ic', 'ch', 'te', 'sa', 'ma', 'ba', 'co'], ar: ['قه', 'لا', 'شا', 'كع', 'عص', 'سا', 'مو', 'حل', 'فط', 'بر'] };
  const searchFigures: Record<string, { p50: number; p95: number; hits: number }> = {};
  for (const [lang, list] of Object.entries(prefixes)) {
    const samples: number[] = [];
    let hits = 0;
    for (let round = 0; round < 20; round++) {
      for (const prefix of list) {
        const start = performance.now();
        hits += searchProducts(pull.db, prefix, 50).length;
        samples.push(performance.now() - start);
      }
    }
    searchFigures[lang] = { p50: percentile(samples, 50), p95: percentile(samples, 95), hits: Math.round(hits / samples.length) };
  }
  pull.db.close();
  // The same catalog pulled again over that replica, as a till does every day after its first: a second generation
  // written beside the pinned one, which is then deleted.
  const again = await timedPull(emulator, dir.file('pull.db'), PER_PAGE);
  again.db.close();

  results = {
    products: pull.summary.counts.products,
    modifiers: pull.summary.counts.modifiers,
    prices: pull.summary.counts.prices,
    per_page: PER_PAGE,
    concurrency: CONCURRENCY ?? 'default',
    page_reader: PAGE_READER ?? (readPagesOffThreadHere() ? 'thread' : 'inline'),
    pull_ms: Math.round(pull.pullMs),
    pull_phases: pull.phases,
    write_lock: pull.lock,
    checkout_wait_during_pull: pull.checkoutWait,
    pull_cpu: pull.cpu,
    pull_again: {
      ms: Math.round(again.pullMs),
      phases: again.phases,
      write_lock: again.lock,
      checkout_wait_during_pull: again.checkoutWait,
      cpu: again.cpu,
      over_fetch_bound: ratio(again.pullMs, fetched.ms),
    },
    products_per_second: Math.round((pull.summary.counts.products! / pull.pullMs) * 1000),
    rss_at_start_mb: mb(pull.rssBefore),
    hwm_before_pull_mb: pull.hwmBefore === null ? null : mb(pull.hwmBefore),
    peak_rss_mb: mb(pull.peakRss),
    command_pull: {
      command: 'pos sync (built)',
      ms: Math.round(command.ms),
      peak_rss_mb: mb(command.peakRss),
      rss_at_pull_start_mb: mb(command.rssAtPullStart),
      hwm_at_pull_start_mb: mb(command.hwmAtPullStart),
    },
    fetch_bound_ms: Math.round(fetched.ms),
    fetch_bound_pages: fetched.pages,
    fetch_bound_mb: mb(fetched.bytes),
    products_only_fetch_ms: Math.round(fetched.productsMs),
    products_only_pages: fetched.productPages,
    pull_over_products_only_fetch: ratio(pull.pullMs, fetched.productsMs),
    insert_bound_ms: Math.round(inserted.ms),
    insert_bound_rows: inserted.rows,
    pull_over_fetch_bound: ratio(pull.pullMs, fetched.ms),
    pull_over_insert_bound: ratio(pull.pullMs, inserted.ms),
    pull_over_fetch_plus_insert: ratio(pull.pullMs, fetched.ms + inserted.ms),
    search: searchFigures,
  };
  console.log(
    `pull of ${results.products} products (${PER_PAGE} a page): ${ms(pull.pullMs)} (${results.products_per_second} products/s), peak RSS ${results.peak_rss_mb} MB (process at start ${results.rss_at_start_mb} MB)`,
  );
  console.log(
    `  the same pull by the built \`pos sync\` in its own process: ${ms(command.ms)}, peak RSS ${mb(command.peakRss)} MB (target ≤ 250 MB; ${mb(command.rssAtPullStart)} MB when its pull started)`,
  );
  console.log(
    `  lists (fetch, read, write the new generation) ${ms(pull.phases.lists_ms)}, the pin ${ms(pull.phases.pin_ms)}, the old generation deleted ${ms(pull.phases.drop_old_ms)}`,
  );
  console.log(
    `  CPU: this process ${ms(pull.cpu.pull_process_ms)}, the emulator serving it ${pull.cpu.emulator_ms === null ? 'unknown' : ms(pull.cpu.emulator_ms)}, on ${pull.cpu.cores} cores: the pull can take no less than ${ms(pull.cpu.floor_ms)} here (${ratio(pull.cpu.floor_ms, fetched.ms)}x the fetch bound)`,
  );
  console.log(
    `  the same pull again over that replica: ${ms(again.pullMs)} → ${ratio(again.pullMs, fetched.ms)}x the fetch bound; lists ${ms(again.phases.lists_ms)}, pin ${ms(again.phases.pin_ms)}, old generation deleted ${ms(again.phases.drop_old_ms)}; CPU this process ${ms(again.cpu.pull_process_ms)}, the emulator ${again.cpu.emulator_ms === null ? 'unknown' : ms(again.cpu.emulator_ms)}; a checkout's wait p99 ${ms(again.checkoutWait.p99_ms)}, longest lock hold ${ms(again.lock.hold_max_ms)}`,
  );
  console.log(
    `  write lock: ${pull.lock.slices} transactions of at most ${pull.lock.rows_per_slice_max} rows; held p50 ${ms(pull.lock.hold_p50_ms)}, p99 ${ms(pull.lock.hold_p99_ms)}, longest ${ms(pull.lock.hold_max_ms)}; the pin itself ${ms(pull.lock.pin_ms)}`,
  );
  console.log(
    `  a checkout arriving every ${CHECKOUT_EVERY_MS} ms during the pull (${pull.checkoutWait.arrivals} arrivals) waited p50 ${ms(pull.checkoutWait.p50_ms)}, p99 ${ms(pull.checkoutWait.p99_ms)} (target ≤ 20 ms), longest ${ms(pull.checkoutWait.max_ms)}`,
  );
  console.log(
    `  fetch bound (the same ${fetched.pages} requests of every list, sequential, bodies read) ${ms(fetched.ms)} → pull = ${results.pull_over_fetch_bound}x (target ≤ 1.2x)`,
  );
  console.log(`  (the ${fetched.productPages} product pages alone ${ms(fetched.productsMs)} → ${results.pull_over_products_only_fetch}x)`);
  console.log(
    `  insert bound (same ${inserted.rows} rows, one prepared INSERT per table, one transaction) ${ms(inserted.ms)} → pull = ${results.pull_over_insert_bound}x; fetch + insert = ${results.pull_over_fetch_plus_insert}x`,
  );
  for (const [lang, f] of Object.entries(searchFigures))
    console.log(`  search two-letter prefix (${lang}): p50 ${ms(f.p50)}, p95 ${ms(f.p95)}, ${f.hits} hits per query`);
} finally {
  await emulator.stop();
}

// 2. A slow link: 40 ms a request, 50 records a page.
const slow = await spawnEmulator(['--products', String(SLOW_PRODUCTS), '--seed', '7', '--latency-ms', String(SLOW_LATENCY_MS)]);
try {
  const pull = await timedPull(slow, dir.file('slow.db'), SLOW_PER_PAGE);
  pull.db.close();
  const fetched = await fetchBound(slow, pull.client.apiVersion, SLOW_PER_PAGE);
  results.slow_link = {
    products: SLOW_PRODUCTS,
    latency_ms: SLOW_LATENCY_MS,
    per_page: SLOW_PER_PAGE,
    pull_ms: Math.round(pull.pullMs),
    sequential_fetch_ms: Math.round(fetched.ms),
    pages: fetched.pages,
    pull_over_sequential_fetch: ratio(pull.pullMs, fetched.ms),
    products_only_fetch_ms: Math.round(fetched.productsMs),
    products_only_pages: fetched.productPages,
    pull_over_products_only_fetch: ratio(pull.pullMs, fetched.productsMs),
  };
  console.log(
    `slow link (${SLOW_LATENCY_MS} ms a request, ${SLOW_PER_PAGE} a page, ${SLOW_PRODUCTS} products): pull ${ms(pull.pullMs)}; bare sequential fetch of the same ${fetched.pages} requests ${ms(fetched.ms)} → ${ratio(pull.pullMs, fetched.ms)}x (target ≤ 0.5x); the ${fetched.productPages} product pages alone ${ms(fetched.productsMs)} → ${ratio(pull.pullMs, fetched.productsMs)}x`,
  );
} finally {
  await slow.stop();
  dir.cleanup();
}

const slowLink = results.slow_link as { pull_over_sequential_fetch: number };
results.targets = {
  pull_within_1_2x_fetch_bound: (results.pull_over_fetch_bound as number) <= 1.2,
  slow_link_at_most_half_of_sequential_fetch: slowLink.pull_over_sequential_fetch <= 0.5,
  peak_rss_at_most_250_mb: (results.command_pull as { peak_rss_mb: number }).peak_rss_mb <= 250,
  checkout_wait_during_pull_p99_at_most_20_ms: (results.checkout_wait_during_pull as { p99_ms: number }).p99_ms <= 20,
  search_p95_under_5_ms: Object.values(results.search as Record<string, { p95: number }>).every((f) => f.p95 < 5),
};
console.log(`targets: ${JSON.stringify(results.targets)}`);
console.log(`written to ${writeResults('sync', results)}`);
