/**
 * npm run bench:standby — what the standby costs a checkout (issue 36):
 * `pos serve` in its own process and stations reaching it over real
 * WebSockets on loopback (the renderer's transport), ringing up sales with
 * a cashier's think time. First without a standby (the bound), then, in the
 * same run on the same hub, with a standby (`pos serve --standby-of`, a
 * second process) attached: every checkout is answered only once the
 * standby has acknowledged it. Target: checkout p99 with a standby ≤ 1.5x
 * without. The standby's lag (changes and milliseconds not yet
 * acknowledged) is read from the hub's status each 100 ms while the
 * stations sell. Last, the hub is SIGKILLed: the stations come to the
 * standby, and the time from the kill until a station's checkout succeeds
 * there is the failover figure (target: hub.failover_seconds + 5 s).
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { TillApi } from '../src-shared/api/index.ts';
import { createPrng } from '../src-shared/random/index.ts';
import { browserStation, standbyCode, startServeHub } from '../test/support/serve-hub.ts';
import { tempDir } from '../test/support/temp-dir.ts';
import { ms, percentile, REPO, spawnEmulator, writeResults } from './bench-support.ts';

const STATIONS = Number(process.env.BENCH_STATIONS ?? 8);
if (!(STATIONS >= 1 && STATIONS <= 26)) throw new Error('BENCH_STATIONS is 1 to 26: each station is a letter, A to Z');
const SALES_EACH = Number(process.env.BENCH_SALES_EACH ?? 25);
const TAPS_PER_SALE = 3;
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 250);
const FAILOVER_SECONDS = Number(process.env.BENCH_FAILOVER_SECONDS ?? 10);

const pause = (millis: number) => new Promise((resolve) => setTimeout(resolve, millis));
/** Retries `attempt` (a standby refuses until it takes over); a standby that never does fails the bench rather than hanging it. */
async function untilItWorks<T>(attempt: () => Promise<T>, withinMs = (FAILOVER_SECONDS + 60) * 1000): Promise<T> {
  const deadline = performance.now() + withinMs;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (performance.now() > deadline) throw new Error(`the standby did not take over within ${ms(withinMs)} of the hub's death`, { cause: error });
      await pause(100);
    }
  }
}
const round = (value: number) => Number(value.toFixed(2));
const figures = (samples: number[]) => ({
  samples: samples.length,
  p50_ms: round(percentile(samples, 50)),
  p99_ms: round(percentile(samples, 99)),
  max_ms: round(Math.max(...samples)),
});

/** One cashier's sales: taps, then a cash checkout (timed: the round trip, the commit and the standby's acknowledgement included). */
async function ringUp(api: TillApi, products: string[], seed: number, into: number[]): Promise<void> {
  const random = createPrng(seed);
  for (let sale = 0; sale < SALES_EACH; sale++) {
    let total = 0;
    for (let tap = 0; tap < TAPS_PER_SALE; tap++) {
      await pause(random.int(0, 2 * THINK_MS));
      total = (await api.addItem({ product_id: products[random.int(0, products.length - 1)]!, quantity: 1 })).total;
    }
    await pause(random.int(0, 2 * THINK_MS));
    const start = performance.now();
    await api.checkout({ payments: [{ method_key: 'CASH', amount: total }] });
    into.push(performance.now() - start);
  }
}

interface Live {
  hub: { standby_connected: boolean; lag_changes: number; lag_ms: number } | null;
}
function liveOf(file: string): Live | null {
  const db = new Database(file, { readonly: true });
  try {
    const row = db.prepare("SELECT value FROM standby_state WHERE key = 'live'").get() as { value: string } | undefined;
    return row ? (JSON.parse(row.value) as Live) : null;
  } catch {
    return null;
  } finally {
    db.close();
  }
}

