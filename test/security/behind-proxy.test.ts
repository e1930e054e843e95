import type { IncomingMessage } from 'node:http';
import { networkInterfaces } from 'node:os';
import { createServer, request } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clientAddress, CONFLICTING_FORWARDED } from '../../src-main/host/http/index.ts';
import { emulatedService, type EmulatedService } from '../support/emulated-service.ts';
import { runPos, spawnPos } from '../support/run-pos.ts';
import { startWebHost, type WebHost } from '../support/till-web-host.ts';
import { rawRequest } from './raw-frames.ts';

// Finding (issue 18): the README's TLS-proxy setup ran the till on loopback,
// which turned pairing off; every request then came from the proxy's one
// address, so five wrong guesses from anyone locked the real manager out for
// up to an hour; and the session cookie had no `Secure` flag behind https.

const PUBLIC = 'https://till.shop.lan';

let service: EmulatedService;
let web: WebHost;
let clock = 1_000_000;

beforeEach(async () => {
  clock = 1_000_000;
  service = await emulatedService({ seed: 18 });
  web = await startWebHost(service, { pairing: true, behindProxy: true, extraOrigins: [PUBLIC], now: () => clock });
});
afterEach(async () => {
  await web.close();
  await service.close();
});

/** A request as a TLS proxy on this machine passes it on: the public host name, and the client's address appended. */
function viaProxy(client: string, path: string, options: { method?: string; body?: string; cookie?: string } = {}) {
  const headers: Record<string, string> = { host: 'till.shop.lan', 'x-forwarded-for': client, 'x-forwarded-proto': 'https' };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.body !== undefined) Object.assign(headers, { origin: PUBLIC, 'content-type': 'application/x-www-form-urlencoded' });
  return rawRequest(web.base, path, headers, options.method ?? 'GET', options.body === undefined ? {} : { body: options.body });
}

const cookieOf = (answer: { headers: IncomingMessage['headers'] }) => (answer.headers['set-cookie'] ?? [])[0] ?? '';
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('a till behind a TLS proxy', () => {
  it("gives Secure session cookies to browsers on the https origin, and none on the proxy's own http address", async () => {
    const manager = await viaProxy('198.51.100.5', web.access.secretPath());
    expect(manager.status).toBe(303);
    expect(cookieOf(manager)).toMatch(/^till_session=[\w-]+; HttpOnly; SameSite=Strict; Path=\/; Secure$/);
    const { code } = web.access.pairing!.issue();
    const device = await viaProxy('198.51.100.8', '/pair', { method: 'POST', body: `code=${code}` });
    expect(device.status).toBe(303);
    expect(cookieOf(device)).toMatch(/; Secure$/);
    // Straight to the loopback port (a browser on this machine), the cookie could not travel over http if it were Secure.
    const local = await fetch(`http://${web.base}${web.access.secretPath()}`, { redirect: 'manual' });
    expect(local.headers.get('set-cookie')).not.toMatch(/Secure/);
  });

  it('one address guessing the secret and pairing codes locks out only itself', async () => {
    const manager = await viaProxy('198.51.100.5', web.access.secretPath());
    const managerCookie = cookieOf(manager).split(';')[0]!;
    const { code } = web.access.pairing!.issue();

    // A stranger on the Wi-Fi guesses at the launch secret and the pairing code until it is locked out.
    for (let i = 0; i < 5; i++) expect((await viaProxy('203.0.113.66', `/k/guess${i}`)).status).toBe(404);
    expect((await viaProxy('203.0.113.66', web.access.secretPath())).status).toBe(429);
    expect((await viaProxy('203.0.113.66', '/pair', { method: 'POST', body: `code=${wrong(code)}` })).status).toBe(429);

    // The manager's session keeps working, page and API…
    expect((await viaProxy('198.51.100.5', '/', { cookie: managerCookie })).status).toBe(200);
    const { api } = await web.connect({ host: 'till.shop.lan', origin: PUBLIC, 'x-forwarded-for': '198.51.100.5', cookie: managerCookie });
    expect((await api.session()).paired).toBe(false);
    // …the manager opens the secret URL on another screen…
    expect((await viaProxy('198.51.100.6', web.access.secretPath())).status).toBe(303);
    // …and a cashier device pairs with the code the stranger guessed at.
    expect((await viaProxy('198.51.100.8', '/pair', { method: 'POST', body: `code=${code}` })).status).toBe(303);
  });

  it('a client cannot pick its address by forging the header the proxy does not set', async () => {
    // The proxy sets X-Forwarded-For; the client adds a Forwarded header naming someone else each time.
    for (let i = 0; i < 6; i++) {
      const answer = await rawRequest(web.base, `/k/guess${i}`, {
        host: 'till.shop.lan',
        forwarded: `for=192.0.2.${i + 1}`,
        'x-forwarded-for': '203.0.113.66',
      });
      expect(answer.status).toBe(i < 5 ? 404 : 429);
    }
    // Rotating the forged header bought nothing; the honest address is untouched.
    expect((await viaProxy('203.0.113.66', '/k/another')).status).toBe(404);
    expect((await viaProxy('198.51.100.5', web.access.secretPath())).status).toBe(303);
  });
});

