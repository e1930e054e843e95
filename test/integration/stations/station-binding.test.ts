import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { STATION_REMOVED_CLOSE } from '../../../src-main/host/http/index.ts';
import { listStations } from '../../../src-main/stations/index.ts';
import { type TillApi } from '../../../src-shared/api/index.ts';
import { TillError } from '../../../src-shared/errors/index.ts';
import { refusal } from '../../support/refusal.ts';
import { pairingHubPerTest } from '../../support/pairing-hub.ts';
import { typePairingCode } from '../../support/till-web-host.ts';

// Issue 20, part 2: a connection is a station of the registry. A device is
// paired as a station and comes back as it after `pos serve` restarts;
// removing a station closes its screens at once and refuses their calls.

const MANAGER_PIN = '2468';
const hub = pairingHubPerTest(21);

/** A code made on the manager's screen for `station`, typed on a device through the real /pair form; the device's cookie. */
async function pairAs(station: string | null): Promise<string> {
  const made = await fetch(`http://${hub.web.base}/pair/code?format=json${station ? `&station=${station}` : ''}`, {
    headers: { cookie: await hub.web.managerCookie() },
  });
  expect(made.status).toBe(200);
  const { code, station: made_for } = (await made.json()) as { code: string; station: string | null };
  // No station named: the device becomes a new one when it pairs (issue 32), never the first counter.
  expect(made_for).toBe(station);
  const paired = await typePairingCode(hub.web, code);
  expect(paired.status).toBe(303);
  expect(paired.headers.get('set-cookie')).toMatch(/Max-Age=\d+/);
  return paired.headers.get('set-cookie')!.split(';')[0]!;
}

async function device(cookie: string): Promise<TillApi> {
  return (await hub.web.connect({ origin: hub.web.origin, cookie })).api;
}

/** A manager (signed in on the manager's screen), a catalog, and station B. */
async function branch() {
  const manager = await hub.managerScreen();
  await manager.signIn({ base_url: hub.service.emulator.baseUrl, token: hub.service.emulator.token });
  await manager.addCashier({ name: 'Huda', role: 'manager', pin: MANAGER_PIN });
  const stations = await manager.addStation({ name: 'Counter B', code: 'B' });
  expect(stations.map((s) => s.code)).toEqual(['A', 'B']);
  const products = (await manager.search({ query: 'a', limit: 200 }))
    .filter((p) => !p.requires_choice)
    .slice(0, 2)
    .map((p) => p.id);
  return { manager, products };
}

