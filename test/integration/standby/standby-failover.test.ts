import Database from 'better-sqlite3';
import type { WebSocket } from 'ws';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TillApi } from '../../../src-shared/api/index.ts';
import type { OrderView } from '../../../src-shared/selling/index.ts';
import { emulatedService, type EmulatedService } from '../../support/emulated-service.ts';
import { runPos } from '../../support/run-pos.ts';
import { browserStation, standbyCode, startServeHub, type ServeHub } from '../../support/serve-hub.ts';
import { ensureShift, threeServedStations } from '../stations/station-branch.ts';

// Issue 36 over real processes: a hub (`pos serve`) and its standby
// (`pos serve --standby-of HUB --code N`, the code made on the hub's manager
// screen), three stations selling at once. The hub is SIGKILLed mid-burst:
// the stations come to the standby, which takes over once the hub has been
// silent for hub.failover_seconds (2 here, set on the hub: it replicates)
// with a majority of the stations with it; a checkout succeeds there (how
// soon is measured and reported as an annotation, never asserted: the
// figure is bench:standby's), every order a station was told succeeded
// is there exactly once, and the old hub restarted on its file rejoins as
// the standby and refuses every write, saying where the hub is now.
//
// Nothing here races the clock: hub.standby_ack_seconds is 600, so a slow
// standby on a loaded machine is never dropped (a sale answered alone would
// be missing from it); the test waits on states (sales made, the hub's
// oldest unacknowledged change waiting), never for a fixed time.

const FAILOVER_SECONDS = 2;
let service: EmulatedService;
const hubs: ServeHub[] = [];
const sockets: WebSocket[] = [];

beforeEach(async () => {
  service = await emulatedService({ seed: 36 });
});
afterEach(async () => {
  sockets.splice(0).forEach((s) => s.terminate());
  // A standby stopped by a failed test would not hear SIGTERM.
  for (const h of hubs) if (h.child.exitCode === null && h.child.signalCode === null) h.child.kill('SIGCONT');
  await Promise.all(hubs.splice(0).map((h) => h.stop()));
  await service.close();
});

const start = async (file: string, args: string[] = []) => {
  const hub = await startServeHub(file, args);
  hubs.push(hub);
  return hub;
};

async function status(
  file: string,
): Promise<{ role: string; epoch: number; live: { hub: { standby_connected: boolean; lag_changes: number; lag_ms: number } | null } | null }> {
  const { stdout } = await runPos(['standby', '--db', file, 'status', '--json']);
  return JSON.parse(stdout) as Awaited<ReturnType<typeof status>>;
}

