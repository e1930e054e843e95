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
 * BENCH_THINK_MS=40 makes it a stress test; a list, BENCH_THINK_MS=40,20,
 * runs the eight stations once at each pace against the same one-station bound).
 * Where the hub's time goes (issue 37): the hub runs with TILL_HUB_STAGES, its
 * always-compiled stage timer (src-main/host/transport/hub-stage-timer.ts), and
 * each part prints the hub's calls a second and its busy time per call by
 * stage: receiving and filtering, waiting in the screen's queue,
 * authorization, the method itself (reads and SQLite), the answer's
 * serialization and the events' fan-out to every screen. BENCH_CPU_PROF=DIR
 * also writes a V8 CPU profile of the hub there (open it in Chrome's DevTools).
 */
import { existsSync, readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import type { TillApi } from '../src-shared/api/index.ts';
import { createPrng } from '../src-shared/random/index.ts';
import { browserStation, startServeHub } from '../test/support/serve-hub.ts';
import { tempDir } from '../test/support/temp-dir.ts';
import { ms, percentile, spawnEmulator, writeResults } from './bench-support.ts';

const STATIONS = Number(process.env.BENCH_STATIONS ?? 8);
if (!(STATIONS >= 1 && STATIONS <= 26)) throw new Error('BENCH_STATIONS is 1 to 26: each station is a letter, A to Z');
const SALES_EACH = Number(process.env.BENCH_SALES_EACH ?? 60);
// As many sales alone as the stations make together: a p99 of 360 taps (the fourth slowest) swung from 5 to 18 ms
// between runs on a quiet machine, against the rush's p99 of 1,440; the same count on both sides compares like with like.
const SALES_ALONE = Number(process.env.BENCH_SALES_ALONE ?? STATIONS * SALES_EACH);
const TAPS_PER_SALE = 3;
// A quick cashier taps two or three times a second; 250 ms on average between actions is that, at eight counters at once.
const PACES = (process.env.BENCH_THINK_MS ?? '250').split(',').map(Number);
if (!PACES.every((pace) => pace >= 0)) throw new Error('BENCH_THINK_MS is a think time in ms, or a list of them: 40,20');
const THINK_MS = PACES[0]!;

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
async function ringUp(api: TillApi, products: string[], sales: number, seed: number, into: Samples, think = THINK_MS): Promise<void> {
  const random = createPrng(seed);
  for (let sale = 0; sale < sales; sale++) {
    let total = 0;
    for (let tap = 0; tap < TAPS_PER_SALE; tap++) {
      await pause(random.int(0, 2 * think));
      const start = performance.now();
      const cart = await api.addItem({ product_id: products[random.int(0, products.length - 1)]!, quantity: 1 });
      into.tap.push(performance.now() - start);
      total = cart.total;
    }
    await pause(random.int(0, 2 * think));
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

type StageTotals = Record<string, { ms: number; count: number }>;
const STAGES = ['receive', 'queue', 'authorize', 'method', 'answer', 'events'] as const;

/** The hub's cumulative stage totals, as its timer last wrote them. */
async function stagesNow(file: string): Promise<StageTotals> {
  await pause(500); // the hub writes every 200 ms
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as StageTotals) : {};
}

/** One part's share of the hub's time: per call, by stage, and the calls a second it served. */
function breakdown(before: StageTotals, after: StageTotals, seconds: number) {
  const of = (stage: string) => ({
    ms: (after[stage]?.ms ?? 0) - (before[stage]?.ms ?? 0),
    count: (after[stage]?.count ?? 0) - (before[stage]?.count ?? 0),
  });
  const calls = of('method').count;
  const perCall = Object.fromEntries(STAGES.map((stage) => [stage, calls ? round(of(stage).ms / calls) : 0])) as Record<(typeof STAGES)[number], number>;
  // Events are emitted from inside the methods: the method's own time is the rest.
  const methodOwn = round(Math.max(0, perCall.method - perCall.events));
  const busy = STAGES.filter((stage) => stage !== 'queue').reduce((sum, stage) => sum + of(stage).ms, 0) - of('events').ms;
  return {
    calls,
    calls_per_second: round(calls / seconds),
    events_sent: of('events').count,
    per_call_ms: { ...perCall, method_without_events: methodOwn },
    hub_busy_share: round(busy / (seconds * 1000)),
  };
}

const describeBreakdown = (b: ReturnType<typeof breakdown>) =>
  `  hub: ${b.calls} calls, ${b.calls_per_second}/s, busy ${Math.round(b.hub_busy_share * 100)}% of the time; per call: receive ${b.per_call_ms.receive} ms, ` +
  `authorize ${b.per_call_ms.authorize} ms, method ${b.per_call_ms.method_without_events} ms, answer ${b.per_call_ms.answer} ms, ` +
  `event fan-out ${b.per_call_ms.events} ms (${b.events_sent} sends), queued ${b.per_call_ms.queue} ms`;

const dir = tempDir('till-bench-stations-');
const emulator = await spawnEmulator(['--seed', '20']);
const stagesFile = dir.file('hub-stages.json');
process.env.TILL_HUB_STAGES = stagesFile;
const cpuProfile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
const hub = await startServeHub(dir.file('hub.db'), [], cpuProfile);
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
  const products = (await manager.search({ query: 'a', limit: 50 })).filter((p) => p.price !== null && !p.requires_choice).map((p) => p.id);
  const memoryAtStart = memoryOf(hub.child.pid!);

  /** Runs `part`, timing it on the hub: the samples and where the hub's time went. */
  const profiled = async (part: (into: Samples) => Promise<unknown>) => {
    const into: Samples = { tap: [], checkout: [] };
    const before = await stagesNow(stagesFile);
    const started = performance.now();
    await part(into);
    const seconds = (performance.now() - started) / 1000;
    return { samples: into, hub: breakdown(before, await stagesNow(stagesFile), seconds) };
  };
  const line = (name: string, s: Samples) =>
    `${name}: tap → cart p50 ${ms(percentile(s.tap, 50))}, p99 ${ms(percentile(s.tap, 99))} (${s.tap.length}); checkout p50 ${ms(percentile(s.checkout, 50))}, p99 ${ms(percentile(s.checkout, 99))} (${s.checkout.length})`;

  // 1. One station alone: the bound.
  const alone = await profiled((into) => ringUp(stations[0]!, products, SALES_ALONE, 1, into));
  const memoryAlone = memoryOf(hub.child.pid!);
  console.log(line(`1 station (think ${THINK_MS} ms)`, alone.samples));
  console.log(describeBreakdown(alone.hub));

  // 2. Every station at once, on the same hub, at each pace.
  const rushes = [];
  for (const [p, think] of PACES.entries()) {
    const rush = await profiled((into) => Promise.all(stations.map((api, i) => ringUp(api, products, SALES_EACH, 100 * (p + 1) + i, into, think))));
    const tapRatio = percentile(rush.samples.tap, 99) / percentile(alone.samples.tap, 99);
    const checkoutRatio = percentile(rush.samples.checkout, 99) / percentile(alone.samples.checkout, 99);
    rushes.push({
      think_ms_mean: think,
      tap_to_cart: figures(rush.samples.tap),
      checkout: figures(rush.samples.checkout),
      tap_p99_over_alone: round(tapRatio),
      checkout_p99_over_alone: round(checkoutRatio),
      hub: rush.hub,
      targets: { tap_within_2x: tapRatio <= 2, checkout_within_2x: checkoutRatio <= 2 },
    });
    console.log(line(`${STATIONS} stations at once (think ${think} ms)`, rush.samples));
    console.log(describeBreakdown(rush.hub));
    console.log(`→ p99 tap ${round(tapRatio)}x, checkout ${round(checkoutRatio)}x one station's (target ≤ 2x)`);
  }
  const memoryTogether = memoryOf(hub.child.pid!);
  const orders = SALES_ALONE + PACES.length * STATIONS * SALES_EACH;
  const first = rushes[0]!;
  const results = {
    stations: STATIONS,
    think_ms_mean: THINK_MS,
    orders,
    alone: { tap_to_cart: figures(alone.samples.tap), checkout: figures(alone.samples.checkout), hub: alone.hub },
    // The first pace's figures keep their old names (the performance table reads them); every pace is in `rushes`.
    together: { tap_to_cart: first.tap_to_cart, checkout: first.checkout, hub: first.hub },
    tap_p99_over_alone: first.tap_p99_over_alone,
    checkout_p99_over_alone: first.checkout_p99_over_alone,
    rushes,
    hub_memory: { at_start: memoryAtStart, after_one_station: memoryAlone, after_all_stations: memoryTogether },
    targets: first.targets,
  };
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
