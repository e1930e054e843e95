import { createServer, type Server } from 'node:http';
import { WebSocket } from 'ws';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TillEvent } from '../../../src-shared/api/index.ts';
import { openDatabase, type TillDatabase } from '../../../src-main/db/index.ts';
import { EventHub } from '../../../src-main/host/index.ts';
import { PairNode } from '../../../src-main/standby/index.ts';
import { ManualClock } from '../../support/manual-clock.ts';
import { tempDir } from '../../support/temp-dir.ts';

// Issue 36: a screen hears of a change (a cart, a kitchen ticket, a tab)
// only once the standby has it, as the answer to the call that made it
// waits: otherwise a screen could see a sale the standby never got, and a
// failover would un-happen it. The hub (a PairNode on a real file, behind a
// real HTTP server on loopback) streams to a standby the test plays over a
// real WebSocket, holding its acknowledgements; the manual clock sends no
// heartbeat and drops nobody.

let dir: ReturnType<typeof tempDir>;
let db: TillDatabase;
let server: Server;
let pair: PairNode;
let events: EventHub;
let origin: string;
const sockets: WebSocket[] = [];

beforeEach(async () => {
  dir = tempDir('till-standby-events-');
  db = openDatabase(dir.file('hub.db'));
  pair = new PairNode({
    db,
    openApplier: () => openDatabase(dir.file('hub.db')),
    clock: new ManualClock(),
    snapshotFile: dir.file('hub.db.standby-snapshot'),
    startTill: () => {},
    stopTill: async () => {},
    stationsInUse: () => 0,
    rejoinKey: { get: () => null, set: () => {} },
    log: () => {},
  });
  pair.start();
  events = new EventHub();
  events.holdUntil(() => pair.eventBarrier());
  server = createServer((request, response) => {
    void pair.handle(request, response).then((handled) => handled || response.writeHead(404).end());
  });
  server.on('upgrade', (request, socket, head) => pair.upgrade(request, socket, head, () => {}) || socket.destroy());
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', () => ready()));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterEach(async () => {
  sockets.splice(0).forEach((s) => s.terminate());
  await pair.stop();
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
  db.close();
  dir.cleanup();
});

/** A standby as the test plays it: paired with a manager's code; every batch it receives waits in `batches` until the test acknowledges it. */
async function heldStandby(): Promise<{ next: () => Promise<number>; ack: (seq: number) => void }> {
  const { code } = pair.makeCode();
  const paired = await fetch(`${origin}/standby/pair`, { method: 'POST', body: JSON.stringify({ code }) });
  const { token } = (await paired.json()) as { token: string };
  const socket = new WebSocket(`${origin.replace('http', 'ws')}/standby/stream?from=0`, { headers: { Authorization: `Bearer ${token}` } });
  sockets.push(socket);
  const arrived: number[] = [];
  let wake: (() => void) | null = null;
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as { type: string; up_to?: number };
    if (message.type === 'changes') arrived.push(message.up_to!);
    wake?.();
  });
  await new Promise<void>((open, fail) => socket.once('open', () => open()).once('error', fail));
  await expect.poll(() => pair.status().hub?.standby_connected).toBe(true);
  return {
    next: async () => {
      while (arrived.length === 0) await new Promise<void>((w) => (wake = w));
      return arrived.shift()!;
    },
    ack: (seq) => socket.send(JSON.stringify({ type: 'ack', seq })),
  };
}

const setSetting = (key: string, value: string) => db.prepare('INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)').run(key, JSON.stringify(value));
/** Lets every pending callback and socket read run (no clock: a turn of the event loop). */
const turns = async (n = 20) => {
  for (let i = 0; i < n; i++) await new Promise((r) => setImmediate(r));
};

describe("a hub's events with a standby attached", () => {
  it('go out at once while no standby is attached', () => {
    const heard: TillEvent[] = [];
    events.subscribe((e) => heard.push(e));
    setSetting('test.a', '1');
    events.emit({ type: 'catalog-changed' });
    expect(heard).toEqual([{ type: 'catalog-changed' }]);
  });

  it('are heard only once the standby acknowledged the change they tell of, in order', async () => {
    const standby = await heldStandby();
    const heard: TillEvent[] = [];
    events.subscribe((e) => heard.push(e));

    setSetting('test.a', '1');
    events.emit({ type: 'kitchen', station_id: 1 });
    expect(heard).toEqual([]);
    const first = await standby.next();
    // A change committed and an event emitted while the first waits: it needs its own acknowledgement.
    setSetting('test.b', '2');
    events.emit({ type: 'kitchen', station_id: 2 });
    await turns();
    expect(heard).toEqual([]);

    standby.ack(first);
    await expect.poll(() => heard).toEqual([{ type: 'kitchen', station_id: 1 }]);
    const second = await standby.next();
    expect(second).toBeGreaterThan(first);
    await turns();
    expect(heard).toHaveLength(1);

    standby.ack(second);
    await expect
      .poll(() => heard)
      .toEqual([
        { type: 'kitchen', station_id: 1 },
        { type: 'kitchen', station_id: 2 },
      ]);
    // Nothing new to acknowledge: an event goes out at once.
    events.emit({ type: 'catalog-changed' });
    expect(heard).toHaveLength(3);
  });

  it('emitted inside a transaction, wait for that transaction as committed', async () => {
    const standby = await heldStandby();
    const heard: TillEvent[] = [];
    events.subscribe((e) => heard.push(e));
    db.transaction(() => {
      setSetting('test.c', '3');
      events.emit({ type: 'catalog-changed' });
    })();
    expect(heard).toEqual([]);
    const seq = await standby.next();
    await turns();
    expect(heard).toEqual([]);
    standby.ack(seq);
    await expect.poll(() => heard).toHaveLength(1);
  });
});
