import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readAudit } from '../../../src-main/host/index.ts';
import type { TillApi } from '../../../src-shared/till/index.ts';
import { emulatedService, type EmulatedService } from '../../support/emulated-service.ts';
import { pairDevice, startWebHost, type WebHost } from '../../support/till-web-host.ts';
import { refusal } from '../../support/refusal.ts';

// Issue 20, the Stations tab's pairing code and "use on this screen" through
// the till API (no fetch of the host's own routes, which the Electron window
// could not make): the host's manager-only checks stand, over a real
// WebSocket to a real `pos serve` host that pairs devices.

const MANAGER_PIN = '2468';
let service: EmulatedService;
let web: WebHost;

beforeEach(async () => {
  service = await emulatedService({ seed: 22 });
  web = await startWebHost(service, { pairing: true });
});
afterEach(async () => {
  await web.close();
  await service.close();
});

async function managerScreen(cookie?: string): Promise<TillApi> {
  return (await web.connect({ origin: web.origin, cookie: cookie ?? (await web.managerCookie()) })).api;
}

/** Types `code` into the host's real /pair form as a tablet; its session cookie. */
async function typeOnTablet(code: string): Promise<string> {
  const paired = await fetch(`http://${web.base}/pair`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: web.origin },
    body: `code=${code}`,
    redirect: 'manual',
  });
  expect(paired.status).toBe(303);
  return paired.headers.get('set-cookie')!.split(';')[0]!;
}

describe('pairing codes through the till API', () => {
  it('the manager’s screen makes a code for station B that pairs a tablet as B, at the address tablets reach', async () => {
    const manager = await managerScreen();
    // No code before the till has a manager: the refusal says why.
    const early = await refusal(manager.pairingCode({ station: 'A' }));
    expect(early).toMatchObject({ code: 'not_allowed', reason: { code: 'station.noManagerYet' } });
    await manager.addCashier({ name: 'Huda', role: 'manager', pin: MANAGER_PIN });
    await manager.addStation({ name: 'Counter B', code: 'B' });

    const made = await manager.pairingCode({ station: 'b' });
    expect(made).toMatchObject({ station: 'B', address: web.origin });
    expect(made.code).toMatch(/^\d{6}$/);
    expect(made.expires_at).toBeGreaterThan(Date.now());
    const tablet = (await web.connect({ origin: web.origin, cookie: await typeOnTablet(made.code) })).api;
    expect(await tablet.thisStation()).toMatchObject({ code: 'B', name: 'Counter B' });

    // A station that does not exist gets no code.
    expect(await refusal(manager.pairingCode({ station: 'Q' }))).toMatchObject({ code: 'not_found', reason: { code: 'station.unknown' } });
  });

  it('a paired device cannot make a code, whatever PIN it sends; nor can a cashier signed in on the manager’s screen', async () => {
    const manager = await managerScreen();
    await manager.addCashier({ name: 'Huda', role: 'manager', pin: MANAGER_PIN });
    const sara = await manager.addCashier({ name: 'Sara', role: 'cashier', pin: '1357' });
    const device = (await web.connect({ origin: web.origin, cookie: await pairDevice(web, 'A') })).api;
    const api = device as unknown as Record<string, (input: unknown) => Promise<unknown>>;
    const fromDevice = await refusal(api['pairingCode']!({ station: 'A', approval: { manager_pin: MANAGER_PIN } }));
    expect(fromDevice).toMatchObject({ code: 'not_allowed', reason: { code: 'approval.screen' } });
    expect(readAudit(web.db)[0]).toMatchObject({ method: 'pairingCode', action: 'branch-settings', outcome: 'refused' });
    expect(readAudit(web.db)[0]!.who).toMatch(/^paired device /);

    // Sara, a cashier, at the manager's own screen: a manager's PIN is needed, and none came.
    const counter = await managerScreen();
    await counter.unlock({ cashier_id: sara.id, pin: '1357' });
    const fromCashier = await refusal(counter.pairingCode({ station: 'A' }));
    expect(fromCashier).toMatchObject({ code: 'not_allowed', reason: { code: 'approval.needed' } });
    expect(readAudit(web.db)[0]).toMatchObject({ method: 'pairingCode', outcome: 'refused' });
    // The tablet the refused calls could have paired: no code was issued, so nothing pairs.
    expect(web.access.pairing!.active()).toBe(false);
  });

  it('a manager’s browser makes itself station B, keeps it on reconnecting and, by its cookie, after a restart', async () => {
    const manager = await managerScreen();
    await manager.addCashier({ name: 'Huda', role: 'manager', pin: MANAGER_PIN });
    await manager.addStation({ name: 'Counter B', code: 'B' });
    const cookie = await web.managerCookie();
    const browser = await managerScreen(cookie);
    await browser.unlock({ cashier_id: (await browser.cashiers())[0]!.id, pin: MANAGER_PIN });
    expect((await browser.thisStation()).code).toBe('A');
    // No station Q to choose.
    expect(await refusal(browser.useStation({ code: 'Q' }))).toMatchObject({ code: 'not_found', reason: { code: 'station.unknown' } });
    expect(await browser.useStation({ code: 'B' })).toMatchObject({ code: 'B', name: 'Counter B' });
    // The same connection is B from its next call on (its own cart and cashier: Huda signs in there anew); a new one (a reload) too.
    expect((await browser.thisStation()).code).toBe('B');
    expect((await (await managerScreen(cookie)).thisStation()).code).toBe('B');
    // The reload's page carries the choice in a cookie for the next launches.
    const page = await fetch(`http://${web.base}/`, { headers: { cookie } });
    const stationCookie = page.headers.get('set-cookie')!.split(';')[0]!;
    expect(stationCookie).toBe('till_station=B');
    // A paired device chooses none.
    const device = (await web.connect({ origin: web.origin, cookie: await pairDevice(web, 'A') })).api;
    expect(await refusal(device.useStation({ code: 'B' }))).toMatchObject({ code: 'not_allowed' });
    expect((await device.thisStation()).code).toBe('A');

    await web.close();
    web = await startWebHost(service, { pairing: true });
    const fresh = await web.managerCookie();
    expect((await (await managerScreen(`${fresh}; ${stationCookie}`)).thisStation()).code).toBe('B');
  });
});