describe('a connection is a station of the registry', () => {
  it('two devices paired as a new station and as B keep their station and their carts across a host restart', async () => {
    const { manager, products } = await branch();
    const cookieC = await pairAs(null);
    const cookieB = await pairAs('B');
    const c = await device(cookieC);
    const b = await device(cookieB);
    // A code for no station made a new one (issue 32): never the manager's screen A.
    expect(await c.thisStation()).toMatchObject({ code: 'C', name: 'Counter C' });
    expect(await b.thisStation()).toMatchObject({ code: 'B', name: 'Counter B' });
    expect((await manager.thisStation()).code).toBe('A');

    await b.addItem({ product_id: products[0]!, quantity: 2 });
    await c.addItem({ product_id: products[1]!, quantity: 1 });
    expect((await manager.cart()).lines).toEqual([]);

    // `pos serve` stops and starts again on the same file (a new port, a new launch secret).
    await hub.restart();
    const cAfter = await device(cookieC);
    const bAfter = await device(cookieB);
    expect((await cAfter.thisStation()).code).toBe('C');
    expect((await bAfter.thisStation()).code).toBe('B');
    expect((await bAfter.cart()).lines.map((l) => [l.product_id, l.quantity])).toEqual([[products[0], 2]]);
    expect((await cAfter.cart()).lines.map((l) => [l.product_id, l.quantity])).toEqual([[products[1], 1]]);
  });

  it("a manager's browser is the station its cookie names while no other screen has it; a paired device never moves", async () => {
    await branch();
    // The cookie the Stations tab's "Use on this screen" leaves (pairing-code-api.test.ts chooses through the till API).
    const cookie = await hub.web.managerCookie();
    expect((await (await hub.managerScreen(`${cookie}; till_station=B`)).thisStation()).code).toBe('B');
    // That browser stays B this launch, whatever its cookie says next.
    expect((await (await hub.managerScreen(`${cookie}; till_station=Q`)).thisStation()).code).toBe('B');
    // Another browser naming a station that does not exist, or one another browser has (A, B): a new station of its own (issue 32).
    expect((await (await hub.managerScreen(`${await hub.web.managerCookie()}; till_station=Q`)).thisStation()).code).toBe('C');
    expect((await (await hub.managerScreen(`${await hub.web.managerCookie()}; till_station=A`)).thisStation()).code).toBe('D');
    // The host's old form route is gone: choosing is a till API call.
    const posted = await fetch(`http://${hub.web.base}/station`, {
      method: 'POST',
      headers: { cookie, origin: hub.web.origin, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'code=B',
      redirect: 'manual',
    });
    expect(posted.status).toBe(405);
    // Nor does a paired device's till_station cookie move it, whatever its session says.
    const request = { headers: { cookie: 'till_station=B' } } as IncomingMessage;
    expect(hub.web.access.stationOf(request, { kind: 'paired-device', id: 's-x', address: null, station: 'A' })).toBe('A');
    // One without a station is refused, never made the first counter (issue 32).
    expect(() => hub.web.access.stationOf(request, { kind: 'paired-device', id: 's-y', address: null })).toThrow(
      expect.objectContaining({ reason: { code: 'station.unplaced' } }),
    );
    // B is another browser's this launch: a new one.
    expect(hub.web.access.stationOf(request, { kind: 'manager-session', id: 's-z', address: null })).toBe('E');
  });

  it('removing a station closes its screens at once and refuses their calls, in both languages; other stations go on', async () => {
    const { manager, products } = await branch();
    const cookieB = await pairAs('B');
    const socket = await hub.web.rawSocket({ origin: hub.web.origin, cookie: cookieB });
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    const a = await device(await pairAs(null));

    const left = await manager.removeStation({ code: 'B' });
    expect(left.map((s) => s.code)).toEqual(['A', 'C']);
    expect(await closed).toBe(STATION_REMOVED_CLOSE);

    // The device comes back (a reload): every call is refused with the reason, which the screen words in its language.
    const b = await device(cookieB);
    const refused = await refusal(b.cart());
    expect(refused).toBeInstanceOf(TillError);
    expect(refused).toMatchObject({ code: 'not_allowed', reason: { code: 'station.removed', params: { code: 'B' } } });
    expect(refused?.message).toMatch(/station B was removed/);
    const page = await fetch(`http://${hub.web.base}/`, { headers: { cookie: cookieB } });
    expect(page.status).toBe(403);
    const text = await page.text();
    expect(text).toMatch(/station was removed/);
    expect(text).toMatch(/حُذفت محطة هذا الجهاز/);

    // Station A sells on.
    expect((await a.addItem({ product_id: products[0]!, quantity: 1 })).lines).toHaveLength(1);
    // After a restart the removed station's device is not paired at all; its code is never given again.
    await hub.restart();
    await expect(hub.web.rawSocket({ origin: hub.web.origin, cookie: cookieB })).rejects.toThrow(/401/);
    const managerAgain = await hub.managerScreen();
    await managerAgain.unlock({ cashier_id: (await managerAgain.cashiers())[0]!.id, pin: MANAGER_PIN });
    const again = await refusal(managerAgain.addStation({ name: 'B again', code: 'B' }));
    expect(again?.reason?.code).toBe('station.codeRemoved');
    expect(listStations(hub.web.db).map((s) => s.code)).toEqual(['A', 'C']);
  });

  it('a removed station that had a screen stops no sign-in at the stations left', async () => {
    const { manager, products } = await branch();
    const sara = await manager.addCashier({ name: 'Sara', role: 'cashier', pin: '1357' });
    const b = await device(await pairAs('B'));
    await b.unlock({ cashier_id: sara.id, pin: '1357' });
    await b.addItem({ product_id: products[0]!, quantity: 1 });
    await manager.removeStation({ code: 'B' });
    // Sara was signed in at B, which is gone: she signs in at a new station, and so does anyone else.
    const a = await device(await pairAs(null));
    expect((await a.unlock({ cashier_id: sara.id, pin: '1357' })).cashier?.name).toBe('Sara');
    const huda = (await manager.cashiers()).find((c) => c.name === 'Huda')!;
    expect((await manager.unlock({ cashier_id: huda.id, pin: MANAGER_PIN })).cashier?.name).toBe('Huda');
  });

  it('makes no code for a station that does not exist, and says so', async () => {
    await branch();
    const response = await fetch(`http://${hub.web.base}/pair/code?station=Z`, { headers: { cookie: await hub.web.managerCookie() } });
    expect(response.status).toBe(404);
    expect(await response.text()).toMatch(/no station Z/);
  });
});
