import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TillApi, TillEvent } from '../../../src-shared/api/index.ts';
import type { ZatcaStatusView } from '../../../src-shared/zatca/index.ts';
import { q, run } from '../../../src-main/db/index.ts';
import { getSetting } from '../../../src-main/settings/index.ts';
import { emulatedService, type EmulatedService } from '../../support/emulated-service.ts';
import { ManualClock } from '../../support/manual-clock.ts';
import { startWebHost, type WebHost } from '../../support/till-web-host.ts';
import { startZatcaStandIn, type RunningZatcaStandIn } from '../../../emulator/index.ts';
import { onboardForTest, TEST_SELLER, testSigner } from '../../support/zatca-egs.ts';

// The ZATCA tab's methods and the status bar's ZATCA part over the real
// host: a WebSocket, a real SQLite file, real checkouts signed by an
// onboarded EGS, and the host's clock moved by hand.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let service: EmulatedService;
let web: WebHost | undefined;
let clock: ManualClock;
let api: TillApi;
let events: TillEvent[];

/** The host on its own clock; onboarded first (as `pos zatca onboard` leaves a till) when asked, so its secrets file holds the key. */
async function start(options: { at?: number; onboarded?: boolean } = {}): Promise<void> {
  clock = new ManualClock(options.at);
  if (options.onboarded) await onboardForTest(service.open('host.db'));
  web = await startWebHost(service, { clock });
  const connection = await web.connect({ origin: web.origin, cookie: await web.managerCookie() });
  api = connection.api;
  events = [];
  connection.onEvent((event) => events.push(event));
}

/** The last ZATCA status pushed; asked after a call, so every event sent before its answer has arrived. */
async function lastPushed(): Promise<ZatcaStatusView | undefined> {
  await api.zatcaStatus();
  return events.flatMap((event) => (event.type === 'zatca' ? [event.status] : [])).at(-1);
}

async function sellOne(): Promise<string> {
  const [product] = await api.search({ query: 'a', limit: 1 });
  const cart = await api.addItem({ product_id: product!.id, quantity: 1 });
  return (await api.checkout({ payments: [{ method_key: 'CASH', amount: cart.total }] })).uuid;
}

beforeEach(async () => {
  service = await emulatedService({ seed: 22 });
});
afterEach(async () => {
  await web?.close();
  web = undefined;
  await service.close();
});

describe('the status bar’s ZATCA part, pushed on the host’s clock', () => {
  it('warns of the oldest unreported document at 12 h and alarms at 20 h', async () => {
    await start({ onboarded: true });
    await api.signIn({ base_url: service.emulator.baseUrl, token: service.emulator.token });
    expect(await api.zatcaStatus()).toMatchObject({ onboarded: true, unreported: 0, report_level: 'ok', csid_level: 'ok' });
    const sold = clock.now();
    const uuid = await sellOne();
    expect(await lastPushed()).toMatchObject({ onboarded: true, unreported: 1, oldest_unreported_at: sold, report_level: 'ok', oldest_unreported_hours: 0 });

    clock.advance(12 * HOUR - MINUTE);
    expect(await lastPushed()).toMatchObject({ report_level: 'ok', oldest_unreported_hours: 11 });
    clock.advance(MINUTE);
    expect(await lastPushed()).toMatchObject({ report_level: 'warning', oldest_unreported_hours: 12 });
    clock.advance(8 * HOUR - MINUTE);
    expect(await lastPushed()).toMatchObject({ report_level: 'warning', oldest_unreported_hours: 19 });
    clock.advance(MINUTE);
    expect(await lastPushed()).toMatchObject({ report_level: 'alarm', oldest_unreported_hours: 20 });

    // Reported (as the reporting outbox marks it): the next look clears the alarm.
    run(web!.db, q.updateTable('zatca_documents').set({ report_state: 'reported', reported_at: clock.now() }).where('order_uuid', '=', uuid));
    clock.advance(MINUTE);
    expect(await lastPushed()).toMatchObject({ unreported: 0, report_level: 'ok', oldest_unreported_at: null });
  });

  it('warns of the CSID’s expiry from 30 days ahead, not at 31', async () => {
    // The test CA's certificates run two years from a fixed day: learn the end, then start the host 31 days before it.
    const expires = (await testSigner()).signer.certificate.notAfter;
    await start({ at: expires - 31 * DAY, onboarded: true });
    expect(await api.zatcaStatus()).toMatchObject({ onboarded: true, csid_level: 'ok', csid_days_left: 31 });
    clock.advance(DAY - MINUTE);
    expect(await api.zatcaStatus()).toMatchObject({ csid_level: 'ok', csid_days_left: 31 });
    expect(events.filter((event) => event.type === 'zatca')).toEqual([]);
    clock.advance(MINUTE);
    expect(await lastPushed()).toMatchObject({ csid_level: 'warning', csid_days_left: 30 });
    const setup = await api.zatcaSetup();
    expect(setup.status).toMatchObject({ csid_level: 'warning', csid_days_left: 30, csid_expires_at: expires });
  });
});

