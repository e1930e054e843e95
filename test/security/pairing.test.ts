import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emulatedService, type EmulatedService } from '../support/emulated-service.ts';
import { startWebHost, type WebHost } from '../support/till-web-host.ts';
import { rawRequest } from './raw-frames.ts';

// Finding: the 6-digit pairing code had no attempt limit (3,000 guesses in
// 2.7 s), never expired, and was itself the cookie.

let service: EmulatedService;
let web: WebHost;
let clock = 1_000_000;

beforeEach(async () => {
  clock = 1_000_000;
  service = await emulatedService({ seed: 6 });
  web = await startWebHost(service, { pairing: true, now: () => clock });
});
afterEach(async () => {
  await web.close();
  await service.close();
});

function tryCode(code: string, origin = web.origin) {
  return fetch(`http://${web.base}/pair`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
    body: `code=${code}`,
    redirect: 'manual',
  });
}

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('pairing a device cannot be guessed', () => {
  it('locks an address out after 5 wrong codes, with a growing delay, even for the right code', async () => {
    const { code } = web.access.pairing!.issue();
    for (let i = 0; i < 4; i++) expect((await tryCode(wrong(code))).status).toBe(401);
    const fifth = await tryCode(wrong(code));
    expect(fifth.status).toBe(429);
    const firstWait = Number(fifth.headers.get('retry-after'));
    expect(firstWait).toBeGreaterThan(0);
    expect((await tryCode(code)).status).toBe(429);
    clock += firstWait * 1000;
    const sixth = await tryCode(wrong(code));
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(firstWait);
  });

  it('a code pairs one device once, and its session cookie is not the code', async () => {
    const { code } = web.access.pairing!.issue();
    const paired = await tryCode(code);
    expect(paired.status).toBe(303);
    const cookie = paired.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^till_session=[\w-]{40,}; HttpOnly; SameSite=Strict/);
    expect(cookie).not.toContain(code);
    expect((await tryCode(code)).status).toBe(401);
    const page = await fetch(`http://${web.base}/`, { headers: { cookie: cookie.split(';')[0]! } });
    expect(page.status).toBe(200);
  });

  it('a code expires after 5 minutes', async () => {
    const { code } = web.access.pairing!.issue();
    clock += 5 * 60_000 + 1;
    expect((await tryCode(code)).status).toBe(401);
  });

  // Finding (issue 18): twenty wrong answers from anyone burned the code, so
  // one LAN host could keep every device from pairing.
  it('guesses from one address burn nothing for others: the code is spent only by the device that pairs', async () => {
    const { code } = web.access.pairing!.issue();
    const from = (localAddress: string, presented: string) =>
      rawRequest(web.base, '/pair', { host: web.base, origin: web.origin, 'content-type': 'application/x-www-form-urlencoded' }, 'POST', {
        body: `code=${presented}`,
        localAddress,
      });
    // One address guesses five times (the fifth locks it out), waits, and guesses again…
    for (let i = 0; i < 4; i++) expect((await from('127.0.0.2', wrong(code))).status).toBe(401);
    const locked = await from('127.0.0.2', wrong(code));
    expect(locked.status).toBe(429);
    clock += Number(locked.headers['retry-after']) * 1000;
    const again = await from('127.0.0.2', wrong(code));
    expect(again.status).toBe(429);
    clock += Number(again.headers['retry-after']) * 1000;
    // …and has spent its tries at this code: even the right one no longer pairs it (and counts as one more wrong try).
    expect((await from('127.0.0.2', code)).status).toBe(429);
    // Four more addresses guess four times each (22 wrong answers in all).
    for (let host = 3; host <= 6; host++) for (let i = 0; i < 4; i++) expect((await from(`127.0.0.${host}`, wrong(code))).status).toBe(401);
    // The device at the counter still pairs with the code, once.
    expect((await from('127.0.0.20', code)).status).toBe(303);
    expect((await from('127.0.0.21', code)).status).toBe(401);
  });

  it('refuses a pairing POST from another site', async () => {
    const { code } = web.access.pairing!.issue();
    expect((await tryCode(code, 'https://evil.example')).status).toBe(403);
  });

  it('only the manager screen makes new codes; a paired device cannot', async () => {
    const manager = await web.managerCookie();
    // No code before the till has a manager (paired-device-ceiling.test.ts).
    await (await web.connect({ origin: web.origin, cookie: manager })).api.addCashier({ name: 'Huda', role: 'manager', pin: '4821' });
    const page = await fetch(`http://${web.base}/pair/code`, { headers: { cookie: manager } });
    expect(page.status).toBe(200);
    const code = /(\d{6})/.exec(await page.text())![1]!;
    const device = await tryCode(code);
    expect(device.status).toBe(303);
    const deviceCookie = device.headers.get('set-cookie')!.split(';')[0]!;
    expect((await fetch(`http://${web.base}/pair/code`, { headers: { cookie: deviceCookie } })).status).toBe(403);
  });
});