/** Retries `attempt` until it succeeds (a standby refuses until it takes over); the errors on the way are kept. */
async function untilItWorks<T>(attempt: () => Promise<T>, refusals: string[]): Promise<T> {
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      refusals.push(String((error as { reason?: { code?: string } }).reason?.code ?? (error as Error).message));
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

describe('a standby hub', () => {
  it('takes over from a killed hub with every acknowledged order, and the old hub refuses writes', { timeout: 240_000 }, async ({ annotate }) => {
    const hubFile = service.dir.file('hub.db');
    const standbyFile = service.dir.file('standby.db');
    expect((await runPos(['settings', '--db', hubFile, 'set', 'hub.failover_seconds', String(FAILOVER_SECONDS)])).code).toBe(0);
    expect((await runPos(['settings', '--db', hubFile, 'set', 'hub.standby_ack_seconds', '600'])).code).toBe(0);
    const hub = await start(hubFile);
    const { stations, cashiers, pins, products } = await threeServedStations(hub, service, sockets);
    const codes = (await stations[0]!.stations()).map((s) => s.code);
    expect(codes).toHaveLength(3);

    // A wrong code is refused; the manager's code pairs the standby once.
    const code = await standbyCode(stations[0]!);
    const wrong = await fetch(`${hub.origin}/standby/pair`, { method: 'POST', body: JSON.stringify({ code: code === '000000' ? '000001' : '000000' }) });
    expect(wrong.status).toBe(401);
    const standby = await start(standbyFile, ['--standby-of', hub.origin, '--code', code]);
    await expect.poll(async () => (await status(hubFile)).live?.hub?.standby_connected, { timeout: 30_000 }).toBe(true);
    const again = await fetch(`${hub.origin}/standby/pair`, { method: 'POST', body: JSON.stringify({ code }) });
    expect(again.status).toBe(401);

    // Three stations sell at once; each sale told "paid" is recorded with the standby's acknowledgement.
    const told: OrderView[] = [];
    const sell = async (api: TillApi, i: number, round: number) => {
      const cart = await api.addItem({ product_id: products[(i + round) % products.length]!, quantity: 1 + (round % 3) });
      told.push(await api.checkout({ payments: [{ method_key: 'CASH', amount: cart.total }] }));
    };
    for (let round = 0; round < 3; round++) await Promise.all(stations.map((api, i) => sell(api, i, round)));
    // Mid-burst: more sales on their way as the hub dies.
    const burst = stations.map(async (api, i) => {
      for (let round = 3; round < 40; round++) await sell(api, i, round);
    });
    const settled = Promise.allSettled(burst);
    await expect.poll(() => told.length, { timeout: 120_000 }).toBeGreaterThanOrEqual(12);
    // The standby stops answering (SIGSTOP): the sales rung up now wait for its acknowledgement, so none is told
    // "paid" while only the hub has it. The hub dies once its oldest unacknowledged change has waited a second.
    standby.child.kill('SIGSTOP');
    await expect
      .poll(async () => (await status(hubFile)).live?.hub, { timeout: 120_000 })
      .toSatisfy((hubState) => hubState !== null && hubState !== undefined && hubState.lag_changes > 0 && hubState.lag_ms >= 1_000);
    const died = new Promise((done) => hub.child.once('exit', done));
    hub.child.kill('SIGKILL');
    const killedAt = Date.now();
    await died;
    standby.child.kill('SIGCONT');
    await settled;
    expect(told.length).toBeGreaterThanOrEqual(12);

    // The stations come to the standby; it takes over, and a checkout succeeds there.
    const refusals: string[] = [];
    const moved = [
      await browserStation(standby, codes[0], sockets),
      await browserStation(standby, codes[1], sockets),
      await browserStation(standby, codes[2], sockets),
    ];
    const first = moved[1]!;
    await untilItWorks(() => first.unlock({ cashier_id: cashiers[1]!.id, pin: pins[1]! }), refusals);
    await ensureShift(first);
    const cart = await untilItWorks(() => first.addItem({ product_id: products[0]!, quantity: 1 }), refusals);
    const after = await first.checkout({ payments: [{ method_key: 'CASH', amount: cart.total }] });
    // How soon is a figure, not an assertion (a loaded machine may be slower): reported beside the test's result.
    // The target is hub.failover_seconds + 5 s; `npm run bench:standby` measures it on its own.
    const killToCheckout = Date.now() - killedAt;
    await annotate(
      `hub SIGKILLed → a station's checkout succeeded on the standby ${killToCheckout} ms later (target ≤ ${(FAILOVER_SECONDS + 5) * 1000} ms: ${
        killToCheckout <= (FAILOVER_SECONDS + 5) * 1000 ? 'met' : 'missed on this run'
      })`,
      'failover',
    );
    // The failover rule took over (a station was refused as the standby first; nobody promoted it).
    expect(refusals).toContain('standby.notHub');
    expect(await status(standbyFile)).toMatchObject({ role: 'hub', epoch: 2 });

    // Every order a station was told succeeded is on the standby, exactly once; numbers stay unique.
    const db = new Database(standbyFile, { readonly: true });
    try {
      const orders = db.prepare('SELECT uuid, number, business_day FROM orders').all() as { uuid: string; number: string; business_day: string }[];
      const count = new Map<string, number>();
      for (const o of orders) count.set(o.uuid, (count.get(o.uuid) ?? 0) + 1);
      for (const order of [...told, after]) expect(count.get(order.uuid), order.number).toBe(1);
      expect(new Set(orders.map((o) => `${o.business_day} ${o.number}`)).size).toBe(orders.length);
      const outbox = db.prepare('SELECT count(*) AS n FROM outbox').get() as { n: number };
      expect(outbox.n).toBe(orders.length);
    } finally {
      db.close();
    }

    // The outbox moved with the database: a sync of the new hub's file leaves the service holding every order once.
    const sync = await runPos(['sync', '--db', standbyFile, '--base-url', service.emulator.baseUrl, '--token', service.emulator.token, '--json']);
    expect(sync.code, sync.stderr).toBe(0);
    const onStandby = new Database(standbyFile, { readonly: true });
    const uuids = (onStandby.prepare('SELECT uuid FROM orders').all() as { uuid: string }[]).map((o) => o.uuid);
    onStandby.close();
    expect(new Set(service.emulator.orders.keys())).toEqual(new Set(uuids));

    // The old hub, restarted on its file, finds the newer epoch at its standby: it rejoins as the new hub's standby
    // (standby-rejoin.test.ts has the details) and refuses every write, naming the hub.
    const old = await start(hubFile);
    expect(await status(hubFile)).toMatchObject({ role: 'standby', epoch: 2 });
    const oldScreen = await browserStation(old, codes[2], sockets);
    const refused = await oldScreen
      .unlock({ cashier_id: cashiers[2]!.id, pin: pins[2]! })
      .then(() => oldScreen.addItem({ product_id: products[0]!, quantity: 1 }))
      .catch((error: unknown) => error as { reason?: { code: string; params?: { hub?: string } } });
    expect(refused).toMatchObject({ reason: { code: 'standby.notHub', params: { hub: standby.origin } } });
    // It uploaded nothing of its own on the way: the service still holds exactly the new hub's orders.
    expect(new Set(service.emulator.orders.keys())).toEqual(new Set(uuids));
  });
});
