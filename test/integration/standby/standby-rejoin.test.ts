import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import type { WebSocket } from 'ws';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emulatedService, type EmulatedService } from '../../support/emulated-service.ts';
import { runPos } from '../../support/run-pos.ts';
import { browserStation, signedInManager, standbyCode, startServeHub, type ServeHub } from '../../support/serve-hub.ts';
import { ensureShift } from '../stations/station-branch.ts';

// Issue 36, the old hub comes back, over real processes: a hub signed in to
// the service and its standby; the standby stops answering (SIGSTOP) while
// a sale is committed on the hub (its checkout waits for the standby and is
// never answered), the hub is SIGKILLed, then the standby, which is promoted
// by a manager and started again. The old
// hub restarted on its file never starts as a writer: it proves it is the
// other machine of the pair with the rejoin key in its secrets file (no new
// code), keeps its old copy aside, takes the new hub's snapshot and follows
// it. The unanswered sale was never uploaded and is not on the new hub (the
// standby was killed before it read it); the rejoin keeps it in the old copy
// as refused (never answered: not uploaded from there either, unlike a sale
// the hub answered alone: standby-set-aside-orders.test.ts); at the end the
// service holds exactly the new hub's orders.

let service: EmulatedService;
const hubs: ServeHub[] = [];
const sockets: WebSocket[] = [];

beforeEach(async () => {
  service = await emulatedService({ seed: 39 });
});
afterEach(async () => {
  sockets.splice(0).forEach((s) => s.terminate());
  for (const h of hubs) if (h.child.exitCode === null && h.child.signalCode === null) h.child.kill('SIGCONT');
  await Promise.all(hubs.splice(0).map((h) => h.stop()));
  await service.close();
});

interface Status {
  role: string;
  epoch: number;
  peer_url: string | null;
  live: { role: string; hub: { standby_connected: boolean; standby_url: string | null; lag_changes: number; lag_ms: number } | null } | null;
}
const status = async (file: string) => JSON.parse((await runPos(['standby', '--db', file, 'status', '--json'])).stdout) as Status;
const orderUuids = (file: string) => {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare('SELECT uuid FROM orders').all() as { uuid: string }[]).map((o) => o.uuid);
  } finally {
    db.close();
  }
};

