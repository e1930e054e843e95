import Database from 'better-sqlite3';
import type { WebSocket } from 'ws';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TillApi } from '../../../src-shared/api/index.ts';
import { emulatedService, type EmulatedService } from '../../support/emulated-service.ts';
import { runPos } from '../../support/run-pos.ts';
import { browserStation, signedInManager, standbyCode, startServeHub, type ServeHub } from '../../support/serve-hub.ts';
import { ensureShift } from '../stations/station-branch.ts';

// Issue 36, "every order reaches the service exactly once", for the orders an
// old hub sold alone, over real processes. A hub signed in to the service
// sells one order with its standby (uploaded), then the standby goes and the
// hub sells two alone (answered: the cashier was told they succeeded) while
// the service refuses every upload (500), so they are in its file only,
// pending. The hub dies; a manager promotes the standby, which sells its own.
// The old hub restarted rejoins as the new hub's standby: its file is set
// aside as FILE.before-rejoin-epoch-2 and replaced by the new hub's snapshot,
// which never had the two. `pos doctor --db` and `pos outbox` say two wait
// there; once the service takes uploads again, the machine that holds the
// set-aside file uploads them from there with its own token, and the service
// received every order of the branch exactly once (none of the new hub's, nor
// the one uploaded before, sent from the set-aside file).

let service: EmulatedService;
const hubs: ServeHub[] = [];
const sockets: WebSocket[] = [];

beforeEach(async () => {
  service = await emulatedService({ seed: 53 });
});
afterEach(async () => {
  sockets.splice(0).forEach((s) => s.terminate());
  await Promise.all(hubs.splice(0).map((h) => h.stop()));
  await service.close();
});

const start = async (file: string, args: string[] = []) => {
  const hub = await startServeHub(file, args);
  hubs.push(hub);
  return hub;
};

const pairStatus = async (file: string) =>
  JSON.parse((await runPos(['standby', '--db', file, 'status', '--json'])).stdout) as {
    role: string;
    live: { hub: { standby_connected: boolean; standby_set_aside: { orders_waiting: number | null } | null } | null } | null;
  };

function orders(file: string): { uuid: string; number: string }[] {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return db.prepare('SELECT uuid, number FROM orders ORDER BY seq').all() as { uuid: string; number: string }[];
  } finally {
    db.close();
  }
}

async function sell(api: TillApi): Promise<string> {
  const [product] = (await api.search({ query: 'a', limit: 50 })).filter((p) => p.price !== null && !p.requires_choice);
  const cart = await api.addItem({ product_id: product!.id, quantity: 1 });
  return (await api.checkout({ payments: [{ method_key: 'CASH', amount: cart.total }] })).uuid;
}

/** The service refuses every upload (orders and records: `POST …/sync` answers 500), or takes them again. */
function refuseUploads(refuse: boolean): void {
  service.emulator.faults = { ...service.emulator.faults, failPages: refuse ? ['sync:1'] : [] };
}

