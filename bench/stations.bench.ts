/**
 * npm run bench:stations — one hub, many stations (issue 20): `pos serve` in
 * its own process, the service emulator in another, and stations reaching
 * the hub over real WebSockets on loopback with the renderer's own transport
 * code. Each station is a cashier ringing up sales: a few taps (addItem, the
 * figure is tap → the cart back on the station), then a cash checkout (the
 * figure is the whole round trip, the commit included). The bound is the
 * same figures for ONE station in the same run, on the same hub: eight
 * stations should cost each cashier at most twice what one alone does
 * (target ≤ 2x on both p99s). The hub's RSS is read from /proc after each
 * part. A cashier does not tap flat out: each station waits a random
 * time between actions, THINK_MS on average (250 ms: a quick cashier's
 * pace, so eight of them are a busier Friday than most branches have;
 * BENCH_THINK_MS=40 makes it a stress test).
 */
import { readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import type { TillApi } from '../src-shared/api/index.ts';
import { createPrng } from '../src-shared/random/index.ts';
import { browserStation, startServeHub } from '../test/support/serve-hub.ts';
import { tempDir } from '../test/support/temp-dir.ts';
import { ms, percentile, spawnEmulator, writeResults } from './bench-support.ts';

const STATIONS = Number(process.env.BENCH_STATIONS ?? 8);
if (!(STATIONS >= 1 && STATIONS <= 26)) throw new Error('BENCH_STATIONS is 1 to 26: each station is a letter, A to Z');
const SALES_ALONE = Number(process.env.BENCH_SALES_ALONE ?? 120);
const SALES_EACH = Number(process.env.BENCH_SALES_EACH ?? 60);
const TAPS_PER_SALE = 3;
// A quick cashier taps two or three times a second; 250 ms on average between actions is that, at eight counters at once.
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 250);

/** VmRSS and VmHWM of a process, in MB. */
function memoryOf(pid: number): { rss_mb: number; peak_rss_mb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? NaN);
  return { rss_mb: Math.round(kb('VmRSS') / 1024), peak_rss_mb: Math.round(kb('VmHWM') / 1024) };
}

const pause = (millis: number) => new Promise((resolve) => setTimeout(resolve, millis));

interface Samples {
  tap: number[];
  checkout: number[];
}

/** One cashier's sales at one station: taps and a checkout, with think time between. */
async function ringUp(api: TillApi, products: string[], sales: number, seed: number, into: Samples): Promise<void> {
  const random = createPrng(seed);
  for (let sale = 0; sale < sales; sale++) {
    let total = 0;
    for (let tap = 0; tap < TAPS_PER_SALE; tap++) {
      await pause(random.int(0, 2 * THINK_MS));
      const start = performance.now();
      const cart = await api.addItem({ product_id: products[random.int(0, products.length - 1)]!, quantity: 1 });
      into.tap.push(performance.now() - start);
      total = cart.total;
    }
    await pause(random.int(0, 2 * THINK_MS));
    const start = performance.now();
    await api.checkout({ payments: [{ method_key: 'CASH', amount: total }] });
    into.checkout.push(performance.now() - start);
  }
}

const figures = (samples: number[]) => ({
  samples: samples.length,
  p50_ms: round(percentile(samples, 50)),
  p99_ms: round(percentile(samples, 99)),
  max_ms: round(Math.max(...samples)),
});

