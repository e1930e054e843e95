import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TillApi } from '../../../src-shared/api/index.ts';
import { MESSAGES_AR, MESSAGES_EN } from '../../../src-shared/i18n/index.ts';
import { readAudit } from '../../../src-main/host/index.ts';
import { emulatedService, type EmulatedService } from '../../support/emulated-service.ts';
import { runPos } from '../../support/run-pos.ts';
import { pairDevice, startWebHost, type WebHost } from '../../support/till-web-host.ts';
import { refusal } from '../../support/refusal.ts';

// Issue 20: a cashier works at one station at a time, and a sign-in lives
// in the hub. Sara's tablet B went flat while she was signed in: every other
// station refused her until the hub restarted. A manager's approval at the
// station she stands at now (audited) signs her out of B and in there; so
// does `pos cashiers release` from another process while the hub runs. Her
// open shift at B and B's cart stay.

const PINS = { huda: '2468', sara: '1357' } as const;

let service: EmulatedService;
let web: WebHost;

beforeEach(async () => {
  service = await emulatedService({ seed: 31 });
  web = await startWebHost(service, { dbName: 'hub.db', pairing: true });
});
afterEach(async () => {
  await web.close();
  await service.close();
});

/** Huda (manager) on the manager screen, Sara signed in on tablet B with B's drawer open and one item in B's cart, then B's screen dies. */
async function saraLeftOnDeadTablet() {
  const manager = (await web.connect({ origin: web.origin, cookie: await web.managerCookie() })).api;
  await manager.signIn({ base_url: service.emulator.baseUrl, token: service.emulator.token });
  const huda = await manager.addCashier({ name: 'Huda', role: 'manager', pin: PINS.huda });
  const sara = await manager.addCashier({ name: 'Sara', role: 'cashier', pin: PINS.sara });
  const cookieB = await pairDevice(web);
  const tabletB = await web.connect({ origin: web.origin, cookie: cookieB });
  await tabletB.api.unlock({ cashier_id: sara.id, pin: PINS.sara });
  const shiftB = await tabletB.api.openShift({ float: 5_000 });
  const product = (await manager.search({ query: 'a', limit: 200 }))
    .filter((p) => !p.requires_choice)
    .slice(0, 20)
    .find((p) => p.price !== null)!;
  const cartB = await tabletB.api.addItem({ product_id: product.id, quantity: 2 });
  // The tablet went flat: its socket is gone, the hub still has Sara signed in at B.
  tabletB.close();
  const tabletC: TillApi = (await web.connect({ origin: web.origin, cookie: await pairDevice(web) })).api;
  return { manager, huda, sara, cookieB, shiftB, cartB, tabletC };
}

