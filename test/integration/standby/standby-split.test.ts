import { createServer, Socket, type Server } from 'node:net';
import type { WebSocket } from 'ws';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emulatedService, type EmulatedService } from '../../support/emulated-service.ts';
import { runPos } from '../../support/run-pos.ts';
import { signedInManager, standbyCode, startServeHub, type ServeHub } from '../../support/serve-hub.ts';
import { ensureShift } from '../stations/station-branch.ts';

// Issue 36, a split: the standby reaches its hub through a link the test
// cuts (a TCP relay), while the hub keeps serving its stations. The standby
// hears nothing for longer than hub.failover_seconds, but no station has
// come to it, so by the rule of docs/standby.md it does not take over: one
// writer only. The hub answers alone and says so (`pos standby status`).

let service: EmulatedService;
const hubs: ServeHub[] = [];
const sockets: WebSocket[] = [];
let relay: Server | null = null;
const relayed = new Set<Socket>();

beforeEach(async () => {
  service = await emulatedService({ seed: 37 });
});
afterEach(async () => {
  sockets.splice(0).forEach((s) => s.terminate());
  await Promise.all(hubs.splice(0).map((h) => h.stop()));
  relay?.close();
  await service.close();
});

/** A TCP relay to `target` (the Host header rewritten, as the hub answers only at its own address); cut() drops every connection. */
async function startRelay(target: URL): Promise<{ origin: string; cut: () => void }> {
  relay = createServer((inbound) => {
    const outbound = new Socket();
    relayed.add(inbound).add(outbound);
    outbound.connect(Number(target.port), target.hostname);
    let first = true;
    inbound.on('data', (chunk: Buffer) => {
      const text = first ? chunk.toString('latin1').replace(/^Host: .*$/im, `Host: ${target.host}`) : null;
      first = false;
      outbound.write(text === null ? chunk : Buffer.from(text, 'latin1'));
    });
    outbound.on('data', (chunk: Buffer) => inbound.write(chunk));
    for (const [a, b] of [
      [inbound, outbound],
      [outbound, inbound],
    ] as const) {
      a.on('error', () => b.destroy());
      a.on('close', () => b.destroy());
    }
  });
  await new Promise<void>((ready) => relay!.listen(0, '127.0.0.1', () => ready()));
  const { port } = relay.address() as { port: number };
  return {
    origin: `http://127.0.0.1:${port}`,
    cut: () => {
      relay?.close();
      for (const socket of relayed) socket.destroy();
    },
  };
}

interface Status {
  role: string;
  epoch: number;
  live: { hub: { answering_alone: boolean } | null; standby: { hub_silent_ms: number; failover_ms: number; waiting_for: string | null } | null } | null;
}
const status = async (file: string) => JSON.parse((await runPos(['standby', '--db', file, 'status', '--json'])).stdout) as Status;

describe('a standby cut off from a hub that still serves its stations', () => {
  it('does not take over: no second writer', { timeout: 180_000 }, async () => {
    const hubFile = service.dir.file('hub.db');
    const standbyFile = service.dir.file('standby.db');
    expect((await runPos(['settings', '--db', hubFile, 'set', 'hub.failover_seconds', '1'])).code).toBe(0);
    const hub = await startServeHub(hubFile);
    hubs.push(hub);
    const { manager } = await signedInManager(hub, service.emulator, sockets);
    await ensureShift(manager);
    const [product] = (await manager.search({ query: 'a', limit: 50 })).filter((p) => p.price !== null && !p.requires_choice);

    const code = await standbyCode(manager);
    const link = await startRelay(new URL(hub.origin));
    const standby = await startServeHub(standbyFile, ['--standby-of', link.origin, '--code', code]);
    hubs.push(standby);
    await expect.poll(async () => (await status(hubFile)).live?.hub?.answering_alone, { timeout: 30_000 }).toBe(false);
    // Without its token, nobody reads the stream or a snapshot.
    expect((await fetch(`${hub.origin}/standby/snapshot`)).status).toBe(401);

    link.cut();
    // The standby has heard nothing for longer than the failover time, and waits for a majority that never comes.
    await expect
      .poll(
        async () => {
          const s = (await status(standbyFile)).live?.standby;
          return s !== null && s !== undefined && s.hub_silent_ms > s.failover_ms && s.waiting_for === 'majority';
        },
        { timeout: 60_000 },
      )
      .toBe(true);
    expect(await status(standbyFile)).toMatchObject({ role: 'standby', epoch: 1 });
    // The hub keeps selling, alone, and says so.
    const cart = await manager.addItem({ product_id: product!.id, quantity: 1 });
    await manager.checkout({ payments: [{ method_key: 'CASH', amount: cart.total }] });
    await expect.poll(async () => (await status(hubFile)).live?.hub?.answering_alone, { timeout: 30_000 }).toBe(true);
    expect((await runPos(['standby', '--db', hubFile, 'status'])).stdout).toContain('the hub answers alone');
  });
});
