/**
 * Bytes a checkout allocates, by function (issue 37): the same two tills as orders.bench.ts (plain, and a copy
 * onboarded for ZATCA phase 2), N sales each after 300 to warm up, under the inspector's sampling heap profiler
 * with the objects minor and major GCs collected counted in. Prints the bytes under TillService.checkout per sale
 * (the cart's filling apart) and its top allocators; writes the profiles to /tmp/till-checkout-alloc/ for a closer
 * look. MODE=gc counts the GCs (by kind) and the CPU of N whole sales instead. Prints only; nothing in bench/results.
 *   N=1000 npx tsx bench/checkout-alloc.ts      MODE=gc N=2000 npx tsx bench/checkout-alloc.ts
 * The sampler names a function by where it starts, and a function TurboFan inlined is its caller's (tsx --no-turbo-inlining).
 */
import { Session } from 'node:inspector';
import { mkdirSync, writeFileSync } from 'node:fs';
import { openDatabase, vacuum } from '../src-main/db/index.ts';
import { pullCatalog } from '../src-main/sync/index.ts';
import { TillService } from '../src-main/host/index.ts';
import { ServiceClient } from '../src-main/upstream/index.ts';
import { tempDir } from '../test/support/temp-dir.ts';
import { hostStamp, onboardForTest, setTestSeller } from '../test/support/zatca-egs.ts';
import { spawnEmulator } from './bench-support.ts';

/** A node of the sampling heap profile, as the inspector gives it. */
interface ProfileNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: ProfileNode[];
}

const N = Number(process.env.N ?? 2000);
const MODE = process.env.MODE ?? 'profile'; // profile | gc
const dir = tempDir('till-alloc-');
const emulator = await spawnEmulator(['--seed', '9']);
try {
  const client = new ServiceClient({ baseUrl: emulator.baseUrl, token: emulator.token });
  const db = openDatabase(dir.file('till.db'));
  await pullCatalog({ client, db });
  const till = new TillService({ db });
  const [first, second] = (await till.search({ query: 'a', limit: 50 })).filter((p) => p.price !== null && !p.requires_choice);
  setTestSeller(db);
  vacuum(db, dir.file('phase2.db'));
  const phase2Db = openDatabase(dir.file('phase2.db'));
  await onboardForTest(phase2Db);
  const phase2Till = new TillService({ db: phase2Db, stampAtCheckout: hostStamp(phase2Db) });
  const fill = async (s: TillService) => {
    await s.addItem({ product_id: first!.id, quantity: 2 });
    return s.addItem({ product_id: second!.id, quantity: 1 });
  };
  for (const s of [till, phase2Till])
    for (let i = 0; i < 300; i++) {
      const c = await fill(s);
      await s.checkout({ payments: [{ method_key: 'CASH', amount: c.total }] });
    }
  const session = new Session();
  session.connect();
  const post = (m: string, p?: object) =>
    new Promise<{ profile: { head: ProfileNode } }>((res, rej) => session.post(m, p ?? {}, (e, r) => (e ? rej(e) : res(r as never))));
  for (const [name, s] of [
    ['plain', till],
    ['phase2', phase2Till],
  ] as const) {
    if (MODE === 'profile') {
      await post('HeapProfiler.startSampling', { samplingInterval: 256, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
      for (let i = 0; i < N; i++) {
        const c = await fill(s);
        await s.checkout({ payments: [{ method_key: 'CASH', amount: c.total }] });
        await new Promise((r) => setImmediate(r));
      }
      const { profile } = await post('HeapProfiler.stopSampling');
      mkdirSync('/tmp/till-checkout-alloc', { recursive: true });
      writeFileSync(`/tmp/till-checkout-alloc/${name}.heapprofile`, JSON.stringify(profile));
      // Sum bytes under any frame named checkout (the TillService call) vs total.
      let total = 0,
        underCheckout = 0;
      const self = new Map<string, number>();
      const walk = (n: ProfileNode, inCheckout: boolean, path: string[]) => {
        const f = n.callFrame;
        const here = inCheckout || f.functionName === 'checkout';
        total += n.selfSize;
        if (here) {
          underCheckout += n.selfSize;
          const key = `${f.functionName || '(anon)'} ${f.url.split('/').slice(-2).join('/')}:${f.lineNumber + 1}`;
          self.set(key, (self.get(key) ?? 0) + n.selfSize);
        }
        for (const c of n.children) walk(c, here, path);
      };
      walk(profile.head, false, []);
      console.log(`${name}: checkout ${(underCheckout / N / 1024).toFixed(1)} KB/sale, whole loop ${(total / N / 1024).toFixed(1)} KB/sale`);
      const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? 25));
      for (const [k, v] of top) console.log(`  ${(v / N).toFixed(0).padStart(7)} B  ${k}`);
    } else {
      // GCs during N sales, counted with a PerformanceObserver; those that began inside a checkout counted apart.
      const { PerformanceObserver } = await import('node:perf_hooks');
      const gcs: { start: number; minor: boolean }[] = [];
      const obs = new PerformanceObserver((l) => {
        for (const e of l.getEntries()) gcs.push({ start: e.startTime, minor: (e as { detail?: { kind?: number } }).detail?.kind === 1 });
      });
      obs.observe({ entryTypes: ['gc'] });
      const checkouts = new Float64Array(2 * N);
      const cpu = process.cpuUsage();
      for (let i = 0; i < N; i++) {
        const c = await fill(s);
        checkouts[2 * i] = performance.now();
        await s.checkout({ payments: [{ method_key: 'CASH', amount: c.total }] });
        checkouts[2 * i + 1] = performance.now();
        await new Promise((r) => setImmediate(r));
      }
      const u = process.cpuUsage(cpu);
      await new Promise((r) => setTimeout(r, 50));
      obs.disconnect();
      const inCheckout = gcs.filter((gc) => {
        for (let i = 0; i < N; i++) if (gc.start >= checkouts[2 * i]! && gc.start <= checkouts[2 * i + 1]!) return true;
        return false;
      });
      const minor = gcs.filter((gc) => gc.minor).length;
      console.log(
        `${name}: ${N} sales: minor GCs ${minor} (${inCheckout.filter((gc) => gc.minor).length} inside a checkout), other ${gcs.length - minor} (${inCheckout.filter((gc) => !gc.minor).length}), CPU of the whole sales ${((u.user + u.system) / 1000).toFixed(0)} ms`,
      );
    }
  }
  db.close();
  phase2Db.close();
} finally {
  await emulator.stop?.();
  dir.cleanup();
}
