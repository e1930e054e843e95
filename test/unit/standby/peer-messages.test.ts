import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { systemClock } from '../../../src-main/clock/index.ts';
import { openDatabase, type TillDatabase } from '../../../src-main/db/index.ts';
import { HubReplication, StandbyFollower } from '../../../src-main/standby/index.ts';
import { tempDir } from '../../support/temp-dir.ts';

// Issue 36: what one machine of a pair reads from the other is read through
// zod schemas (src-main/standby/peer-messages.ts). Over real WebSockets and
// HTTP on loopback, with real SQLite files: a standby refuses a malformed
// batch from its hub (never applied, never acknowledged, the socket closed)
// and says which member was wrong; a hub refuses a malformed acknowledgement
// from its standby (no answer is released by it) and a malformed pairing or
// rejoin body, the same way as before the schemas.

let dir: ReturnType<typeof tempDir>;
let db: TillDatabase;
const closers: (() => Promise<void> | void)[] = [];

beforeEach(() => {
  dir = tempDir('till-peer-');
  db = openDatabase(dir.file('till.db'));
});
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
  db.close();
  dir.cleanup();
});

const listen = (http: Server) =>
  new Promise<string>((ready) => http.listen(0, '127.0.0.1', () => ready(`http://127.0.0.1:${(http.address() as AddressInfo).port}`)));

/** A stand-in hub: a WebSocket server that sends `message` to the standby that connects, and records what comes back. */
async function fakeHub(message: unknown): Promise<{ url: string; heard: string[]; closed: Promise<void> }> {
  const http = createServer();
  const sockets = new WebSocketServer({ server: http });
  const heard: string[] = [];
  let closed!: () => void;
  const done = new Promise<void>((resolve) => (closed = resolve));
  sockets.on('connection', (socket) => {
    socket.on('message', (data) => heard.push(String(data)));
    socket.once('close', () => closed());
    socket.send(JSON.stringify(message));
  });
  const url = await listen(http);
  closers.push(() => new Promise<void>((resolve) => (sockets.close(), http.close(() => resolve()))));
  return { url, heard, closed: done };
}

/** A real follower on the real file, connected to `hubUrl`; answers the reasons it refused. */
function follow(hubUrl: string): { follower: StandbyFollower; refused: string[] } {
  const refused: string[] = [];
  const follower = new StandbyFollower({
    db,
    clock: systemClock,
    hubUrl,
    token: 'a'.repeat(64),
    ownUrl: () => null,
    onHeard: () => {},
    onResnapshot: () => {},
    onApplyFailed: (error) => refused.push(`apply: ${error.message}`),
    onRefused: (reason) => refused.push(reason),
  });
  follower.start();
  closers.push(() => follower.stop());
  return { follower, refused };
}

describe('a standby reading its hub', () => {
  it('refuses a batch whose change has no sequence, naming the member, and neither applies nor acknowledges it', async () => {
    const hub = await fakeHub({ type: 'changes', changes: [{ seq: 'one', tbl: 'orders', op: 'I', old_key: null, row: '{}' }], up_to: 1 });
    const { follower, refused } = follow(hub.url);
    await hub.closed;
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatch(/^message "changes": changes\.0\.seq: /);
    expect(hub.heard.filter((text) => text.includes('"ack"'))).toEqual([]);
    expect(follower.appliedSeq).toBe(0);
  });

  it('refuses a delete that carries a row, and a handover with a secret that is not text, each with its reason', async () => {
    const deletion = await fakeHub({ type: 'changes', changes: [{ seq: 1, tbl: 'orders', op: 'D', old_key: '1', row: '{}' }], up_to: 1 });
    const first = follow(deletion.url);
    await deletion.closed;
    expect(first.refused).toEqual(['message "changes": changes.0: a delete, and only a delete, carries no row']);
    first.follower.stop();

    const handover = await fakeHub({ type: 'handover', secrets: { token: 42 } });
    const second = follow(handover.url);
    await handover.closed;
    expect(second.refused).toHaveLength(1);
    expect(second.refused[0]).toMatch(/^message "handover": secrets\.token: /);
  });

  it('acknowledges a well-formed beat and ignores a message type it does not know', async () => {
    const hub = await fakeHub({ type: 'beat', epoch: 1, head: 0 });
    const { refused } = follow(hub.url);
    await expect.poll(() => hub.heard.some((text) => text === JSON.stringify({ type: 'ack', seq: 0 }))).toBe(true);
    expect(refused).toEqual([]);
  });
});

describe('a hub reading its standby', () => {
  async function hubWithStandby() {
    const refused: string[] = [];
    const hub = new HubReplication({
      db,
      clock: systemClock,
      snapshotFile: dir.file('till.db.standby-snapshot'),
      ackTimeoutMs: () => 600_000,
      rejoinKey: { get: () => null, set: () => {} },
      onRefused: (reason) => refused.push(reason),
    });
    const http = createServer((request, response) => {
      void hub.handle(request, response, new URL(request.url ?? '/', 'http://till').pathname, () => {});
    });
    http.on('upgrade', (request, socket, head) => hub.upgrade(request, socket, head, () => {}));
    const url = await listen(http);
    closers.push(() => new Promise<void>((resolve) => (hub.stop(), http.closeAllConnections(), http.close(() => resolve()))));
    return { hub, url, refused };
  }

  it('refuses a pairing body whose code is not text, and an acknowledgement whose sequence is not a number, with the reason', async () => {
    const { hub, url, refused } = await hubWithStandby();
    const { code } = hub.codes.issue();
    const bad = await fetch(`${url}/standby/pair`, { method: 'POST', body: JSON.stringify({ code: Number(code) }) });
    expect(bad.status).toBe(401);
    // The code was not spent by the malformed body: the well-formed one pairs.
    const paired = await fetch(`${url}/standby/pair`, { method: 'POST', body: JSON.stringify({ code }) });
    expect(paired.status).toBe(200);
    const { token } = (await paired.json()) as { token: string };

    const socket = new WebSocket(`${url.replace('http', 'ws')}/standby/stream?from=0`, { headers: { Authorization: `Bearer ${token}` } });
    closers.push(() => socket.terminate());
    await new Promise((open) => socket.once('open', open));
    socket.send(JSON.stringify({ type: 'ack', seq: 'all of it' }));
    socket.send(JSON.stringify({ type: 'something newer', seq: 1 }));
    await expect.poll(() => refused).toEqual(['message "ack": seq: Invalid input: expected number, received string']);
  });

  it('refuses a rejoin whose proof is not made with the pair’s key', async () => {
    const { url } = await hubWithStandby();
    const { nonce } = (await (await fetch(`${url}/standby/rejoin`)).json()) as { nonce: string };
    const malformed = await fetch(`${url}/standby/rejoin`, { method: 'POST', body: JSON.stringify({ nonce: 7, proof: 'x' }) });
    expect(malformed.status).toBe(401);
    const guessed = await fetch(`${url}/standby/rejoin`, { method: 'POST', body: JSON.stringify({ nonce, proof: '0'.repeat(64) }) });
    expect(guessed.status).toBe(401);
  });
});
