import { readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import type { WebSocket } from 'ws';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emulatedService, type EmulatedService } from '../../support/emulated-service.ts';
import { runPos } from '../../support/run-pos.ts';
import { browserStation, signedInManager, standbyCode, startServeHub, type ServeHub } from '../../support/serve-hub.ts';
import { ensureShift } from '../stations/station-branch.ts';

// Issue 36: `pos standby promote`, a manager's decision, on the standby's
// file while both machines run. The running standby takes over (epoch 2);
// the old hub loses its standby, asks it where the hub is, finds the newer
// epoch and refuses every write from then on: one writer. Then, without
// anyone restarting it, it serves its file again at the same address and
// rejoins as the new hub's standby (the pair's rejoin key, no new code).

let service: EmulatedService;
const hubs: ServeHub[] = [];
const sockets: WebSocket[] = [];

beforeEach(async () => {
  service = await emulatedService({ seed: 38 });
});
afterEach(async () => {
  sockets.splice(0).forEach((s) => s.terminate());
  await Promise.all(hubs.splice(0).map((h) => h.stop()));
  await service.close();
});

const status = async (file: string) =>
  JSON.parse((await runPos(['standby', '--db', file, 'status', '--json'])).stdout) as {
    role: string;
    epoch: number;
    live: { hub: { standby_url: string | null } | null } | null;
  };

describe('pos standby promote', () => {
  it('makes the running standby the hub, and the old hub steps down', { timeout: 180_000 }, async () => {
    const hubFile = service.dir.file('hub.db');
    const standbyFile = service.dir.file('standby.db');
    const hub = await startServeHub(hubFile);
    hubs.push(hub);
    const { manager, huda, first } = await signedInManager(hub, service.emulator, sockets);
    const code = await standbyCode(manager);
    const standby = await startServeHub(standbyFile, ['--standby-of', hub.origin, '--code', code]);
    hubs.push(standby);
    expect(await status(standbyFile)).toMatchObject({ role: 'standby', epoch: 1 });
    // The standby takes no sale.
    const early = await browserStation(standby, first.code, sockets);
    await expect(early.unlock({ cashier_id: huda.id, pin: '2468' })).rejects.toMatchObject({ reason: { code: 'standby.notHub' } });
    expect((await runPos(['standby', '--db', hubFile, 'promote'])).code).toBe(1);

    // The old hub has the pair's rejoin key from the pairing, in its secrets file (never in the database).
    expect(JSON.parse(readFileSync(`${hubFile}.secrets.json`, 'utf8'))).toHaveProperty('standby_rejoin_key');
    expect(JSON.parse(readFileSync(`${standbyFile}.secrets.json`, 'utf8')).standby_rejoin_key).toBe(
      JSON.parse(readFileSync(`${hubFile}.secrets.json`, 'utf8')).standby_rejoin_key,
    );
    const promoted = await runPos(['standby', '--db', standbyFile, 'promote']);
    expect(promoted.code, promoted.stderr).toBe(0);
    await expect.poll(async () => (await status(hubFile)).role, { timeout: 60_000 }).toBe('standby');
    expect(await status(standbyFile)).toMatchObject({ role: 'hub', epoch: 2 });
    expect(await status(hubFile)).toMatchObject({ epoch: 2 });
    // The old hub answers at its address as the new hub's standby, naming the hub (what its screens ask), and follows it.
    await expect
      .poll(async () => (await fetch(`${hub.origin}/standby/where`).catch(() => null))?.json(), { timeout: 60_000 })
      .toMatchObject({
        role: 'standby',
        epoch: 2,
        hub: standby.origin,
      });
    await expect.poll(async () => (await status(standbyFile)).live?.hub?.standby_url, { timeout: 60_000 }).toBe(hub.origin);

    // The new hub sells; the old one refuses, naming the new one.
    const counter = await browserStation(standby, first.code, sockets);
    await counter.unlock({ cashier_id: huda.id, pin: '2468' });
    await ensureShift(counter);
    const [product] = (await counter.search({ query: 'a', limit: 50 })).filter((p) => p.price !== null && !p.requires_choice);
    const cart = await counter.addItem({ product_id: product!.id, quantity: 1 });
    const sold = await counter.checkout({ payments: [{ method_key: 'CASH', amount: cart.total }] });
    // The rejoined old hub has the sale (the new hub answered once its standby had it).
    const copy = new Database(hubFile, { readonly: true });
    try {
      expect(copy.prepare('SELECT count(*) AS n FROM orders WHERE uuid = ?').get(sold.uuid)).toEqual({ n: 1 });
    } finally {
      copy.close();
    }
  });
});