describe('an old hub that comes back', () => {
  it('rejoins as the standby of the new hub by itself, and its unanswered sale reaches neither the new hub nor the service', { timeout: 240_000 }, async () => {
    const hubFile = service.dir.file('hub.db');
    const standbyFile = service.dir.file('standby.db');
    expect((await runPos(['settings', '--db', hubFile, 'set', 'hub.standby_ack_seconds', '600'])).code).toBe(0);
    let hub = await startServeHub(hubFile);
    hubs.push(hub);
    const { manager, huda, first } = await signedInManager(hub, service.emulator, sockets);
    await ensureShift(manager);
    const [product] = (await manager.search({ query: 'a', limit: 50 })).filter((p) => p.price !== null && !p.requires_choice);
    let standby = await startServeHub(standbyFile, ['--standby-of', hub.origin, '--code', await standbyCode(manager)]);
    hubs.push(standby);
    await expect.poll(async () => (await status(hubFile)).live?.hub?.standby_connected, { timeout: 60_000 }).toBe(true);

    // A sale the standby acknowledged: told "paid", uploaded by the hub.
    const cart = await manager.addItem({ product_id: product!.id, quantity: 1 });
    const acknowledged = await manager.checkout({ payments: [{ method_key: 'CASH', amount: cart.total }] });
    await expect.poll(() => service.emulator.orders.has(acknowledged.uuid), { timeout: 60_000 }).toBe(true);

    // The standby stops answering; a sale committed now on the hub waits for it and is never answered.
    const again = await manager.addItem({ product_id: product!.id, quantity: 2 });
    standby.child.kill('SIGSTOP');
    const unanswered = manager.checkout({ payments: [{ method_key: 'CASH', amount: again.total }] }).then(
      () => 'answered',
      () => 'refused',
    );
    // The hub has committed it (its oldest unacknowledged change has waited a second) …
    await expect
      .poll(async () => (await status(hubFile)).live?.hub, { timeout: 120_000 })
      .toSatisfy((h) => h !== null && h !== undefined && h.lag_changes > 0 && h.lag_ms >= 1_000);
    const trailing = orderUuids(hubFile).filter((uuid) => uuid !== acknowledged.uuid);
    expect(trailing).toHaveLength(1);
    // … and has not uploaded it (the uploader waits for the standby as the answer does).
    expect(service.emulator.orders.has(trailing[0]!)).toBe(false);
    const died = new Promise((done) => hub.child.once('exit', done));
    hub.child.kill('SIGKILL');
    await died;
    expect(await unanswered).toBe('refused');
    // The standby dies too before it reads what the hub sent it last (SIGKILL while stopped: the bytes in its socket are lost),
    // so the unanswered sale is on the old hub only. (Read instead, it would be on the new hub, and uploaded once from there.)
    const standbyDied = new Promise((done) => standby.child.once('exit', done));
    standby.child.kill('SIGKILL');
    await standbyDied;

    // A manager's decision: the standby's file becomes the hub (epoch 2), served again at the same address.
    expect((await runPos(['standby', '--db', standbyFile, 'promote'])).code).toBe(0);
    standby = await startServeHub(standbyFile, ['--port', new URL(standby.origin).port]);
    hubs.push(standby);
    expect(await status(standbyFile)).toMatchObject({ role: 'hub', epoch: 2 });

    // Nobody with a guess rejoins: a proof not made with the pair's key is refused.
    const { nonce } = (await (await fetch(`${standby.origin}/standby/rejoin`)).json()) as { nonce: string };
    const guess = await fetch(`${standby.origin}/standby/rejoin`, { method: 'POST', body: JSON.stringify({ nonce, proof: '0'.repeat(64) }) });
    expect(guess.status).toBe(401);

    // The old hub restarted on its file: it is the new hub's standby before it serves anything.
    hub = await startServeHub(hubFile);
    hubs.push(hub);
    expect(await status(hubFile)).toMatchObject({ role: 'standby', epoch: 2, peer_url: standby.origin });
    await expect.poll(async () => (await status(standbyFile)).live?.hub?.standby_connected, { timeout: 60_000 }).toBe(true);
    expect((await status(standbyFile)).live?.hub?.standby_url).toBe(hub.origin);
    const doctor = await runPos(['doctor', '--db', hubFile]);
    expect(doctor.stdout).toContain('Role: standby, epoch 2');
    expect(doctor.stdout).toContain(`Hub: ${standby.origin}`);
    // Its unanswered sale is gone from the file it serves, kept only in the old copy set aside.
    expect(orderUuids(hubFile)).not.toContain(trailing[0]);
    expect(orderUuids(standbyFile)).not.toContain(trailing[0]);
    expect(existsSync(`${hubFile}.before-rejoin-epoch-2`)).toBe(true);
    expect(orderUuids(`${hubFile}.before-rejoin-epoch-2`)).toContain(trailing[0]);
    // The old hub, a standby, refuses a sale, naming the hub.
    const old = await browserStation(hub, first.code, sockets);
    await expect(old.unlock({ cashier_id: huda.id, pin: '2468' })).rejects.toMatchObject({ reason: { code: 'standby.notHub' } });

    // The new hub sells; the rejoined standby has the sale.
    const counter = await browserStation(standby, first.code, sockets);
    await counter.unlock({ cashier_id: huda.id, pin: '2468' });
    await ensureShift(counter);
    const later = await counter.addItem({ product_id: product!.id, quantity: 1 });
    const sold = await counter.checkout({ payments: [{ method_key: 'CASH', amount: later.total }] });
    expect(orderUuids(hubFile)).toContain(sold.uuid);

    // The old copy set aside still holds the unanswered sale, kept as refused by the till (never uploaded: the cashier was
    // not told "paid"), and the rejoin's log says so; nothing of the set-aside file waits to be uploaded.
    expect(hub.log()).toContain('1 order(s) (numbers ');
    expect(hub.log()).toContain(
      'were never answered to a screen (committed while it waited for its standby, which took over without them): they are never uploaded',
    );
    expect((await runPos(['outbox', '--db', `${hubFile}.before-rejoin-epoch-2`])).stdout).toContain('pending 0, synced 1, rejected 1');
    expect((await runPos(['doctor', '--db', hubFile])).stdout).toContain(
      `Orders: ${hubFile}.before-rejoin-epoch-2 (set aside by a rejoin): none of its orders waits to be uploaded`,
    );
    // The new hub signed in (its token is its own: docs/standby.md): the service holds exactly its orders, each once.
    const sync = await runPos(['sync', '--db', standbyFile, '--base-url', service.emulator.baseUrl, '--token', service.emulator.token, '--json']);
    expect(sync.code, sync.stderr).toBe(0);
    expect(new Set(service.emulator.orders.keys())).toEqual(new Set(orderUuids(standbyFile)));
    expect(service.emulator.orders.has(trailing[0]!)).toBe(false);
  });
});
