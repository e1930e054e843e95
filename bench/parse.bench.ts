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
 *                    costs this thread when it arrives;
 *   worker reads and stages, rows back packed: what the pull's page reader does
 *                    (src-main/sync/page-reader/): the page's bytes in, read and
 *                    staged, the rows' bind-ready values back packed (two strings,
 *                    a few typed arrays); this thread pays the clone of that and
 *                    unpacking it, against doing it all inline (decode + parse +
 *                    read + stage into the same values: the pull's thread, up to
 *                    binding, when it reads its pages itself).
 * A worker only pays when what it takes off this thread (inline) is clearly
 * more than what its answers cost this thread (receive), and the machine has
 * a core to spare for it (here the service emulator uses the other one).
 */
import Database from 'better-sqlite3';
import { Worker } from 'node:worker_threads';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { NEWEST_API_VERSION } from '../src-shared/api-version.ts';
import { readListPage } from '../src-shared/wire/index.ts';
import { encodeQuery } from '../src-main/upstream/index.ts';
import { utf8Text } from '../src-main/text/index.ts';
import { CATALOG_RESOURCES } from '../src-main/sync/catalog-resources.ts';
import { unpackRows } from '../src-main/sync/page-reader/packed-values.ts';
import type { StagedPageAnswer } from '../src-main/sync/page-reader/page-read.ts';
import { stageRecords, type StagedRows } from '../src-main/sync/stage-records.ts';
import { REPO, ms, percentile, spawnEmulator, writeResults } from './bench-support.ts';

const PRODUCTS = CATALOG_RESOURCES.find((resource) => resource.name === 'products')!;

/** A page's staged rows: row r of PRODUCTS.tables[tableOf[r]], its values `rows[r]`. */
type StagedValues = Pick<StagedRows, 'tableOf' | 'rows'>;

/** Stages a page's records as the pull does (soft-deleted ones left out). */
const stageValues = (records: readonly unknown[]): StagedValues => stageRecords(PRODUCTS, records, Number.NaN);

/** Throws unless `actual` holds exactly the rows and values of `expected` (Object.is, value by value). */
function assertSameValues(actual: StagedValues, expected: StagedValues, what: string): void {
  if (actual.tableOf.join() !== expected.tableOf.join()) throw new Error(`${what}: not the same rows`);
  expected.rows.forEach((row, r) => {
    const got = actual.rows[r]!;
    if (got.length !== row.length) throw new Error(`${what}: row ${r} has ${got.length} values, expected ${row.length}`);
    row.forEach((value, i) => {
      if (!Object.is(got[i], value)) throw new Error(`${what}: row ${r} value ${i} is ${String(got[i])}, expected ${String(value)}`);
    });
  });
}

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

const utf8 = texts.map((text) => new TextEncoder().encode(text));
// The packed hand-off. Inline: what the pull's thread does for a page when it reads it itself, up to binding.
const stageInline = (index: number): StagedValues => stageValues(readInline(utf8Text(utf8[index]!), index + 1).records);
const expected = texts.map((_, index) => stageInline(index));
const stagedInline: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  texts.forEach((_, index) => {
    const start = performance.now();
    stageInline(index);
    stagedInline.push(performance.now() - start);
  });
}
interface PackedAnswer {
  answer: StagedPageAnswer;
  workerMs: number;
}
const answers = new Map<number, (answer: PackedAnswer) => void>();
worker.on('message', (answer: PackedAnswer & { id: number }) => {
  answers.get(answer.id)?.(answer);
  answers.delete(answer.id);
});
/** The page's bytes to the worker, to be staged; `send` gets how long postMessage held this thread. */
const stagedByWorker = (index: number, send?: number[]) =>
  new Promise<PackedAnswer>((resolve) => {
    const id = nextId++;
    answers.set(id, resolve);
    // A copy of its own, as the pull's answer is (ServiceClient.getDeferredBytes): transferring it leaves it detached.
    const bytes = utf8[index]!.slice();
    const start = performance.now();
    worker.postMessage({ id, version: NEWEST_API_VERSION, page: index + 1, bytes }, [bytes.buffer]);
    send?.push(performance.now() - start);
  });
for (let index = 0; index < Math.min(3, PAGES); index++) await stagedByWorker(index);

