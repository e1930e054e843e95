import { createServer } from 'node:net';
import type { WebSocket } from 'ws';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { followHub, HubFinder, readWhere, type TillConnection } from '../../../src-renderer/transport/index.ts';
import { emulatedService, type EmulatedService } from '../../support/emulated-service.ts';
import { runPos } from '../../support/run-pos.ts';
import { managerSession, screenAt, signedInManager, standbyCode, startServeHub, type ServeHub } from '../../support/serve-hub.ts';
import { ensureShift } from '../stations/station-branch.ts';

// Issue 36, stations move on their own, over real processes: two tablets
// paired at the hub (their cookies are device credentials kept, hashed, in
// the replicated database) learn the standby's address from the hub's
// /standby/where while it lives. The hub is SIGKILLed; the tablets' own
// connect function (the renderer's transport: HubFinder + followHub, as
// TillState reconnects) finds the standby by itself, with the same cookie;
// their screens there give the standby its majority, it takes over, and the
// cart a tablet had on the hub is there.

const FAILOVER_SECONDS = 2;
let service: EmulatedService;
const hubs: ServeHub[] = [];
const sockets: WebSocket[] = [];

beforeEach(async () => {
  service = await emulatedService({ seed: 361 });
});
afterEach(async () => {
  sockets.splice(0).forEach((s) => s.terminate());
  await Promise.all(hubs.splice(0).map((h) => h.stop()));
  await service.close();
});

function freePort(): Promise<number> {
  return new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

/** A `pos serve` on loopback that pairs devices (behind a "proxy" at its own address, so codes are on). */
async function start(file: string, args: string[] = []): Promise<ServeHub> {
  const port = await freePort();
  const hub = await startServeHub(file, ['--port', String(port), '--behind-proxy', '--origin', `http://127.0.0.1:${port}`, ...args]);
  hubs.push(hub);
  return hub;
}

/** A tablet typing a code from the manager's screen into the hub's /pair form: its device cookie. */
async function pairTablet(hub: ServeHub, manager: string): Promise<string> {
  const made = await fetch(`${hub.origin}/pair/code?format=json`, { headers: { cookie: manager } });
  const { code } = (await made.json()) as { code: string };
  const paired = await fetch(`${hub.origin}/pair`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: hub.origin },
    body: `code=${code}`,
    redirect: 'manual',
  });
  expect(paired.status).toBe(303);
  return paired.headers.get('set-cookie')!.split(';')[0]!;
}

/** The WebSocket a tablet's page opens at `origin`, with the renderer's own transport over it. */
const openAt = (cookie: string) => (origin: string) => screenAt(origin, cookie, sockets);

const askWhere = async (origin: string) => {
  try {
    const answer = await fetch(`${origin}/standby/where`, { signal: AbortSignal.timeout(1_000) });
    return answer.ok ? readWhere(await answer.json()) : null;
  } catch {
    return null;
  }
};

