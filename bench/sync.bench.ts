/**
 * npm run bench:sync — the catalog pull at 100,000 products, against two
 * bounds measured in the same run on the same machine:
 *   fetch bound:  the same pages fetched over loopback, bodies read, nothing parsed or written;
 *   insert bound: the same canonical records staged and swapped into a fresh replica, no network.
 * Then product search at that size: two-letter prefixes in English and Arabic.
 */
import { parseListPage } from '../src-shared/wire/index.ts';
import type { Product } from '../src-shared/catalog/index.ts';
import { openDatabase } from '../src-main/db/index.ts';
import { pullCatalog, writeListToReplica } from '../src-main/sync/index.ts';
import { ServiceClient, encodeQuery } from '../src-main/upstream/index.ts';
import { searchProducts } from '../src-main/catalog/index.ts';
import { tempDir } from '../test/support/temp-dir.ts';
import { ms, percentile, spawnEmulator, writeResults } from './bench-support.ts';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const PER_PAGE = 500;

const dir = tempDir('till-bench-sync-');
const emulator = await spawnEmulator(['--products', String(PRODUCTS), '--seed', '7']);
try {
  const client = new ServiceClient({ baseUrl: emulator.baseUrl, token: emulator.token });

  // Warm the emulator's and our own code paths once on a small read.
  await client.get('/products', { per_page: 10, includes: ['modifiers', 'prices'], filter: { market_id: emulator.marketId, branch_id: emulator.branchId } });

  // 1. The full pull into a fresh replica.
  const db = openDatabase(dir.file('pull.db'));
  const rssBefore = process.memoryUsage().rss;
  let peakRss = rssBefore;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
  const pullStart = performance.now();
  const summary = await pullCatalog({ client, db, perPage: PER_PAGE });
  const pullMs = performance.now() - pullStart;
  clearInterval(sampler);
  peakRss = Math.max(peakRss, process.memoryUsage().rss);

  // 2. Fetch bound: the same product pages, bodies read as text only.
  const query = encodeQuery({ includes: ['modifiers', 'prices'], filter: { market_id: emulator.marketId, branch_id: emulator.branchId }, per_page: PER_PAGE });
  const headers = { Authorization: `Bearer ${emulator.token}`, 'X-API-Version': client.apiVersion, Accept: 'application/json' };
  const bodies: string[] = [];
  const fetchStart = performance.now();
  for (let page = 1, last = 1; page <= last; page++) {
    const response = await fetch(`${emulator.baseUrl}/products?${query}&page=${page}`, { headers });
    const text = await response.text();
    bodies.push(text);
    if (page === 1) last = (JSON.parse(text) as { data: { last_page: number } }).data.last_page;
  }
  const fetchMs = performance.now() - fetchStart;

  // 3. Insert bound: the same canonical products, parsed beforehand, staged and swapped without the network.
  const products: Product[][] = bodies.map((body, index) => parseListPage('products', client.apiVersion, JSON.parse(body), index + 1).records);
  bodies.length = 0;
  const insertDb = openDatabase(dir.file('insert.db'));
  const insertStart = performance.now();
  writeListToReplica(insertDb, 'products', products);
  const insertMs = performance.now() - insertStart;
  insertDb.close();

  // 4. Search at this size.
  const prefixes = { en: ['la', 'mo', 'ca', 'ic', 'ch', 'te', 'sa', 'ma', 'ba', 'co'], ar: ['قه', 'لا', 'شا', 'كع', 'عص', 'سا', 'مو', 'حل', 'فط', 'بر'] };
  const searchFigures: Record<string, { p50: number; p95: number; hits: number }> = {};
  for (const [lang, list] of Object.entries(prefixes)) {
    const samples: number[] = [];
    let hits = 0;
    for (let round = 0; round < 20; round++) {
      for (const prefix of list) {
        const start = performance.now();
        hits += searchProducts(db, prefix, 50).length;
        samples.push(performance.now() - start);
      }
    }
    searchFigures[lang] = { p50: percentile(samples, 50), p95: percentile(samples, 95), hits: Math.round(hits / samples.length) };
  }
  db.close();

  const bound = Math.max(fetchMs, insertMs);
  const results = {
    products: summary.counts.products,
    modifiers: summary.counts.modifiers,
    prices: summary.counts.prices,
    pull_ms: Math.round(pullMs),
    products_per_second: Math.round((summary.counts.products! / pullMs) * 1000),
    peak_rss_mb: Math.round(peakRss / 2 ** 20),
    fetch_bound_ms: Math.round(fetchMs),
    insert_bound_ms: Math.round(insertMs),
    pull_over_larger_bound: Number((pullMs / bound).toFixed(2)),
    targets: { pull_within_1_5x_bound: pullMs <= 1.5 * bound, pull_under_20_s: pullMs < 20_000, search_p95_under_5_ms: Object.values(searchFigures).every((f) => f.p95 < 5) },
    search: searchFigures,
  };
  console.log(`pull of ${results.products} products: ${ms(pullMs)} (${results.products_per_second} products/s), peak RSS ${results.peak_rss_mb} MB`);
  console.log(`fetch bound ${ms(fetchMs)}, insert bound ${ms(insertMs)}: pull = ${results.pull_over_larger_bound}x the larger bound (target ≤ 1.5x, < 20 s)`);
  for (const [lang, f] of Object.entries(searchFigures)) console.log(`search two-letter prefix (${lang}): p50 ${ms(f.p50)}, p95 ${ms(f.p95)}, ${f.hits} hits per query`);
  console.log(`written to ${writeResults('sync', results)}`);
} finally {
  await emulator.stop();
  dir.cleanup();
}