const packedClone: number[] = [];
const packedUnpack: number[] = [];
const packedReceive: number[] = [];
const packedWorker: number[] = [];
const sendBytes: number[] = [];
let packedBytes = 0;
const unpackedPages: StagedValues[] = [];
for (let round = 0; round < ROUNDS; round++) {
  for (let index = 0; index < PAGES; index++) {
    const { answer, workerMs } = await stagedByWorker(index, sendBytes);
    packedWorker.push(workerMs);
    // The answer's arrival, as for `receive` above: its structured clone, here on this thread; then unpacking it.
    const start = performance.now();
    const arrived = structuredClone(answer);
    const cloned = performance.now();
    const rows = unpackRows(
      arrived.packed,
      Array.from(arrived.tableOf, (t) => PRODUCTS.tables[t]!.columns.length),
    );
    const end = performance.now();
    packedClone.push(cloned - start);
    packedUnpack.push(end - cloned);
    packedReceive.push(end - start);
    const staged = { tableOf: [...arrived.tableOf], rows };
    // A wrong packing never makes a figure: every page of the first round is checked against the inline values.
    if (round === 0) assertSameValues(staged, expected[index]!, `page ${index + 1} unpacked`);
    if (round === 0) unpackedPages.push(staged);
    const { packed } = answer;
    if (round === 0)
      packedBytes += packed.latin1.length + packed.wide.length * 2 + packed.kinds.byteLength + packed.numbers.byteLength + packed.ends.byteLength;
  }
}
const packedPipelined: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  const start = performance.now();
  await Promise.all(texts.map((_, index) => stagedByWorker(index)));
  packedPipelined.push((performance.now() - start) / texts.length);
}
await worker.terminate();

// Equal values may still bind at different costs: a slice is one byte a character only if its parent string is
// (packed-values.ts). Both sets bound the same way, 50 rows a statement, into tables of the same columns in memory.
const memory = new Database(':memory:');
const ROWS_A_STATEMENT = 50;
const inserts = PRODUCTS.tables.map((table, t) => {
  memory.exec(`CREATE TABLE t${t} (${table.columns.map((column) => `"${column}"`).join(', ')})`);
  const row = `(${table.columns.map(() => '?').join(', ')})`;
  return { width: table.columns.length * ROWS_A_STATEMENT, insert: memory.prepare(`INSERT INTO t${t} VALUES ${Array(ROWS_A_STATEMENT).fill(row).join(', ')}`) };
});
/** A page's values by table, in row order: what binding them table by table reads. */
const byTable = (page: StagedValues): unknown[][] => {
  const tables: unknown[][] = PRODUCTS.tables.map(() => []);
  page.tableOf.forEach((t, r) => tables[t]!.push(...page.rows[r]!));
  return tables;
};
const inlineByTable = expected.map(byTable);
const unpackedByTable = unpackedPages.map(byTable);
const bindPage = (page: unknown[][]) =>
  page.forEach((values, t) => {
    const { width, insert } = inserts[t]!;
    for (let at = 0; at + width <= values.length; at += width) insert.run(values.slice(at, at + width));
  });
const bindInline: number[] = [];
const bindUnpacked: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  memory.exec('BEGIN');
  for (let index = 0; index < PAGES; index++) {
    for (const [pages, samples] of [
      [inlineByTable, bindInline],
      [unpackedByTable, bindUnpacked],
    ] as const) {
      const start = performance.now();
      bindPage(pages[index]!);
      samples.push(performance.now() - start);
    }
  }
  memory.exec('ROLLBACK');
}
memory.close();

// What the pull's thread does before JSON.parse today: its answer's bytes decoded (service-client.ts, utf8Text), and
// for comparison Buffer#toString, which decoded them until issue 37's eighteenth pass.
const decode: number[] = [];
const decodeByToString: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  for (const bytes of utf8) {
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    let start = performance.now();
    utf8Text(buffer);
    decode.push(performance.now() - start);
    start = performance.now();
    buffer.toString('utf8');
    decodeByToString.push(performance.now() - start);
  }
}

