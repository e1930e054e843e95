import { describe, expect, it } from 'vitest';
import { readAudit } from '../../../src-main/host/index.ts';
import { pairDevice, typePairingCode } from '../../support/till-web-host.ts';
import { refusal } from '../../support/refusal.ts';
import { pairingHubPerTest } from '../../support/pairing-hub.ts';

// Issue 20, the Stations tab's pairing code and "use on this screen" through
// the till API (no fetch of the host's own routes, which the Electron window
// could not make): the host's manager-only checks stand, over a real
// WebSocket to a real `pos serve` host that pairs devices.

const MANAGER_PIN = '2468';
const hub = pairingHubPerTest(22);

/** Types `code` into the host's real /pair form as a tablet; its session cookie. */
async function typeOnTablet(code: string): Promise<string> {
  const paired = await typePairingCode(hub.web, code);
  expect(paired.status).toBe(303);
  return paired.headers.get('set-cookie')!.split(';')[0]!;
}

describe('pairing codes through the till API', () => {
  it('the manager’s screen makes a code for station B that pairs a tablet as B, at the address tablets reach', async () => {
    const manager = await hub.managerScreen();
    // No code before the till has a manager: the refusal says why.
    const early = await refusal(manager.pairingCode({ station: 'A' }));
    expect(early).toMatchObject({ code: 'not_allowed', reason: { code: 'station.noManagerYet' } });
    await manager.addCashier({ name: 'Huda', role: 'manager', pin: MANAGER_PIN });
    await manager.addStation({ name: 'Counter B', code: 'B' });

    const made = await manager.pairingCode({ station: 'b' });
    expect(made).toMatchObject({ station: 'B', address: hub.web.origin });
    expect(made.code).toMatch(/^\d{6}$/);
    expect(made.expires_at).toBeGreaterThan(Date.now());
    const tablet = (await hub.web.connect({ origin: hub.web.origin, cookie: await typeOnTablet(made.code) })).api;
    expect(await tablet.thisStation()).toMatchObject({ code: 'B', name: 'Counter B' });

    // A station that does not exist gets no code.
    expect(await refusal(manager.pairingCode({ station: 'Q' }))).toMatchObject({ code: 'not_found', reason: { code: 'station.unknown' } });
  });

  it('a paired device cannot make a code, whatever PIN it sends; nor can a cashier signed in on the manager’s screen', async () => {
    const managerCookie = await hub.web.managerCookie();
    const manager = await hub.managerScreen(managerCookie);
    await manager.addCashier({ name: 'Huda', role: 'manager', pin: MANAGER_PIN });
    const sara = await manager.addCashier({ name: 'Sara', role: 'cashier', pin: '1357' });
    const device = (await hub.web.connect({ origin: hub.web.origin, cookie: await pairDevice(hub.web) })).api;
    const api = device as unknown as Record<string, (input: unknown) => Promise<unknown>>;
    const fromDevice = await refusal(api['pairingCode']!({ station: 'A', approval: { manager_pin: MANAGER_PIN } }));
    expect(fromDevice).toMatchObject({ code: 'not_allowed', reason: { code: 'approval.screen' } });
    expect(readAudit(hub.web.db)[0]).toMatchObject({ method: 'pairingCode', action: 'branch-settings', outcome: 'refused' });
    expect(readAudit(hub.web.db)[0]!.who).toMatch(/^paired device /);

    // Sara, a cashier, at the manager's own screen: a manager's PIN is needed, and none came.
    const counter = await hub.managerScreen(managerCookie);
    await counter.unlock({ cashier_id: sara.id, pin: '1357' });
    const fromCashier = await refusal(counter.pairingCode({ station: 'A' }));
    expect(fromCashier).toMatchObject({ code: 'not_allowed', reason: { code: 'approval.needed' } });
    expect(readAudit(hub.web.db)[0]).toMatchObject({ method: 'pairingCode', outcome: 'refused' });
    // The tablet the refused calls could have paired: no code was issued, so nothing pairs.
    expect(hub.web.access.pairing!.active()).toBe(false);
  });

  it('a manager’s browser makes itself station B, keeps it on reconnecting and, by its cookie, after a restart', async () => {
    const manager = await hub.managerScreen();
    await manager.addCashier({ name: 'Huda', role: 'manager', pin: MANAGER_PIN });
    await manager.addStation({ name: 'Counter B', code: 'B' });
    // Huda leaves the first browser (A) for a second one: a cashier works at one station at a time.
    await manager.lock();
    const cookie = await hub.web.managerCookie();
    const browser = await hub.managerScreen(cookie);
    await browser.unlock({ cashier_id: (await browser.cashiers())[0]!.id, pin: MANAGER_PIN });
    // A second browser is a station of its own (issue 32), not the first one's A.
    expect((await browser.thisStation()).code).toBe('C');
    // No station Q to choose.
    expect(await refusal(browser.useStation({ code: 'Q' }))).toMatchObject({ code: 'not_found', reason: { code: 'station.unknown' } });
    expect(await browser.useStation({ code: 'B' })).toMatchObject({ code: 'B', name: 'Counter B' });
    // The same connection is B from its next call on (its own cart and cashier: Huda signs in there anew); a new one (a reload) too.
    expect((await browser.thisStation()).code).toBe('B');
    expect((await (await hub.managerScreen(cookie)).thisStation()).code).toBe('B');
    // The reload's page carries the choice in a cookie for the next launches.
    const page = await fetch(`http://${hub.web.base}/`, { headers: { cookie } });
    const stationCookie = page.headers.get('set-cookie')!.split(';')[0]!;
    expect(stationCookie).toBe('till_station=B');
    // A paired device chooses none.
    const device = (await hub.web.connect({ origin: hub.web.origin, cookie: await pairDevice(hub.web) })).api;
    const paired = (await device.thisStation()).code;
    expect(await refusal(device.useStation({ code: 'B' }))).toMatchObject({ code: 'not_allowed' });
    expect((await device.thisStation()).code).toBe(paired);

    await hub.restart();
    const fresh = await hub.web.managerCookie();
    expect((await (await hub.managerScreen(`${fresh}; ${stationCookie}`)).thisStation()).code).toBe('B');
  });
});