describe('a cashier locked out by a dead screen', () => {
  it('a manager’s PIN at the new station signs her out of the dead one and in here, audited; her shift and that cart stay', async () => {
    const { sara, cookieB, shiftB, cartB, tabletC } = await saraLeftOnDeadTablet();

    // Refused at C, and the refusal says what to do, in both languages.
    const refused = await refusal(tabletC.unlock({ cashier_id: sara.id, pin: PINS.sara }));
    expect(refused.code).toBe('locked');
    expect(refused.reason).toEqual({ code: 'cashier.signedInElsewhere', params: { name: 'Sara', station: shiftB.station } });
    expect(refused.message).toContain('pos cashiers release Sara');
    expect(MESSAGES_EN['reason.cashier.signedInElsewhere']).toMatch(/manager can sign \{name\} out there/);
    expect(MESSAGES_AR['reason.cashier.signedInElsewhere']).toContain('المدير');
    expect(MESSAGES_AR['reason.cashier.signedInElsewhere']).toContain('{station}');

    // The approval sheet asks first: a manager's PIN is needed for the release, and only for it.
    expect(await tabletC.approvalCheck({ method: 'unlock', input: { cashier_id: sara.id, release: true } })).toMatchObject({
      need: 'pin',
      action: 'release-cashier',
    });
    expect(await tabletC.approvalCheck({ method: 'unlock', input: { cashier_id: sara.id } })).toMatchObject({ need: 'none' });

    // Without a manager, or with a wrong PIN, nothing is released.
    const noPin = await refusal(tabletC.unlock({ cashier_id: sara.id, pin: PINS.sara, release: true }));
    expect([noPin.code, noPin.reason?.code]).toEqual(['not_allowed', 'approval.needed']);
    const wrongManager = await refusal(tabletC.unlock({ cashier_id: sara.id, pin: PINS.sara, release: true, approval: { manager_pin: '9999' } }));
    expect(wrongManager.reason?.code).toBe('approval.wrong_pin');
    // A manager's PIN does not stand in for Sara's own.
    const wrongOwn = await refusal(tabletC.unlock({ cashier_id: sara.id, pin: '0000', release: true, approval: { manager_pin: PINS.huda } }));
    expect(wrongOwn.code).toBe('wrong_pin');
    expect((await refusal(tabletC.unlock({ cashier_id: sara.id, pin: PINS.sara }))).reason?.code).toBe('cashier.signedInElsewhere');

    // Huda's PIN: Sara is signed out of B and in at C.
    const state = await tabletC.unlock({ cashier_id: sara.id, pin: PINS.sara, release: true, approval: { manager_pin: PINS.huda } });
    expect(state.cashier?.id).toBe(sara.id);
    expect(state.released_from).toBe(shiftB.station);
    const audit = readAudit(web.db, { limit: 20 }).filter((row) => row.action === 'release-cashier');
    // Newest first: this release done (naming the station), its approval, the one whose sign-in then failed on Sara's PIN
    // (audited as a refused sign-in too), the wrong PIN, none.
    expect(audit.map((row) => [row.outcome, row.approved_by])).toEqual([
      ['done', expect.stringContaining('manager Huda (PIN)')],
      ['approved', expect.stringContaining('manager Huda (PIN)')],
      ['approved', expect.stringContaining('manager Huda (PIN)')],
      ['refused', null],
      ['refused', null],
    ]);
    expect(audit[0]!.detail).toBe(`Sara (${sara.id}) signed out of station ${shiftB.station} and in here`);
    expect(audit[1]!.detail).toContain(sara.id);

    // B's screen comes back: locked, its cart and Sara's open shift as they were.
    const tabletB = (await web.connect({ origin: web.origin, cookie: cookieB })).api;
    const atB = await tabletB.staffState();
    expect(atB.cashier).toBeNull();
    expect(atB.shift?.id).toBe(shiftB.id);
    expect(await tabletB.cart()).toMatchObject({ lines: cartB.lines, total: cartB.total });
    expect((await refusal(tabletB.checkout({ payments: [{ method_key: 'CASH', amount: cartB.total }] }))).code).toBe('locked');
    // C sells into its own drawer only: Sara's shift is B's, so C has none.
    expect((await tabletC.staffState()).shift).toBeNull();
  });

  it('`pos cashiers release` in another process signs her out of the running hub’s stations', { timeout: 180_000 }, async () => {
    const { sara, cookieB, cartB, tabletC } = await saraLeftOnDeadTablet();
    expect((await refusal(tabletC.unlock({ cashier_id: sara.id, pin: PINS.sara }))).reason?.code).toBe('cashier.signedInElsewhere');

    const released = await runPos(['cashiers', '--db', service.dir.file('hub.db'), 'release', 'Sara']);
    expect(released.stderr).toBe('');
    expect(released.code).toBe(0);
    expect(released.stdout).toContain('Sara is signed out of every station');
    // By id too, and an unknown one is refused.
    expect((await runPos(['cashiers', '--db', service.dir.file('hub.db'), 'release', sara.id])).code).toBe(0);
    const unknown = await runPos(['cashiers', '--db', service.dir.file('hub.db'), 'release', 'Nobody']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('no cashier named "Nobody"');

    // No approval needed now: she is signed in nowhere.
    expect((await tabletC.unlock({ cashier_id: sara.id, pin: PINS.sara })).cashier?.id).toBe(sara.id);
    const tabletB = (await web.connect({ origin: web.origin, cookie: cookieB })).api;
    expect((await tabletB.staffState()).cashier).toBeNull();
    expect((await tabletB.cart()).lines).toEqual(cartB.lines);
    const audit = readAudit(web.db, { limit: 5 }).filter((row) => row.action === 'release-cashier');
    expect(audit.map((row) => row.who)).toEqual(['pos cashiers (command line)', 'pos cashiers (command line)']);
  });
});
