import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emulatedService, type EmulatedService } from '../support/emulated-service.ts';
import { startWebHost, type WebHost } from '../support/till-web-host.ts';
import { rawRequest } from './raw-frames.ts';

// Finding: any web page the cashier visits could open ws://127.0.0.1:PORT/till
// and call refund; a DNS-rebinding host name got the page and the API too.

let service: EmulatedService;
let web: WebHost;

beforeEach(async () => {
  service = await emulatedService({ seed: 3 });
  web = await startWebHost(service);
});
afterEach(async () => {
  await web.close();
  await service.close();
});

describe("the host admits only the till's own page", () => {
  it("refuses a WebSocket from another site's page, even with a valid session cookie", async () => {
    const cookie = await web.managerCookie();
    await expect(web.rawSocket({ origin: 'https://evil.example', cookie })).rejects.toThrow(/403/);
    await expect(web.rawSocket({ origin: 'null', cookie })).rejects.toThrow(/403/);
    // Same host, other port: another origin.
    await expect(web.rawSocket({ origin: 'http://127.0.0.1:1', cookie })).rejects.toThrow(/403/);
    // And one without any Origin (not a browser page of ours).
    await expect(web.rawSocket({ cookie })).rejects.toThrow(/403/);
  });

  it('refuses a WebSocket from the right origin without a session, on loopback too', async () => {
    await expect(web.rawSocket({ origin: web.origin })).rejects.toThrow(/401/);
    await expect(web.rawSocket({ origin: web.origin, cookie: 'till_session=guessed' })).rejects.toThrow(/401/);
  });

  it('refuses a rebinding host name on pages and on the WebSocket', async () => {
    const cookie = await web.managerCookie();
    const port = web.base.split(':')[1];
    const page = await rawRequest(web.base, '/', { host: `attacker.example:${port}`, cookie });
    expect(page.status).toBe(421);
    expect(page.body).not.toContain('<title>Till</title>');
    const secret = await rawRequest(web.base, web.access.secretPath(), { host: `attacker.example:${port}` });
    expect(secret.status).toBe(421);
    expect(secret.headers['set-cookie']).toBeUndefined();
    // The till's own names still work.
    expect((await rawRequest(web.base, '/', { host: `localhost:${port}`, cookie })).status).toBe(200);
    await expect(web.rawSocket({ origin: `http://attacker.example:${port}`, host: `attacker.example:${port}`, cookie })).rejects.toThrow(/421/);
  });

  it('trades the launch URL for an HttpOnly SameSite=Strict session cookie that is not the secret', async () => {
    const response = await fetch(`http://${web.base}${web.access.secretPath()}?lang=ar`, { redirect: 'manual' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/?lang=ar');
    const cookie = response.headers.get('set-cookie')!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).not.toContain(web.access.sessions.launchSecret);
    const { api } = await web.connect({ origin: web.origin, cookie: cookie.split(';')[0]! });
    expect((await api.session()).paired).toBe(false);
  });

  it('answers no page, asset or demo route without a session', async () => {
    for (const path of ['/', '/index.html', '/assets/index.js', '/demo.json']) {
      const response = await fetch(`http://${web.base}${path}`);
      expect(response.status, path).toBe(401);
      expect(await response.text()).not.toContain('<!doctype html><title>Till</title>');
    }
  });

  it('refuses a cross-site POST even with the session cookie', async () => {
    const cookie = await web.managerCookie();
    const crossSite = await fetch(`http://${web.base}/demo/emulator/stop`, { method: 'POST', headers: { cookie, origin: 'https://evil.example' } });
    expect(crossSite.status).toBe(403);
    const fetchMeta = await fetch(`http://${web.base}/demo/emulator/stop`, { method: 'POST', headers: { cookie, 'sec-fetch-site': 'cross-site' } });
    expect(fetchMeta.status).toBe(403);
  });

  it('throttles guesses at the launch secret', async () => {
    for (let i = 0; i < 5; i++) expect((await fetch(`http://${web.base}/k/guess${i}`, { redirect: 'manual' })).status).toBe(404);
    const locked = await fetch(`http://${web.base}${web.access.secretPath()}`, { redirect: 'manual' });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
