import { describe, expect, it } from 'vitest';
import { listStations } from '../../../src-main/stations/index.ts';
import type { TillApi } from '../../../src-shared/api/index.ts';
import { refusal } from '../../support/refusal.ts';
import { pairingHubPerTest } from '../../support/pairing-hub.ts';
import { typePairingCode } from '../../support/till-web-host.ts';

// Issue 32, finding 1: a device paired with a code that named no station (the
// code `pos serve` prints, `/pair/code` without `station=`) became station A,
// the manager's own browser: signed in as her without her PIN, her cart, and
// its lock signed her out. A second `/k/` browser was station A too. Every
// kind of code now makes a screen of its own with nobody signed in, over a
// real `pos serve` host (HTTP and WebSockets on loopback).

const MANAGER_PIN = '2468';
const hub = pairingHubPerTest(32);

/** The manager's browser (its session cookie kept, as a browser keeps it): Mona signed in at A, a line in her cart. */
async function managerAtA() {
  const cookie = await hub.web.managerCookie();
  const manager = await hub.managerScreen(cookie);
  await manager.signIn({ base_url: hub.service.emulator.baseUrl, token: hub.service.emulator.token });
  const mona = await manager.addCashier({ name: 'Mona', role: 'manager', pin: MANAGER_PIN });
  await manager.unlock({ cashier_id: mona.id, pin: MANAGER_PIN });
  await manager.openShift({ float: 10_000 });
  const [product] = await manager.search({ query: 'a', limit: 1 });
  await manager.addItem({ product_id: product!.id, quantity: 2 });
  expect((await manager.thisStation()).code).toBe('A');
  return { cookie, manager, mona };
}

/** `code` typed on a tablet through the real /pair form; the tablet's cookie. */
async function tabletCookie(code: string): Promise<string> {
  const paired = await typePairingCode(hub.web, code);
  expect(paired.status).toBe(303);
  return paired.headers.get('set-cookie')!.split(';')[0]!;
}

/** The screen of a tablet that typed `code` (or holds `cookie`), over a real WebSocket. */
async function pairWith(code: string, cookie?: string): Promise<TillApi> {
  return (await hub.web.connect({ origin: hub.web.origin, cookie: cookie ?? (await tabletCookie(code)) })).api;
}

/** A code from the manager's screen's `/pair/code` (JSON), with `station=` when given. */
async function codeFromManagerScreen(cookie: string, station?: string): Promise<{ code: string; station: string | null }> {
  const made = await fetch(`http://${hub.web.base}/pair/code?format=json${station ? `&station=${station}` : ''}`, { headers: { cookie } });
  expect(made.status).toBe(200);
  return (await made.json()) as { code: string; station: string | null };
}

/**
 * The screen is a station of its own that did not exist before (or the one
 * its code named), nobody is signed in there, it sees none of the manager's
 * cart, and its lock leaves her signed in at A with her cart.
 */
async function expectOwnScreen(screen: TillApi, manager: TillApi, before: string[], named?: string): Promise<string> {
  const station = await screen.thisStation();
  expect(station.code).not.toBe('A');
  if (named) expect(station.code).toBe(named);
  else expect(before).not.toContain(station.code);
  expect((await screen.staffState()).cashier).toBeNull();
  expect((await screen.cart()).lines).toEqual([]);
  await screen.lock();
  expect((await manager.staffState()).cashier?.name).toBe('Mona');
  expect((await manager.cart()).lines).toHaveLength(1);
  expect((await manager.thisStation()).code).toBe('A');
  return station.code;
}

const codes = () => listStations(hub.web.db).map((s) => s.code);

