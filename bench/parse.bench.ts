/**
 * npm run bench:parse — where a products page is read during the pull:
 * inline on the pull's thread, or in a worker thread beside it. Both read
 * the same real page bodies (500 products with modifiers and prices, as the
 * emulator sends them) the same way (JSON.parse, then the zod reading and
 * normalization of readListPage):
 *   inline:          parse + read on this thread, per page (this thread is busy that long);
 *   worker, one by one: text posted, canonical page back, per page (a round trip);
 *   worker, pipelined: every page posted at once, per page over the whole run;
 *   receive cost:    structured clone of a read page, the least a worker's answer
 *                    costs this thread when it arrives.
 * A worker only pays when what it takes off this thread (inline) is clearly
 * more than what its answers cost this thread (receive), and the machine has
 * a core to spare for it (here the service emulator uses the other one).
 */
import { Worker } from 'node:worker_threads';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { NEWEST_API_VERSION } from '../src-shared/api-version.ts';
import { readListPage } from '../src-shared/wire/index.ts';
import { encodeQuery } from '../src-main/upstream/index.ts';
import { REPO, ms, percentile, spawnEmulator, writeResults } from './bench-support.ts';

const PER_PAGE = 500;
const PAGES = Number(process.env.BENCH_PARSE_PAGES ?? 20);
const ROUNDS = 3;

const emulator = await spawnEmulator(['--products', String(PER_PAGE * PAGES), '--seed', '7']);
const texts: string[] = [];
try {
  const query = encodeQuery({ includes: ['modifiers', 'prices'], filter: { market_id: emulator.marketId, branch_id: emulator.branchId }, per_page: PER_PAGE });
  const headers = { Authorization: `Bearer ${emulator.token}`, 'X-API-Version': NEWEST_API_VERSION, Accept: 'application/json' };
  for (let page = 1; page <= PAGES; page++) texts.push(await (await fetch(`${emulator.baseUrl}/products?${query}&page=${page}`, { headers })).text());
} finally {
  await emulator.stop();
}
const bytes = texts.reduce((sum, text) => sum + text.length, 0);

const readInline = (text: string, page: number) => readListPage('products', NEWEST_API_VERSION, JSON.parse(text), page);

// Warm both paths (JIT, zod's compiled schemas) before measuring.
for (let page = 1; page <= Math.min(3, PAGES); page++) readInline(texts[page - 1]!, page);

const inline: number[] = [];
const jsonOnly: number[] = [];
const receive: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  texts.forEach((text, index) => {
    let start = performance.now();
    JSON.parse(text);
    jsonOnly.push(performance.now() - start);
    start = performance.now();
    const parsed = readInline(text, index + 1);
    inline.push(performance.now() - start);
    start = performance.now();
    structuredClone(parsed);
    receive.push(performance.now() - start);
  });
}

const worker = new Worker(pathToFileURL(join(REPO, 'bench/parse-worker-boot.mjs')));
let nextId = 0;
const waiting = new Map<number, () => void>();
worker.on('message', ({ id }: { id: number }) => {
  waiting.get(id)?.();
  waiting.delete(id);
});
const viaWorker = (text: string, page: number) =>
  new Promise<void>((resolve) => {
    const id = nextId++;
    waiting.set(id, resolve);
    worker.postMessage({ id, text, version: NEWEST_API_VERSION, page });
  });
for (let page = 1; page <= Math.min(3, PAGES); page++) await viaWorker(texts[page - 1]!, page);

const roundTrip: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  for (const [index, text] of texts.entries()) {
    const start = performance.now();
    await viaWorker(text, index + 1);
    roundTrip.push(performance.now() - start);
  }
}
const pipelined: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  const start = performance.now();
  await Promise.all(texts.map((text, index) => viaWorker(text, index + 1)));
  pipelined.push((performance.now() - start) / texts.length);
}
await worker.terminate();

const mean = (samples: number[]) => samples.reduce((a, b) => a + b, 0) / samples.length;
const figure = (samples: number[]) => ({
  mean_ms: Number(mean(samples).toFixed(1)),
  p50_ms: Number(percentile(samples, 50).toFixed(1)),
  p95_ms: Number(percentile(samples, 95).toFixed(1)),
});
const inlineMean = mean(inline);
const pipelinedMean = mean(pipelined);
const receiveMean = mean(receive);
const results = {
  per_page: PER_PAGE,
  pages: PAGES,
  page_kb: Math.round(bytes / PAGES / 1024),
  json_parse_only: figure(jsonOnly),
  inline: figure(inline),
  worker_round_trip: figure(roundTrip),
  worker_pipelined_per_page_ms: Number(pipelinedMean.toFixed(1)),
  receive_structured_clone: figure(receive),
  worker_round_trip_over_inline: Number((mean(roundTrip) / inlineMean).toFixed(2)),
  worker_pipelined_over_inline: Number((pipelinedMean / inlineMean).toFixed(2)),
  receive_over_inline: Number((receiveMean / inlineMean).toFixed(2)),
  // What the pull does: inline unless a worker's answers cost this thread less than half the reading they take off it.
  choice: receiveMean < inlineMean / 2 && pipelinedMean < inlineMean ? 'worker' : 'inline',
};
console.log(`products page of ${PER_PAGE} (${results.page_kb} KB), ${PAGES} pages x ${ROUNDS} rounds:`);
console.log(`  inline (JSON.parse + zod + normalize) ${ms(results.inline.mean_ms)} a page (JSON.parse alone ${ms(results.json_parse_only.mean_ms)})`);
console.log(`  worker round trip ${ms(results.worker_round_trip.mean_ms)} a page → ${results.worker_round_trip_over_inline}x inline`);
console.log(`  worker pipelined ${ms(results.worker_pipelined_per_page_ms)} a page → ${results.worker_pipelined_over_inline}x inline`);
console.log(
  `  receiving a read page (structured clone) ${ms(results.receive_structured_clone.mean_ms)} on this thread → ${results.receive_over_inline}x inline`,
);
console.log(`  choice: ${results.choice}`);
console.log(`written to ${writeResults('parse', results)}`);
