/**
 * npm run bench:event-loop — does printing stall the host? A till checks
 * out continuously (one sale every PACE_MS, as fast as no counter ever
 * sells) while 20 receipts print to a TCP printer on loopback. The host's
 * event-loop delay is sampled with perf_hooks.monitorEventLoopDelay over
 * that window, three ways in the same run:
 *   bound:   the same checkouts with nothing printing (what the commits alone cost the loop);
 *   inline:  receipts drawn on the host's own thread (the old way);
 *   worker:  receipts drawn on the render worker thread (the host's default now).
 * Target: p99 under 10 ms with the worker.
 * The printer is a bare TCP server in this process that only counts bytes,
 * so decoding receipts does not load the loop being measured.
 */
import { createServer, type Socket } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { openDatabase } from '../src-main/db/index.ts';
import { bindPrinter, enqueuePrintJobsAtCheckout, PrintQueue, readTillPrinters, registerPrintingFonts } from '../src-main/printing/index.ts';
import { inlineRenderer, WorkerRenderer, type DocumentRenderer } from '../src-main/printing/render-worker/document-renderer.ts';
import { pullCatalog } from '../src-main/sync/index.ts';
import { TillService } from '../src-main/host/index.ts';
import { ServiceClient } from '../src-main/upstream/index.ts';
import { tempDir } from '../test/support/temp-dir.ts';
import { spawnEmulator, writeResults } from './bench-support.ts';

const RECEIPTS = 20;
/** The counting sink listens on this machine: allowed here as in the tests (--allow-loopback). */
const LOOPBACK_SINK = { allowLoopback: true, extraPorts: [] };
const PACE_MS = Number(process.env.BENCH_PACE_MS ?? 20);
const LINES = 8;
const TARGET_P99_MS = 10;

const dir = tempDir('till-bench-loop-');
const emulator = await spawnEmulator(['--seed', '11']);
const sink = await countingPrinter();
try {
  registerPrintingFonts();
  const client = new ServiceClient({ baseUrl: emulator.baseUrl, token: emulator.token });
  const db = openDatabase(dir.file('till.db'));
  await pullCatalog({ client, db });
  const cashier = readTillPrinters(db).find((p) => p.kind === 'receipt' && p.settings.PRINT_AUTO);
  if (!cashier) throw new Error('the demo tenant has no auto-printing receipt printer');
  bindPrinter(db, cashier.id, { address: `tcp://127.0.0.1:${sink.port}` }, LOOPBACK_SINK);
  const products = (await new TillService({ db }).search({ query: 'a', limit: 40 })).filter((p) => p.id && !p.requires_choice);
  if (products.length < LINES) throw new Error(`the demo menu gave ${products.length} products for a ${LINES}-line cart`);

  /**
   * Fills a cart (different lines each time) and checks out. Each call is a
   * turn of the event loop of its own, as on the host, where each arrives
   * as a message of its own: chained by await alone, the ten calls of a sale
   * ran as one 7 to 10 ms block (their promises settle without the loop
   * turning), which the bound then measured as the checkouts' own delay.
   */
  const sellOn = async (till: TillService, n: number): Promise<void> => {
    for (let i = 0; i < LINES; i++) {
      await till.addItem({ product_id: products[(n + i) % products.length]!.id, quantity: 1 + (i % 3) });
      await nextTurn();
    }
    const cart = await till.cart();
    await nextTurn();
    await till.checkout({ payments: [{ method_key: 'CASH', amount: cart.total }] });
  };

  const window = async (
    renderer: DocumentRenderer | null,
  ): Promise<{ p50: number; p99: number; max: number; checkouts: number; receipts: number; ms: number }> => {
    const queue = renderer ? new PrintQueue({ db, renderer, addressPolicy: LOOPBACK_SINK }) : null;
    const printing = new TillService({ db, alsoWriteAtCheckout: enqueuePrintJobsAtCheckout(db), onOrderCommitted: () => queue?.notify() });
    const plain = new TillService({ db });
    queue?.start();
    let done = 0;
    queue?.on('job', (outcome) => {
      if (outcome.state === 'done') done++;
      else throw new Error(`a receipt did not print: ${outcome.error}`);
    });
    // Warm the renderer (thread start, fonts) outside the window.
    if (renderer)
      await renderer.render({
        doc: {
          blocks: [
            { kind: 'text', text: 'warm up' },
            { kind: 'bilingual', en: 'Tea', ar: 'شاي' },
          ],
        },
        width: 80,
        output: 'escpos-text',
      });
    const histogram = monitorEventLoopDelay({ resolution: 1 });
    const start = performance.now();
    histogram.enable();
    let checkouts = 0;
    // The first RECEIPTS sales print; the rest keep the till busy until those receipts are out.
    while (renderer ? done < RECEIPTS : checkouts < RECEIPTS * 4) {
      await sellOn(checkouts < RECEIPTS ? printing : plain, checkouts);
      checkouts++;
      await new Promise((resolve) => setTimeout(resolve, PACE_MS));
    }
    histogram.disable();
    const ms = performance.now() - start;
    await queue?.stop();
    const toMs = (ns: number) => Math.round(ns / 1e4) / 100;
    return {
      p50: toMs(histogram.percentile(50)),
      p99: toMs(histogram.percentile(99)),
      max: toMs(histogram.max),
      checkouts,
      receipts: done,
      ms: Math.round(ms),
    };
  };

  const worker = new WorkerRenderer();
  const bound = await window(null);
  const inline = await window(inlineRenderer);
  const threaded = await window(worker);
  await worker.close();
  db.close();

  const line = (name: string, f: typeof bound) =>
    console.log(
      `${name.padEnd(34)} loop delay p50 ${f.p50} ms, p99 ${f.p99} ms, max ${f.max} ms (${f.checkouts} checkouts, ${f.receipts} receipts, ${f.ms} ms)`,
    );
  console.log(`event-loop delay, one ${LINES}-line checkout every ${PACE_MS} ms, ${RECEIPTS} receipts to a TCP printer:`);
  line('bound: checkouts, nothing printing', bound);
  line('receipts drawn inline', inline);
  line('receipts drawn in the render worker', threaded);
  const met = threaded.p99 < TARGET_P99_MS;
  console.log(
    `target p99 < ${TARGET_P99_MS} ms with the worker: ${met ? 'met' : 'NOT met'} (${threaded.p99} ms; ${(threaded.p99 / bound.p99).toFixed(2)}x the bound's p99; inline ${inline.p99} ms)`,
  );
  console.log(
    `written to ${writeResults('event-loop', { pace_ms: PACE_MS, receipts: RECEIPTS, lines: LINES, bound, inline, worker: threaded, worker_p99_over_bound_p99: Number((threaded.p99 / bound.p99).toFixed(2)), target_p99_ms: TARGET_P99_MS, target_met: met })}`,
  );
} finally {
  await sink.close();
  await emulator.stop();
  dir.cleanup();
}

/** The event loop's next turn (timers and I/O before it). */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** A port-9100 printer that reads and forgets: one job per connection, bytes counted. */
async function countingPrinter(): Promise<{ port: number; jobs: () => number; close(): Promise<void> }> {
  let jobs = 0;
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('data', () => undefined);
    socket.on('end', () => {
      jobs++;
      socket.end();
    });
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    jobs: () => jobs,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