describe('a paired device or a second browser is a screen of its own, never the manager’s', () => {
  it('the code pos serve prints makes a new station when it is typed, with nobody signed in', async () => {
    const { manager } = await managerAtA();
    // What `pos serve` prints: a code for no station in particular.
    const { code } = hub.web.access.pairing!.issue();
    // A code nobody typed leaves no station behind.
    const before = codes();
    expect(before).toEqual(['A']);
    const tablet = await pairWith(code);
    const made = await expectOwnScreen(tablet, manager, before);
    expect(codes()).toEqual(['A', made]);
    expect(listStations(hub.web.db).find((s) => s.code === made)).toMatchObject({ kind: 'counter', name: `Counter ${made}` });
  });

  it('/pair/code without a station, and with station=B, each pair a tablet that is not the manager’s screen', async () => {
    const { cookie, manager } = await managerAtA();
    const page = await fetch(`http://${hub.web.base}/pair/code`, { headers: { cookie } });
    expect(await page.text()).toMatch(/a new station of its own[\s\S]*محطة جديدة/);
    // A new code stops the page's one.
    const unnamed = await codeFromManagerScreen(cookie);
    expect(unnamed.station).toBeNull();
    const before = codes();
    const first = await expectOwnScreen(await pairWith(unnamed.code), manager, before);

    await manager.addStation({ name: 'Counter B', code: first === 'B' ? 'C' : 'B' });
    const named = first === 'B' ? 'C' : 'B';
    const forB = await codeFromManagerScreen(cookie, named);
    expect(forB.station).toBe(named);
    await expectOwnScreen(await pairWith(forB.code), manager, codes(), named);
  });

  it('a code for the station the manager’s browser is, is refused in both languages; nothing pairs into her screen', async () => {
    const { cookie, manager } = await managerAtA();
    const page = await fetch(`http://${hub.web.base}/pair/code?station=A`, { headers: { cookie } });
    expect(page.status).toBe(409);
    expect(await page.text()).toMatch(/already a manager’s screen[\s\S]*شاشة مدير/);
    expect(await refusal(manager.pairingCode({ station: 'A' }))).toMatchObject({ code: 'not_allowed', reason: { code: 'station.hasScreen' } });
    // A code made for A before her browser took it (or by a script) does not pair into it either.
    const { code } = hub.web.access.pairing!.issue('A');
    const typed = await typePairingCode(hub.web, code);
    expect(typed.status).toBe(409);
    expect(typed.headers.get('set-cookie')).toBeNull();
  });

  it('after a restart, the new printed code makes another new station; the devices paired before keep theirs', async () => {
    const { cookie, manager } = await managerAtA();
    const existing = codes();
    const beforeCookie = await tabletCookie(hub.web.access.pairing!.issue().code);
    const beforeCode = await expectOwnScreen(await pairWith('', beforeCookie), manager, existing);
    await hub.restart();
    // Her browser opens the new address (its cookies go along): it is A again, Mona signs in again (a restart forgets sign-ins).
    const again = await fetch(`http://${hub.web.base}${hub.web.access.secretPath()}`, { headers: { cookie }, redirect: 'manual' });
    const managerAgain = await hub.managerScreen(again.headers.get('set-cookie')!.split(';')[0]!);
    expect((await managerAgain.thisStation()).code).toBe('A');
    await managerAgain.unlock({ cashier_id: (await managerAgain.cashiers())[0]!.id, pin: MANAGER_PIN });
    const stationsAfterRestart = codes();
    const tablet = await pairWith(hub.web.access.pairing!.issue().code);
    const made = await expectOwnScreen(tablet, managerAgain, stationsAfterRestart);
    expect(made).not.toBe(beforeCode);
    expect((await (await pairWith('', beforeCookie)).thisStation()).code).toBe(beforeCode);
  });

  it('a second browser that opened the launch address is a station of its own; the same browser opening it again stays A', async () => {
    const { cookie, manager } = await managerAtA();
    const before = codes();
    const second = await hub.managerScreen(await hub.web.managerCookie());
    await expectOwnScreen(second, manager, before);
    // The manager's own browser opens the address again (its session cookie goes along): still A, still Mona, her cart.
    const reopened = await fetch(`http://${hub.web.base}${hub.web.access.secretPath()}`, { headers: { cookie }, redirect: 'manual' });
    const same = await hub.managerScreen(reopened.headers.get('set-cookie')!.split(';')[0]!);
    expect((await same.thisStation()).code).toBe('A');
    expect((await same.staffState()).cashier?.name).toBe('Mona');
    expect((await same.cart()).lines).toHaveLength(1);
  });
});