const mean = (samples: number[]) => samples.reduce((a, b) => a + b, 0) / samples.length;
const figure = (samples: number[], digits = 1) => ({
  mean_ms: Number(mean(samples).toFixed(digits)),
  p50_ms: Number(percentile(samples, 50).toFixed(digits)),
  p95_ms: Number(percentile(samples, 95).toFixed(digits)),
});
const inlineMean = mean(inline);
const pipelinedMean = mean(pipelined);
const receiveMean = mean(receive);
const results = {
  per_page: PER_PAGE,
  pages: PAGES,
  // Since the pull has its page reader: its inline staging decodes the page's bytes too, as the pull's thread does;
  // since the eighteenth pass through utf8Text (runs of 'bytes' decoded them with TextDecoder: a setup of their own).
  staged_from: 'bytes-utf8Text',
  page_kb: Math.round(bytes / PAGES / 1024),
  json_parse_only: figure(jsonOnly),
  inline: figure(inline),
  worker_round_trip: figure(roundTrip),
  worker_pipelined_per_page_ms: Number(pipelinedMean.toFixed(1)),
  receive_structured_clone: figure(receive),
  worker_round_trip_over_inline: Number((mean(roundTrip) / inlineMean).toFixed(2)),
  worker_pipelined_over_inline: Number((pipelinedMean / inlineMean).toFixed(2)),
  receive_over_inline: Number((receiveMean / inlineMean).toFixed(2)),
  staged_inline: figure(stagedInline),
  packed_receive: figure(packedReceive),
  packed_clone: figure(packedClone),
  packed_unpack: figure(packedUnpack),
  packed_worker: figure(packedWorker),
  packed_worker_pipelined_per_page_ms: Number(mean(packedPipelined).toFixed(1)),
  packed_page_kb: Math.round(packedBytes / PAGES / 1024),
  packed_over_staged_inline: Number((mean(packedReceive) / mean(stagedInline)).toFixed(2)),
  send_bytes: figure(sendBytes, 2),
  decode_utf8: figure(decode),
  decode_utf8_by_to_string: figure(decodeByToString),
  bind_inline: figure(bindInline),
  bind_unpacked: figure(bindUnpacked),
  bind_unpacked_over_inline: Number((mean(bindUnpacked) / mean(bindInline)).toFixed(2)),
  // Whether a worker's packed answers cost this thread less than half the reading and staging they take off it. The
  // pull reads off its thread only where the machine has a CPU to spare (readPagesOffThreadHere, pull-catalog.ts).
  choice: mean(packedReceive) < mean(stagedInline) / 2 ? 'worker' : 'inline',
};
console.log(`products page of ${PER_PAGE} (${results.page_kb} KB), ${PAGES} pages x ${ROUNDS} rounds:`);
console.log(`  inline (JSON.parse + zod + normalize) ${ms(results.inline.mean_ms)} a page (JSON.parse alone ${ms(results.json_parse_only.mean_ms)})`);
console.log(`  worker round trip ${ms(results.worker_round_trip.mean_ms)} a page → ${results.worker_round_trip_over_inline}x inline`);
console.log(`  worker pipelined ${ms(results.worker_pipelined_per_page_ms)} a page → ${results.worker_pipelined_over_inline}x inline`);
console.log(
  `  receiving a read page (structured clone) ${ms(results.receive_structured_clone.mean_ms)} on this thread → ${results.receive_over_inline}x inline`,
);
console.log(
  `  staged inline (parse + read + stage + value arrays) ${ms(results.staged_inline.mean_ms)} a page; packed from a worker: ` +
    `receive + unpack ${ms(results.packed_receive.mean_ms)} (clone ${ms(results.packed_clone.mean_ms)}, unpack ${ms(results.packed_unpack.mean_ms)}) ` +
    `→ ${results.packed_over_staged_inline}x inline; the packed form ${results.packed_page_kb} KB a page`,
);
console.log(
  `  the worker ${ms(results.packed_worker.mean_ms)} a page (p95 ${ms(results.packed_worker.p95_ms)}), pipelined ${ms(results.packed_worker_pipelined_per_page_ms)} a page`,
);
console.log(
  `  sending the page as bytes transferred ${results.send_bytes.mean_ms} ms (p95 ${results.send_bytes.p95_ms} ms); ` +
    `decoding its bytes on this thread ${ms(results.decode_utf8.mean_ms)} (by Buffer#toString ${ms(results.decode_utf8_by_to_string.mean_ms)})`,
);
console.log(
  `  binding the values (in memory, ${ROWS_A_STATEMENT} rows a statement): inline ${ms(results.bind_inline.mean_ms)}, unpacked ${ms(results.bind_unpacked.mean_ms)} a page ` +
    `→ ${results.bind_unpacked_over_inline}x`,
);
console.log(`  choice: ${results.choice}`);
console.log(`written to ${writeResults('parse', results)}`);
