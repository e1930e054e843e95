import type { WebSocket } from 'ws';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emulatedService, type EmulatedService } from '../../support/emulated-service.ts';
import { runPos } from '../../support/run-pos.ts';
import { browserStation, standbyCode, startServeHub, type ServeHub } from '../../support/serve-hub.ts';
import { ensureShift } from '../stations/station-branch.ts';

// Issue 36: `pos standby promote`, a manager's decision, on the standby's
// file while both machines run. The running standby takes over (epoch 2);
// the old hub loses its standby, asks it where the hub is, finds the newer
// epoch and refuses every write from then on: one writer.

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

const status = async (file: string) => JSON.parse((await runPos(['standby', '--db', file, 'status', '--json'])).stdout) as { role: string; epoch: number };

describe('pos standby promote', () => {
  it('makes the running standby the hub, and the old hub steps down', { timeout: 180_000 }, async () => {
    const hubFile = service.dir.file('hub.db');
    const standbyFile = service.dir.file('standby.db');
    const hub = await startServeHub(hubFile);
    hubs.push(hub);
    const manager = await browserStation(hub, undefined, sockets);
    await manager.signIn({ base_url: service.emulator.baseUrl, token: service.emulator.token });
    const huda = await manager.addCashier({ name: 'Huda', role: 'manager', pin: '2468' });
    await manager.unlock({ cashier_id: huda.id, pin: '2468' });
    const [first] = await manager.stations();
    const code = await standbyCode(manager);
    const standby = await startServeHub(standbyFile, ['--standby-of', hub.origin, '--code', code]);
    hubs.push(standby);
    expect(await status(standbyFile)).toMatchObject({ role: 'standby', epoch: 1 });
    // The standby takes no sale.
    const early = await browserStation(standby, first!.code, sockets);
    await expect(early.unlock({ cashier_id: huda.id, pin: '2468' })).rejects.toMatchObject({ reason: { code: 'standby.notHub' } });
    expect((await runPos(['standby', '--db', hubFile, 'promote'])).code).toBe(1);

    const promoted = await runPos(['standby', '--db', standbyFile, 'promote']);
    expect(promoted.code, promoted.stderr).toBe(0);
    await expect.poll(async () => (await status(hubFile)).role, { timeout: 30_000 }).toBe('fenced');
    expect(await status(standbyFile)).toMatchObject({ role: 'hub', epoch: 2 });
    expect(await status(hubFile)).toMatchObject({ epoch: 2 });

    // The new hub sells; the old one refuses, naming the new one.
    const counter = await browserStation(standby, first!.code, sockets);
    await counter.unlock({ cashier_id: huda.id, pin: '2468' });
    await ensureShift(counter);
    const [product] = (await counter.search({ query: 'a', limit: 50 })).filter((p) => p.price !== null && !p.requires_choice);
    const cart = await counter.addItem({ product_id: product!.id, quantity: 1 });
    expect((await counter.checkout({ payments: [{ method_key: 'CASH', amount: cart.total }] })).uuid).toBeTruthy();
    await expect(manager.addItem({ product_id: product!.id, quantity: 1 })).rejects.toMatchObject({
      reason: { code: 'standby.moved', params: { hub: standby.origin } },
    });
  });
});