describe('which address a request comes from', () => {
  /** A real request to a real server, as it arrives: from `peer` (a loopback or a LAN address) with these headers. */
  async function seen(peer: { listen: string; connect: string }, headers: Record<string, string>, behindProxy: boolean): Promise<string> {
    const server = createServer((req, res) => res.end(clientAddress(req, behindProxy)));
    await new Promise<void>((ready) => server.listen(0, peer.listen, ready));
    const port = (server.address() as { port: number }).port;
    try {
      return await new Promise<string>((resolve, reject) => {
        const req = request({ host: peer.connect, port, headers, agent: false }, (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve(body));
        });
        req.once('error', reject);
        req.end();
      });
    } finally {
      server.close();
    }
  }
  const loopback = { listen: '127.0.0.1', connect: '127.0.0.1' };

  it("trusts the proxy's last entry only from a loopback peer and only with --behind-proxy", async () => {
    expect(await seen(loopback, { 'x-forwarded-for': '10.9.9.9, 198.51.100.5' }, true)).toBe('198.51.100.5');
    expect(await seen(loopback, { forwarded: 'for=10.9.9.9, for="[2001:DB8::7]:4711";proto=https' }, true)).toBe('2001:db8::7');
    expect(await seen(loopback, { forwarded: 'for=198.51.100.5:4711', 'x-forwarded-for': '198.51.100.5' }, true)).toBe('198.51.100.5');
    expect(await seen(loopback, { forwarded: 'for=192.0.2.1', 'x-forwarded-for': '198.51.100.5' }, true)).toBe(CONFLICTING_FORWARDED);
    expect(await seen(loopback, { 'x-forwarded-for': 'not-an-address' }, true)).toBe(CONFLICTING_FORWARDED);
    expect(await seen(loopback, {}, true)).toBe('127.0.0.1');
    expect(await seen(loopback, { 'x-forwarded-for': '198.51.100.5' }, false)).toBe('127.0.0.1');
  });

  const lan = Object.values(networkInterfaces())
    .flat()
    .find((info) => info && info.family === 'IPv4' && !info.internal)?.address;
  it.skipIf(!lan)('never trusts forwarded headers from a peer that is not loopback', async () => {
    const peer = { listen: lan!, connect: lan! };
    expect(await seen(peer, { 'x-forwarded-for': '198.51.100.5', forwarded: 'for=198.51.100.5' }, true)).toBe(lan);
  });
});

describe('pos serve --behind-proxy', () => {
  // Each run starts tsx: slow on a loaded machine, so these two have room.
  it('needs --origin and a loopback bind', { timeout: 180_000 }, async () => {
    const [noOrigin, onLan] = await Promise.all([
      runPos(['serve', '--behind-proxy', '--db', service.dir.file('a.db'), '--renderer', service.dir.file('renderer')]),
      runPos(['serve', '--behind-proxy', '--origin', PUBLIC, '--host', '0.0.0.0', '--db', service.dir.file('b.db')]),
    ]);
    expect(noOrigin.code).toBe(2);
    expect(noOrigin.stderr).toContain('--behind-proxy needs --origin https://NAME');
    expect(onLan.code).toBe(2);
    expect(onLan.stderr).toContain('keeps the till on loopback');
  });

  it('keeps pairing on and prints the addresses to open through the proxy', { timeout: 300_000 }, async () => {
    // Pairing needs a manager to exist (a paired device never makes the first one).
    const added = await runPos(['cashiers', '--db', service.dir.file('c.db'), 'add', 'Mona', '--role', 'manager', '--pin', '2468']);
    expect(added.code, added.stderr).toBe(0);
    const child = spawnPos([
      'serve',
      '--port',
      '0',
      '--db',
      service.dir.file('c.db'),
      '--renderer',
      service.dir.file('renderer'),
      '--origin',
      PUBLIC,
      '--behind-proxy',
    ]);
    try {
      let stdout = '';
      let stderr = '';
      child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const ready = await new Promise<{ url: string; pairing_code: string | null }>((resolve, reject) => {
        child.stdout!.on('data', (chunk: Buffer) => {
          stdout += chunk.toString();
          if (stdout.includes('\n')) resolve(JSON.parse(stdout.split('\n')[0]!) as { url: string; pairing_code: string | null });
        });
        child.once('exit', (code) => reject(new Error(`pos serve exited ${code}: ${stderr}`)));
      });
      expect(ready.pairing_code).toMatch(/^\d{6}$/);
      const url = new URL(ready.url);
      const paired = await rawRequest(
        url.host,
        '/pair',
        { host: 'till.shop.lan', origin: PUBLIC, 'x-forwarded-for': '198.51.100.8', 'content-type': 'application/x-www-form-urlencoded' },
        'POST',
        {
          body: `code=${ready.pairing_code}`,
        },
      );
      expect(paired.status).toBe(303);
      expect(cookieOf(paired)).toMatch(/; Secure$/);
      await expect.poll(() => stderr).toContain(`${PUBLIC}/pair`);
      expect(stderr).toContain(`${PUBLIC}${url.pathname}`);
    } finally {
      child.kill('SIGTERM');
      await new Promise((done) => (child.exitCode !== null ? done(null) : child.once('exit', done)));
    }
  });
});