describe('the orders an old hub sold alone', () => {
  it('are uploaded from its set-aside file by the machine that holds it, each once, said by pos doctor and pos outbox', { timeout: 300_000 }, async () => {
    const hubFile = service.dir.file('hub.db');
    const standbyFile = service.dir.file('standby.db');
    const setAside = `${hubFile}.before-rejoin-epoch-2`;
    expect((await runPos(['settings', '--db', hubFile, 'set', 'hub.standby_ack_seconds', '600'])).code).toBe(0);
    const hub = await start(hubFile);
    const { manager, huda, first } = await signedInManager(hub, service.emulator, sockets);
    let standby = await start(standbyFile, ['--standby-of', hub.origin, '--code', await standbyCode(manager)]);
    await expect.poll(async () => (await pairStatus(hubFile)).live?.hub?.standby_connected, { timeout: 60_000 }).toBe(true);

    // With the standby: one sale, uploaded by the hub.
    await ensureShift(manager);
    const withStandby = await sell(manager);
    await expect.poll(() => service.emulator.orders.has(withStandby), { timeout: 60_000 }).toBe(true);

    // The standby goes; the hub answers alone, and the service refuses its uploads: two sales told "paid", in its file only.
    const standbyPort = new URL(standby.origin).port;
    await standby.stop();
    await expect.poll(async () => (await pairStatus(hubFile)).live?.hub?.standby_connected, { timeout: 30_000 }).toBe(false);
    refuseUploads(true);
    const alone = [await sell(manager), await sell(manager)];
    const aloneNumbers = orders(hubFile)
      .filter((o) => alone.includes(o.uuid))
      .map((o) => o.number);
    const died = new Promise((done) => hub.child.once('exit', done));
    hub.child.kill('SIGKILL');
    await died;
    expect(alone.some((uuid) => service.emulator.orders.has(uuid))).toBe(false);

    // A manager promotes the standby (epoch 2); it sells its own, which it uploads once the service takes uploads.
    expect((await runPos(['standby', '--db', standbyFile, 'promote'])).code).toBe(0);
    standby = await start(standbyFile, ['--port', standbyPort]);
    const counter = await browserStation(standby, first.code, sockets);
    await counter.unlock({ cashier_id: huda.id, pin: '2468' });
    await ensureShift(counter);
    const newHubs = await sell(counter);
    expect(orders(standbyFile).map((o) => o.uuid)).not.toContain(alone[0]);

    // The old hub restarted rejoins as the new hub's standby; its log says which orders it sold alone and that they go from its old copy.
    const old = await start(hubFile);
    expect((await pairStatus(hubFile)).role).toBe('standby');
    expect(old.log()).toContain(`among them 2 order(s) this till sold while it answered alone (numbers ${aloneNumbers.join(', ')}, kept:`);
    expect(old.log()).not.toContain('never answered to a screen nor uploaded');
    expect(orders(hubFile).map((o) => o.uuid)).not.toContain(alone[0]);

    // While the service refuses: pos doctor and pos outbox say two wait in the set-aside file, with their numbers.
    const waitingLine = `Orders: 2 order(s) this till sold alone before it rejoined (${aloneNumbers.join(', ')}) wait to be uploaded in ${setAside}`;
    expect((await runPos(['doctor', '--db', hubFile])).stdout).toContain(waitingLine);
    expect((await runPos(['outbox', '--db', hubFile])).stdout).toContain(waitingLine);
    const json = JSON.parse((await runPos(['outbox', '--db', hubFile, '--json'])).stdout) as { set_aside: { file: string; waiting: number }[] };
    expect(json.set_aside.map((s) => [s.file, s.waiting])).toEqual([[setAside, 2]]);
    // The new hub's Stations tab hears it from its standby over the stream.
    await expect.poll(async () => (await pairStatus(standbyFile)).live?.hub?.standby_set_aside?.orders_waiting, { timeout: 30_000 }).toBe(2);

    // The service takes uploads again: the machine that holds the set-aside file uploads them from there, by itself.
    refuseUploads(false);
    await expect.poll(() => alone.every((uuid) => service.emulator.orders.has(uuid)), { timeout: 240_000 }).toBe(true);
    await expect.poll(() => service.emulator.orders.has(newHubs), { timeout: 240_000 }).toBe(true);
    expect((await runPos(['doctor', '--db', hubFile])).stdout).toContain(
      `Orders: ${setAside} (set aside by a rejoin): none of its orders waits to be uploaded`,
    );
    await expect.poll(async () => (await pairStatus(standbyFile)).live?.hub?.standby_set_aside?.orders_waiting, { timeout: 30_000 }).toBe(0);

    // Each order of the branch reached the service exactly once: no order was sent twice, from either file.
    const arrivals = service.emulator.orderArrivals;
    for (const uuid of [withStandby, ...alone, newHubs])
      expect(
        arrivals.filter((a) => a === uuid),
        uuid,
      ).toHaveLength(1);
    expect(new Set(service.emulator.orders.keys())).toEqual(new Set([withStandby, ...alone, newHubs]));
    // They keep the numbers the old hub gave them.
    expect(alone.map((uuid) => service.emulator.orders.get(uuid)!.order.number)).toEqual(aloneNumbers);
  });
});
