// Onboarding the till's EGS unit against the ZATCA stand-in over real HTTP,
// with a real SQLite file and the secrets file beside it: refusals say what
// to do, a failed compliance check is reported with ZATCA's messages, and a
// successful onboarding signs the next checkout, which the stand-in accepts.
// Renewal keeps the chain.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startZatcaStandIn, type RunningZatcaStandIn } from '../../../emulator/zatca/start-zatca-stand-in.ts';
import { FileSecretStore } from '../../../src-main/secrets/index.ts';
import { documentOfOrder, readEgs } from '../../../src-main/zatca/index.ts';
import { OnboardError, onboardEgs } from '../../../src-main/zatca/onboard-egs.ts';
import { systemClock } from '../../../src-main/clock/index.ts';
import { submitDocument } from '../../../src-main/zatca/report-document.ts';
import { judgeZatcaReply } from '../../../src-main/zatca/reporting-answer.ts';
import { ZatcaApiError } from '../../../src-main/zatca/zatca-api.ts';
import { credentialsOf } from '../../../src-main/zatca/zatca-http.ts';
import { CSID_SECRET } from '../../../src-main/zatca/egs-secrets.ts';
import { FIRST_PREVIOUS_INVOICE_HASH } from '../../../src-shared/zatca/index.ts';
import { openCheckoutShop, type CheckoutShop } from '../../support/checkout-shop.ts';
import { hostStamp, setTestSeller } from '../../support/zatca-egs.ts';
import { posInProcess } from '../../support/pos-in-process.ts';

let zatca: RunningZatcaStandIn;
let shop: CheckoutShop;
let dbFile: string;
// The stand-in's clock: moved to just after each sale before it is reported (the shop sells on a clock of its own, in 2025).
let zatcaNow = Date.now();
beforeAll(async () => {
  zatca = await startZatcaStandIn({ now: () => zatcaNow });
  shop = await openCheckoutShop({ stamp: (db) => hostStamp(db) });
  dbFile = shop.service.dir.file('till.db');
});
afterAll(async () => {
  await shop.close();
  await zatca.close();
});

const deps = (extra: { fetch?: typeof fetch } = {}) => ({ db: shop.db, secrets: new FileSecretStore(shop.db), now: () => Date.now(), ...extra });

const pos = (...args: string[]) => posInProcess(args);

/** Reports the stored document of an order to the stand-in, as the reporting outbox would. */
async function report(orderUuid: string) {
  const doc = documentOfOrder(shop.db, orderUuid)!;
  zatcaNow = doc.issued_at + 60_000;
  const credentials = credentialsOf(readEgs(shop.db)!.certificate, new FileSecretStore(shop.db).get(CSID_SECRET)!);
  const reply = await submitDocument(
    'reporting',
    { xml: doc.xml, hash: doc.hash, uuid: doc.order_uuid },
    { baseUrl: zatca.url, credentials, clock: systemClock },
  );
  return { httpStatus: reply.answered ? reply.status : null, verdict: judgeZatcaReply('reporting', reply) };
}