describe('the ZATCA tab’s methods', () => {
  it('saves the seller’s details as their settings, and refuses a bad CRN or building number naming the field, writing nothing', async () => {
    await start();
    const before = await api.zatcaSetup();
    expect(before.egs).toBeNull();
    expect(before.status).toMatchObject({ onboarded: false, report_level: 'ok', csid_level: 'ok', csid_expires_at: null });
    expect(before.missing).toEqual(expect.arrayContaining(['crn', 'street', 'building', 'district', 'city', 'postal_code']));
    expect(before.can_onboard).toBe(true);

    const seller = {
      seller_name: TEST_SELLER.name,
      vat_number: TEST_SELLER.vatNumber,
      crn: ' 1010010000 ',
      street: 'King Fahd Road',
      building: '1234',
      district: 'Olaya',
      city: 'Riyadh',
      postal_code: '12345',
    };
    const refused = await api
      .saveZatcaSeller({ ...seller, crn: '12345', building: '12a4' })
      .catch((error: unknown) => error as { code: string; issues: { path: string }[] });
    expect(refused).toMatchObject({ code: 'invalid_input' });
    expect((refused as { issues: { path: string }[] }).issues.map((issue) => issue.path).sort()).toEqual(['building', 'crn']);
    expect(getSetting(web!.db, 'seller.street')).toBeNull();

    const saved = await api.saveZatcaSeller(seller);
    expect(saved.seller).toEqual({ ...seller, crn: '1010010000' });
    expect(saved.missing).toEqual([]);
    expect(getSetting(web!.db, 'seller.crn')).toBe('1010010000');
    expect(getSetting(web!.db, 'seller.postal_code')).toBe('12345');

    // Emptied: the setting is removed, and the field is missing again.
    const cleared = await api.saveZatcaSeller({ ...seller, district: '' });
    expect(getSetting(web!.db, 'seller.district')).toBeNull();
    expect(cleared.missing).toEqual(['district']);
  });

  it('shows the EGS unit, its chain and each refused document with ZATCA’s own messages', async () => {
    await start({ onboarded: true });
    await api.signIn({ base_url: service.emulator.baseUrl, token: service.emulator.token });
    await sellOne();
    const refusedUuid = await sellOne();
    run(
      web!.db,
      q
        .updateTable('zatca_documents')
        .set({
          report_state: 'rejected',
          zatca_status: 'NOT_REPORTED',
          // As the reporting outbox keeps ZATCA's validation results (report-queue.ts).
          messages: JSON.stringify({
            info: [],
            warnings: [{ type: 'WARNING', code: 'BR-KSA-08', category: 'KSA', message: 'Seller identification is missing', status: 'WARNING' }],
            errors: [
              { type: 'ERROR', code: 'BR-KSA-37', category: 'KSA', message: 'The seller address building number must contain 4 digits.', status: 'ERROR' },
            ],
          }),
        })
        .where('order_uuid', '=', refusedUuid),
    );
    const setup = await api.zatcaSetup();
    expect(setup.egs).toMatchObject({ environment: 'sandbox', common_name: 'Till-test', next_icv: 3, invoice_types: '0100' });
    expect(setup.egs!.last_hash).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    expect(setup.status).toMatchObject({ onboarded: true, documents: 2, unreported: 1, rejected: 1 });
    expect(setup.rejected).toEqual([
      {
        icv: 2,
        kind: 'invoice',
        number: expect.any(String),
        order_uuid: refusedUuid,
        issued_at: clock.now(),
        messages: [
          { type: 'error', code: 'BR-KSA-37', message: 'The seller address building number must contain 4 digits.' },
          { type: 'warning', code: 'BR-KSA-08', message: 'Seller identification is missing' },
        ],
      },
    ]);
  });

  it('refuses onboarding with a malformed OTP or environment, or before the seller is filled in', async () => {
    await start();
    const badOtp = await api
      .onboardZatca({ environment: 'simulation', otp: '12ab' })
      .catch((error: unknown) => error as { code: string; issues: { path: string }[] });
    expect(badOtp).toMatchObject({ code: 'invalid_input', issues: [{ path: 'otp' }] });
    const badEnv = await api
      .onboardZatca({ environment: 'staging' as 'sandbox', otp: '123456' })
      .catch((error: unknown) => error as { issues: { path: string }[] });
    expect(badEnv).toMatchObject({ issues: [{ path: 'environment' }] });
    // Well-formed, but the seller is not filled in: refused before ZATCA is asked.
    const noSeller = await api.onboardZatca({ environment: 'simulation', otp: '123456' }).catch((error: unknown) => error);
    expect(noSeller).toMatchObject({ code: 'invalid_input', reason: { code: 'zatca.sellerMissing' } });
  });
});