const dir = tempDir('till-bench-standby-');
const emulator = await spawnEmulator(['--seed', '36']);
const hubFile = dir.file('hub.db');
// Set on the hub before it starts: the setting replicates to the standby, which decides the takeover by it.
const set = spawnSync(process.execPath, [join(REPO, 'bin/pos.mjs'), 'settings', '--db', hubFile, 'set', 'hub.failover_seconds', String(FAILOVER_SECONDS)]);
if (set.status !== 0) throw new Error(`pos settings failed: ${String(set.stderr)}`);
const hub = await startServeHub(hubFile);
let standby: Awaited<ReturnType<typeof startServeHub>> | null = null;
try {
  const manager = await browserStation(hub);
  await manager.signIn({ base_url: emulator.baseUrl, token: emulator.token });
  const codes = Array.from({ length: STATIONS }, (_, i) => String.fromCharCode(65 + i));
  for (const code of codes.slice(1)) await manager.addStation({ name: `Counter ${code}`, code });
  const stations: TillApi[] = [];
  const cashiers: string[] = [];
  for (let i = 0; i < STATIONS; i++) {
    const cashier = await manager.addCashier({ name: `Cashier ${i + 1}`, role: i === 0 ? 'manager' : 'cashier', pin: String(2000 + i * 7) });
    const api = i === 0 ? manager : await browserStation(hub, codes[i]);
    cashiers.push(cashier.id);
    await api.unlock({ cashier_id: cashier.id, pin: String(2000 + i * 7) });
    if (!(await api.staffState()).shift) await api.openShift({ float: 0 });
    stations.push(api);
  }
  const products = (await manager.search({ query: 'a', limit: 50 })).filter((p) => p.price !== null && !p.requires_choice).map((p) => p.id);

  // 1. No standby: the hub answers alone (the bound).
  const alone: number[] = [];
  await Promise.all(stations.map((api, i) => ringUp(api, products, 100 + i, alone)));

  // 2. The same hub with a standby attached.
  const code = await standbyCode(manager);
  standby = await startServeHub(dir.file('standby.db'), ['--standby-of', hub.origin, '--code', code]);
  while (!liveOf(hubFile)?.hub?.standby_connected) await pause(200);
  const lag = { changes: [] as number[], ms: [] as number[] };
  let selling = true;
  const watch = (async () => {
    while (selling) {
      const live = liveOf(hubFile)?.hub;
      if (live?.standby_connected) {
        lag.changes.push(live.lag_changes);
        lag.ms.push(live.lag_ms);
      }
      await pause(100);
    }
  })();
  const withStandby: number[] = [];
  await Promise.all(stations.map((api, i) => ringUp(api, products, 200 + i, withStandby)));
  selling = false;
  await watch;

  // 3. The hub dies: its stations come to the standby (their screens give it the majority), which takes over; a checkout there.
  const died = new Promise((done) => hub.child.once('exit', done));
  hub.child.kill('SIGKILL');
  const killedAt = performance.now();
  await died;
  const moved = await Promise.all(codes.map((code) => browserStation(standby!, code)));
  const first = moved[1] ?? moved[0]!;
  const at = moved.indexOf(first);
  await untilItWorks(() => first.unlock({ cashier_id: cashiers[at]!, pin: String(2000 + at * 7) }));
  if (!(await first.staffState()).shift) await first.openShift({ float: 0 });
  const cart = await untilItWorks(() => first.addItem({ product_id: products[0]!, quantity: 1 }));
  await first.checkout({ payments: [{ method_key: 'CASH', amount: cart.total }] });
  const failoverMs = performance.now() - killedAt;

  const ratio = percentile(withStandby, 99) / percentile(alone, 99);
  const results = {
    stations: STATIONS,
    think_ms_mean: THINK_MS,
    sales_each: SALES_EACH,
    alone: figures(alone),
    with_standby: figures(withStandby),
    checkout_p99_with_over_without: round(ratio),
    standby_lag: {
      samples: lag.changes.length,
      changes_p99: percentile(lag.changes, 99),
      changes_max: Math.max(0, ...lag.changes),
      ms_p99: round(percentile(lag.ms, 99)),
      ms_max: Math.max(0, ...lag.ms),
    },
    failover: { failover_seconds: FAILOVER_SECONDS, kill_to_checkout_ms: Math.round(failoverMs) },
    targets: { checkout_within_1_5x: ratio <= 1.5, failover_within_seconds_plus_5: failoverMs <= (FAILOVER_SECONDS + 5) * 1000 },
  };
  console.log(`checkout without a standby: p50 ${ms(percentile(alone, 50))}, p99 ${ms(percentile(alone, 99))} (${alone.length})`);
  console.log(`checkout with a standby:    p50 ${ms(percentile(withStandby, 50))}, p99 ${ms(percentile(withStandby, 99))} (${withStandby.length})`);
  console.log(
    `→ p99 ${results.checkout_p99_with_over_without}x (target ≤ 1.5x); standby lag p99 ${results.standby_lag.changes_p99} changes, ${results.standby_lag.ms_p99} ms`,
  );
  console.log(`→ hub SIGKILLed: a checkout succeeded on the standby ${ms(failoverMs)} later (target ≤ hub.failover_seconds ${FAILOVER_SECONDS} s + 5 s)`);
  // Every sale is on the standby too (and the one it took after the takeover).
  await standby.stop();
  await hub.stop();
  const count = (file: string) => {
    const db = new Database(file, { readonly: true });
    const { n } = db.prepare('SELECT count(*) AS n FROM orders').get() as { n: number };
    db.close();
    return n;
  };
  const sales = 2 * STATIONS * SALES_EACH;
  if (count(hubFile) !== sales || count(dir.file('standby.db')) !== sales + 1)
    throw new Error(
      `the hub holds ${count(hubFile)} and the standby ${count(dir.file('standby.db'))} orders for ${sales} sales (the standby one more: its checkout after the takeover)`,
    );
  console.log(`written to ${writeResults('standby', results)}`);
} finally {
  await standby?.stop();
  await hub.stop();
  await emulator.stop();
  dir.cleanup();
}
process.exit(0);