describe('onboardEgs', () => {
  it('refuses before the seller settings are complete, naming the ones missing', async () => {
    const error = await onboardEgs(deps(), { otp: zatca.otp, baseUrl: zatca.url }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OnboardError);
    expect((error as OnboardError).message).toMatch(/seller\.crn/);
    expect((error as OnboardError).arabic).toMatch(/seller\.crn/);
    expect(zatca.received()).toHaveLength(0);
  });

  it('refuses a wrong OTP with a message that says to take a new one, in English and Arabic; nothing is kept', async () => {
    setTestSeller(shop.db);
    const error = await onboardEgs(deps(), { otp: '999999', baseUrl: zatca.url }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ZatcaApiError);
    expect((error as ZatcaApiError).kind).toBe('invalid-otp');
    expect((error as ZatcaApiError).message).toMatch(/new OTP from the FATOORA portal/);
    expect((error as ZatcaApiError).arabic).toMatch(/رمز جديد/);
    expect(readEgs(shop.db)).toBeNull();
  });

  it('reports a failed compliance check with ZATCA’s own messages', async () => {
    // The network changes the (simplified) credit note on its way (an amount), so ZATCA's hash check fails on it.
    const tampering: typeof fetch = async (input, init) => {
      const url = String(input);
      if (url.endsWith('/compliance/invoices') && typeof init?.body === 'string') {
        const body = JSON.parse(init.body) as { invoice: string };
        const xml = Buffer.from(body.invoice, 'base64').toString('utf8');
        if (xml.includes('name="0200000">381<')) body.invoice = Buffer.from(xml.replace('>11.50<', '>1.50<'), 'utf8').toString('base64');
        return fetch(input, { ...init, body: JSON.stringify(body) });
      }
      return fetch(input, init);
    };
    const error = await onboardEgs(deps({ fetch: tampering }), { otp: zatca.otp, baseUrl: zatca.url }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OnboardError);
    expect((error as OnboardError).message).toMatch(/compliance check of the credit note failed: .*invalid-invoice-hash/);
    expect((error as OnboardError).arabic).toMatch(/الإشعار الدائن/);
    expect((error as OnboardError).zatcaMessages.map((m) => m.code)).toContain('invalid-invoice-hash');
    expect(readEgs(shop.db)).toBeNull();
  });

  it('passes a compliance check only on an answer that says REPORTED: a bare 200 stops onboarding and keeps nothing', async () => {
    // Something between the till and ZATCA (a proxy, a wrong address) answers the checks with an empty 200.
    const hollow: typeof fetch = async (input, init) =>
      String(input).endsWith('/compliance/invoices')
        ? new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } })
        : fetch(input, init);
    const error = await onboardEgs(deps({ fetch: hollow }), { otp: zatca.otp, baseUrl: zatca.url }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ZatcaApiError);
    expect((error as ZatcaApiError).kind).toBe('unexpected');
    expect((error as ZatcaApiError).message).toMatch(/compliance check is not what the till expects/);
    expect(readEgs(shop.db)).toBeNull();
  });

  it('onboards: status shows the unit, and the next checkout is signed and accepted by the stand-in', async () => {
    const steps: string[] = [];
    const egs = await onboardEgs({ ...deps(), onStep: (step) => steps.push(step) }, { otp: zatca.otp, baseUrl: zatca.url });
    expect(steps).toEqual(['compliance-csid', 'compliance-checks', 'production-csid', 'saved']);
    expect(egs).toMatchObject({ environment: 'sandbox', base_url: zatca.url, next_icv: 1, last_hash: FIRST_PREVIOUS_INVOICE_HASH, invoice_types: '1100' });
    // The six checks of this onboarding for invoice types 1100 (standard, then simplified), chained as a unit's first six.
    const compliance = zatca
      .received()
      .filter((d) => d.route === 'compliance')
      .slice(-6);
    expect(compliance.map((d) => [d.icv, d.typeCode, d.httpStatus, d.xml.includes('name="0100000"') ? 'standard' : 'simplified'])).toEqual([
      [1, '388', 200, 'standard'],
      [2, '381', 200, 'standard'],
      [3, '383', 200, 'standard'],
      [4, '388', 200, 'simplified'],
      [5, '381', 200, 'simplified'],
      [6, '383', 200, 'simplified'],
    ]);

    const status = await pos('zatca', '--db', dbFile, 'status', '--json');
    expect(status.code).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject({ onboarded: true, environment: 'sandbox', egs: egs.common_name, next_icv: 1, invoice_types: '1100' });

    const [sale] = await shop.sell(1);
    const doc = documentOfOrder(shop.db, sale!.uuid);
    expect(doc).toMatchObject({ icv: 1, pih: FIRST_PREVIOUS_INVOICE_HASH });
    const result = await report(sale!.uuid);
    expect(result).toMatchObject({ httpStatus: 200, verdict: { outcome: 'accepted', zatcaStatus: 'REPORTED', messages: { errors: [] } } });
  });

  it('renewal keeps the chain: the counter and the last hash carry on, and the next document chains to the last', async () => {
    const before = readEgs(shop.db)!;
    const renewed = await onboardEgs(deps(), { otp: zatca.otp, baseUrl: zatca.url });
    expect(renewed.certificate).not.toBe(before.certificate);
    expect(renewed.common_name).toBe(before.common_name);
    expect(renewed).toMatchObject({ next_icv: before.next_icv, last_hash: before.last_hash });
    const [sale] = await shop.sell(1);
    expect(documentOfOrder(shop.db, sale!.uuid)).toMatchObject({ icv: before.next_icv, pih: before.last_hash });
    const result = await report(sale!.uuid);
    expect(result).toMatchObject({ httpStatus: 200, verdict: { outcome: 'accepted', zatcaStatus: 'REPORTED' } });
  });
});