const dir = tempDir('till-bench-stations-');
const emulator = await spawnEmulator(['--seed', '20']);
const hub = await startServeHub(dir.file('hub.db'));
try {
  const manager = await browserStation(hub);
  await manager.signIn({ base_url: emulator.baseUrl, token: emulator.token });
  const cashiers = [];
  for (let i = 0; i < STATIONS; i++)
    cashiers.push(await manager.addCashier({ name: `Cashier ${i + 1}`, role: i === 0 ? 'manager' : 'cashier', pin: String(2000 + i * 7) }));
  // Each browser is a station of the registry (B, C, …, chosen with its till_station cookie): browsers that chose none are all the first counter, one cart.
  const codes = Array.from({ length: STATIONS }, (_, i) => String.fromCharCode(65 + i));
  for (const code of codes.slice(1)) await manager.addStation({ name: `Counter ${code}`, code });
  const stations: TillApi[] = [];
  for (let i = 0; i < STATIONS; i++) {
    const api = i === 0 ? manager : await browserStation(hub, codes[i]);
    await api.unlock({ cashier_id: cashiers[i]!.id, pin: String(2000 + i * 7) });
    if (!(await api.staffState()).shift) await api.openShift({ float: 0 });
    stations.push(api);
  }
  const products = (await manager.search({ query: 'a', limit: 50 })).filter((p) => p.price !== null).map((p) => p.id);
  const memoryAtStart = memoryOf(hub.child.pid!);

  // 1. One station alone: the bound.
  const alone: Samples = { tap: [], checkout: [] };
  await ringUp(stations[0]!, products, SALES_ALONE, 1, alone);
  const memoryAlone = memoryOf(hub.child.pid!);

  // 2. Every station at once, on the same hub.
  const together: Samples = { tap: [], checkout: [] };
  await Promise.all(stations.map((api, i) => ringUp(api, products, SALES_EACH, 100 + i, together)));
  const memoryTogether = memoryOf(hub.child.pid!);
  const orders = SALES_ALONE + STATIONS * SALES_EACH;

  const tapRatio = percentile(together.tap, 99) / percentile(alone.tap, 99);
  const checkoutRatio = percentile(together.checkout, 99) / percentile(alone.checkout, 99);
  const results = {
    stations: STATIONS,
    think_ms_mean: THINK_MS,
    orders,
    alone: { tap_to_cart: figures(alone.tap), checkout: figures(alone.checkout) },
    together: { tap_to_cart: figures(together.tap), checkout: figures(together.checkout) },
    tap_p99_over_alone: round(tapRatio),
    checkout_p99_over_alone: round(checkoutRatio),
    hub_memory: { at_start: memoryAtStart, after_one_station: memoryAlone, after_all_stations: memoryTogether },
    targets: { tap_within_2x: tapRatio <= 2, checkout_within_2x: checkoutRatio <= 2 },
  };
  const line = (name: string, s: Samples) =>
    `${name}: tap → cart p50 ${ms(percentile(s.tap, 50))}, p99 ${ms(percentile(s.tap, 99))} (${s.tap.length}); checkout p50 ${ms(percentile(s.checkout, 50))}, p99 ${ms(percentile(s.checkout, 99))} (${s.checkout.length})`;
  console.log(line('1 station', alone));
  console.log(line(`${STATIONS} stations at once`, together));
  console.log(`→ p99 tap ${results.tap_p99_over_alone}x, checkout ${results.checkout_p99_over_alone}x one station's (target ≤ 2x)`);
  console.log(
    `hub RSS: ${memoryAtStart.rss_mb} MB at start, ${memoryAlone.rss_mb} MB after one station, ${memoryTogether.rss_mb} MB after ${STATIONS} (peak ${memoryTogether.peak_rss_mb} MB); ${orders} orders`,
  );
  await hub.stop();
  // Every sale is one order with a number of its own.
  const db = new Database(dir.file('hub.db'), { readonly: true });
  const stored = db.prepare('SELECT count(*) AS n, count(DISTINCT business_day || number) AS distinct_numbers FROM orders').get() as {
    n: number;
    distinct_numbers: number;
  };
  db.close();
  if (stored.n !== orders || stored.distinct_numbers !== orders)
    throw new Error(`the hub holds ${stored.n} orders (${stored.distinct_numbers} numbers) for ${orders} sales`);
  console.log(`written to ${writeResults('stations', results)}`);
} finally {
  await hub.stop();
  await emulator.stop();
  dir.cleanup();
}
process.exit(0);

function round(value: number): number {
  return Number(value.toFixed(2));
}
