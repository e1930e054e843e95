import { connect, type Socket } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emulatedService, type EmulatedService } from '../support/emulated-service.ts';
import { eventually, ManualClock } from '../support/manual-clock.ts';
import { pairDevice, startWebHost, type WebHost } from '../support/till-web-host.ts';

// Finding (issue 18): about 20,000 idle connections without a session from
// one LAN host made the till refuse its own screens. Here with small limits
// and a few hundred sockets; the other LAN hosts are 127.0.0.2… (Linux
// routes all of 127/8 to this machine).

const LIMITS = { maxUnauthenticatedPerAddress: 20, maxUnauthenticated: 60, handshakeTimeoutMs: 10_000, idleTimeoutMs: 30_000 };

let service: EmulatedService;
let web: WebHost;
let clock: ManualClock;
const flood: { socket: Socket; closed: boolean }[] = [];

beforeEach(async () => {
  clock = new ManualClock();
  service = await emulatedService({ seed: 19 });
  web = await startWebHost(service, { pairing: true, clock, limits: LIMITS });
  // Node's own keep-alive timer (real time) must not close what this test expects the till's idle timeout to close.
  web.server.http.keepAliveTimeout = 10 * 60_000;
});
afterEach(async () => {
  flood.splice(0).forEach(({ socket }) => socket.destroy());
  await web.close();
  await service.close();
});

/** Opens `count` sockets from `from` that send nothing (or `first` and then nothing); resolves once each has connected or been closed. */
async function openSockets(from: string, count: number, first?: string): Promise<{ socket: Socket; closed: boolean }[]> {
  const [host, port] = web.base.split(':');
  const opened = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<{ socket: Socket; closed: boolean }>((resolve) => {
          const entry = { socket: connect({ host, port: Number(port), localAddress: from }), closed: false };
          entry.socket.on('error', () => {});
          entry.socket.once('close', () => {
            entry.closed = true;
            resolve(entry);
          });
          entry.socket.once('connect', () => {
            if (first) entry.socket.write(first);
            resolve(entry);
          });
        }),
    ),
  );
  flood.push(...opened);
  return opened;
}

const stillOpen = (sockets: { closed: boolean }[]) => sockets.filter((s) => !s.closed).length;

describe('connections without a session are limited', () => {
  it('refuses a flood beyond its share and in total, while the manager and a paired device still connect and call the till', async () => {
    const managerCookie = await web.managerCookie();
    const deviceCookie = await pairDevice(web);

    // 200 idle sockets from one host: it keeps 20, the rest are closed.
    const oneHost = await openSockets('127.0.0.2', 200);
    await eventually('the flood beyond 20 closed', () => stillOpen(oneHost) === LIMITS.maxUnauthenticatedPerAddress, 15_000);

    // 200 more from ten hosts: together they never hold more than 60.
    const manyHosts = (await Promise.all(Array.from({ length: 10 }, (_, i) => openSockets(`127.0.0.${10 + i}`, 20)))).flat();
    await eventually('the flood held to 60 in all', () => stillOpen([...oneHost, ...manyHosts]) <= LIMITS.maxUnauthenticated, 15_000);

    // The till's own screens still get in and call the till API, with the total full.
    const manager = await web.connect({ origin: web.origin, cookie: managerCookie });
    expect((await manager.api.session()).paired).toBe(false);
    const device = await web.connect({ origin: web.origin, cookie: deviceCookie });
    expect(await device.api.search({ query: 'latte', limit: 1 })).toEqual([]);
    const page = await fetch(`http://${web.base}/`, { headers: { cookie: deviceCookie } });
    expect(page.status).toBe(200);

    // More of the flood still cannot pile up.
    const more = await openSockets('127.0.0.30', 40);
    await eventually('the second wave held too', () => stillOpen(more) <= LIMITS.maxUnauthenticatedPerAddress, 15_000);
    await eventually('the total held', () => stillOpen([...oneHost, ...manyHosts, ...more]) <= LIMITS.maxUnauthenticated, 15_000);
    expect((await manager.api.session()).paired).toBe(false);
  });

  it('closes a socket that never finishes its request at the handshake deadline, and one without a session left idle', async () => {
    const managerCookie = await web.managerCookie();
    const manager = await web.connect({ origin: web.origin, cookie: managerCookie });

    const silent = await openSockets('127.0.0.2', 5);
    const slow = await openSockets('127.0.0.3', 3, `GET / HTTP/1.1\r\nHost: ${web.base}\r\n`); // headers never finished
    const answered = await openSockets('127.0.0.4', 1, `GET / HTTP/1.1\r\nHost: ${web.base}\r\n\r\n`);
    let reply = '';
    answered[0]!.socket.on('data', (chunk: Buffer) => (reply += chunk.toString()));
    await eventually('the 401 page', () => reply.includes('</html>'));
    expect(reply).toMatch(/^HTTP\/1\.1 401/);

    clock.advance(LIMITS.handshakeTimeoutMs - 1);
    expect(stillOpen([...silent, ...slow, ...answered])).toBe(9);
    clock.advance(1);
    await eventually('silent and slow sockets closed', () => stillOpen([...silent, ...slow]) === 0);
    // The answered one is now only idle: it has the idle timeout from its answer.
    expect(answered[0]!.closed).toBe(false);
    clock.advance(LIMITS.idleTimeoutMs);
    await eventually('the idle socket closed', () => answered[0]!.closed);

    // A session's socket has no such deadline.
    clock.advance(10 * LIMITS.idleTimeoutMs);
    expect((await manager.api.session()).paired).toBe(false);
  });
});

describe('behind a TLS proxy', () => {
  it("does not limit the proxy's loopback address one by one (it carries every client), only the total", async () => {
    await web.close();
    web.db.close();
    web = await startWebHost(service, { pairing: true, behindProxy: true, extraOrigins: ['https://till.shop.lan'], clock, limits: LIMITS });
    const proxied = await openSockets('127.0.0.1', 40);
    await eventually('40 sockets from the proxy connected', () => proxied.every((s) => s.socket.readyState === 'open' || s.closed));
    expect(stillOpen(proxied)).toBe(40);
    const beyond = await openSockets('127.0.0.1', 40);
    await eventually('the total held', () => stillOpen([...proxied, ...beyond]) === LIMITS.maxUnauthenticated, 15_000);
  });
});