describe('onboarding from the ZATCA tab, against the ZATCA stand-in', () => {
  let zatca: RunningZatcaStandIn;
  const SELLER = {
    seller_name: TEST_SELLER.name,
    vat_number: TEST_SELLER.vatNumber,
    crn: TEST_SELLER.crn,
    street: TEST_SELLER.street,
    building: TEST_SELLER.building,
    district: TEST_SELLER.district,
    city: TEST_SELLER.city,
    postal_code: TEST_SELLER.postalCode,
  };
  const steps = () => events.flatMap((event) => (event.type === 'zatca-onboarding' ? [event.progress] : []));

  beforeEach(async () => {
    zatca = await startZatcaStandIn();
    web = await startWebHost(service, { zatcaUrl: zatca.url });
    const connection = await web.connect({ origin: web.origin, cookie: await web.managerCookie() });
    api = connection.api;
    events = [];
    connection.onEvent((event) => events.push(event));
    await api.saveZatcaSeller(SELLER);
  });
  afterEach(async () => {
    await web?.close();
    web = undefined;
    await zatca.close();
  });

  it('refuses a wrong OTP at the compliance CSID, in both languages, and leaves the till as it was', async () => {
    const refused = (await api.onboardZatca({ environment: 'simulation', otp: '999999' }).catch((error: unknown) => error)) as {
      code: string;
      reason: { code: string; params: { step: string; en: string; ar: string } };
    };
    expect(refused.code).toBe('service_error');
    expect(refused.reason).toMatchObject({ code: 'zatca.refused', params: { step: 'compliance-csid' } });
    expect(refused.reason.params.en).toMatch(/new OTP/);
    expect(refused.reason.params.ar).toMatch(/رمز/);
    expect(steps().at(-1)).toMatchObject({ phase: 'failed', step: 'compliance-csid' });
    expect((await api.zatcaSetup()).egs).toBeNull();
  });

  it('onboards with the portal’s OTP: each step is pushed in order, then the tab and the status show the EGS unit', async () => {
    const setup = await api.onboardZatca({ environment: 'simulation', otp: zatca.otp });
    expect(steps()).toEqual([
      { phase: 'step', step: 'key' },
      { phase: 'step', step: 'compliance-csid' },
      { phase: 'step', step: 'compliance-checks' },
      { phase: 'step', step: 'production-csid' },
      { phase: 'done', environment: 'simulation' },
    ]);
    expect(setup.egs).toMatchObject({ environment: 'simulation', next_icv: 1, invoice_types: '1100' });
    expect(setup.egs!.common_name).toMatch(/^Till-/);
    expect(setup.status).toMatchObject({ onboarded: true, csid_level: 'ok', report_level: 'ok' });
    expect(setup.status.csid_days_left).toBeGreaterThan(30);
    // The status bars heard it too.
    expect(events.filter((event) => event.type === 'zatca').at(-1)).toMatchObject({ status: { onboarded: true } });
  });
});