/** Calls `connect` as TillState does after a loss (again and again until a connection opens). */
async function reconnect(connect: () => Promise<TillConnection>): Promise<TillConnection> {
  for (;;) {
    try {
      return await connect();
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

async function retry<T>(attempt: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      return await attempt();
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

describe('a station follows its hub to the standby', () => {
  it('learns the standby at its hub, finds it by itself when the hub dies, and its cart is there', { timeout: 180_000 }, async () => {
    const hubFile = service.dir.file('hub.db');
    expect((await runPos(['settings', '--db', hubFile, 'set', 'hub.failover_seconds', String(FAILOVER_SECONDS)])).code).toBe(0);
    // A slow standby on a loaded machine is never dropped (the cart would then be on the hub alone): no race with its acknowledgements.
    expect((await runPos(['settings', '--db', hubFile, 'set', 'hub.standby_ack_seconds', '600'])).code).toBe(0);
    const hub = await start(hubFile);
    const cookie = await managerSession(hub);
    const { manager } = await signedInManager(hub, service.emulator, sockets);
    const sara = await manager.addCashier({ name: 'Sara', role: 'cashier', pin: '1357' });
    const products = (await manager.search({ query: 'a', limit: 20 })).filter((p) => p.price !== null).map((p) => p.id);

    // The standby, paired with the manager's standby code.
    const code = await standbyCode(manager);
    const standby = await start(service.dir.file('standby.db'), ['--standby-of', hub.origin, '--code', code]);

    // Two tablets, each its own station, connected through the follower the renderer uses.
    const tabletCookies: string[] = [];
    const tablets: { finder: HubFinder; connect: () => Promise<TillConnection>; link: TillConnection }[] = [];
    for (let i = 0; i < 2; i++) {
      const finder = new HubFinder(hub.origin, askWhere);
      tabletCookies.push(await pairTablet(hub, cookie));
      const connect = followHub(finder, openAt(tabletCookies[i]!));
      tablets.push({ finder, connect, link: await connect() });
    }
    const first = tablets[0]!.link.api;
    await first.unlock({ cashier_id: sara.id, pin: '1357' });
    await ensureShift(first);
    const cart = await first.addItem({ product_id: products[0]!, quantity: 2 });
    // Each learnt the standby's address from the hub (after it connected there).
    for (const t of tablets)
      await expect.poll(async () => (await t.finder.refresh(), t.finder.addresses), { timeout: 30_000 }).toEqual([hub.origin, standby.origin]);
    expect(tablets[0]!.finder.epoch).toBe(1);
    // The Stations tab's status, through the till API: the manager's screen reads it; a paired device is refused.
    expect(await manager.standbyStatus()).toMatchObject({ role: 'hub', epoch: 1, hub: hub.origin, standby: standby.origin, connected: true });
    await expect(first.standbyStatus()).rejects.toMatchObject({ code: 'not_allowed' });
    // A paired device is a cashier, never a peer: no standby code, no snapshot (its cookie is no stream token, nor is a guess).
    await expect(first.standbyCode()).rejects.toMatchObject({ code: 'not_allowed' });
    const guess = { cookie: tabletCookies[0]!, authorization: `Bearer ${'0'.repeat(64)}` };
    expect((await fetch(`${hub.origin}/standby/snapshot`, { headers: guess })).status).toBe(401);

    const died = new Promise((done) => hub.child.once('exit', done));
    hub.child.kill('SIGKILL');
    await died;

    // Each tablet reconnects by itself, with its own cookie: to the standby, which takes over once both are there.
    const moved = await Promise.all(tablets.map((t) => reconnect(t.connect)));
    for (const t of tablets) expect(t.finder.hub).toBe(standby.origin);
    const api = moved[0]!.api;
    // Sara signs in again (a sign-in is per connection); the cart she had is there.
    await retry(() => api.unlock({ cashier_id: sara.id, pin: '1357' }));
    const there = await api.cart();
    expect(there.lines.map((l) => [l.product_id, l.quantity])).toEqual(cart.lines.map((l) => [l.product_id, l.quantity]));
    const paid = await api.checkout({ payments: [{ method_key: 'CASH', amount: there.total }] });
    expect(paid.total).toBe(cart.total);
    // Asked again, the new hub says the epoch the takeover raised: from now on the old hub (epoch 1) is never followed.
    await tablets[0]!.finder.refresh();
    expect(tablets[0]!.finder.epoch).toBe(2);
  });

  it('never follows a hub with an older epoch than one it has seen', async () => {
    const answers: Record<string, ReturnType<typeof readWhere>> = {
      'http://old:1': { role: 'hub', epoch: 1, hub: 'http://old:1', standby: null },
      'http://new:2': { role: 'hub', epoch: 2, hub: 'http://new:2', standby: null },
    };
    const finder = new HubFinder('http://old:1', async (origin) => answers[origin] ?? null);
    finder.learn('http://old:1', { role: 'fenced', epoch: 2, hub: 'http://new:2', standby: null });
    expect(await finder.next()).toBe('http://new:2');
    // The new hub gone, the old one answering as a hub of epoch 1 is not followed.
    delete answers['http://new:2'];
    expect(await finder.next()).toBeNull();
  });
});
