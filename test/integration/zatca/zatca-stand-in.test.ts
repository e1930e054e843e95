import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startZatcaStandIn, type RunningZatcaStandIn } from '../../../emulator/zatca/start-zatca-stand-in.ts';
import { createEgsCsr, generateEgsKey, readEgsCertificate, signDocument, type EgsSigner } from '../../../src-main/zatca/index.ts';
import { FIRST_PREVIOUS_INVOICE_HASH } from '../../../src-shared/zatca/index.ts';
import { TEST_SUBJECT, testDocument, testSigner } from '../../support/zatca-egs.ts';

// The ZATCA stand-in over real HTTP on loopback: onboarding (compliance
// CSID, compliance checks, production CSID), reporting with its chain
// checks, resubmissions, and injected faults.

let zatca: RunningZatcaStandIn;
let signer: EgsSigner;
let auth: string;
const NOW = Date.UTC(2026, 10, 25, 12, 0, 0);

beforeAll(async () => {
  zatca = await startZatcaStandIn({ now: () => NOW });
  ({ signer } = await testSigner(zatca.ca));
  const credentials = zatca.credentialsFor(signer.certificate.base64);
  auth = `Basic ${Buffer.from(`${credentials.binarySecurityToken}:${credentials.secret}`).toString('base64')}`;
});
afterAll(async () => {
  await zatca.close();
});

interface Message {
  type: string;
  code: string;
  category: string;
  message: string;
  status: string;
}
/** The members the answers here are read for (each route sends some of them). */
interface Answer {
  validationResults: { status: string; errorMessages: Message[]; warningMessages: Message[] };
  reportingStatus?: string;
  clearanceStatus?: string;
  clearedInvoice?: string | null;
  errors: { code: string; message: string }[];
  requestID: number;
  binarySecurityToken: string;
  secret: string;
}

async function post(path: string, body: unknown, headers: Record<string, string> = {}, base = zatca.url) {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-version': 'V2', ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : null) as Answer | null };
}

function submission(xml: string, hash: string, uuid: string) {
  return { invoiceHash: hash, uuid, invoice: Buffer.from(xml, 'utf8').toString('base64') };
}

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('reporting', () => {
  let firstHash = '';

  it('accepts a document signed with a certificate from its CA, and logs it', async () => {
    const doc = testDocument({ uuid: uuid(1), icv: 1, pih: FIRST_PREVIOUS_INVOICE_HASH, issuedAt: NOW - 3_600_000 });
    const signed = signDocument(doc, signer);
    firstHash = signed.hash;
    const answer = await post('/invoices/reporting/single', submission(signed.xml, signed.hash, doc.uuid), { authorization: auth, 'clearance-status': '0' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ reportingStatus: 'REPORTED', validationResults: { status: 'PASS', errorMessages: [], warningMessages: [] } });
    const [entry] = zatca.received().filter((r) => r.uuid === doc.uuid);
    expect(entry).toMatchObject({ route: 'reporting', icv: 1, hash: signed.hash, resubmission: false, httpStatus: 200, outcome: 'REPORTED' });
  });

  it('answers a resubmission of the same document as already reported (409) and counts it', async () => {
    const doc = testDocument({ uuid: uuid(1), icv: 1, pih: FIRST_PREVIOUS_INVOICE_HASH, issuedAt: NOW - 3_600_000 });
    const xml = zatca.received().find((r) => r.uuid === doc.uuid)!.xml;
    const answer = await post('/invoices/reporting/single', submission(xml, firstHash, doc.uuid), { authorization: auth, 'clearance-status': '0' });
    expect(answer.status).toBe(409);
    expect(answer.body!.reportingStatus).toBe('REPORTED');
    expect(answer.body!.validationResults.warningMessages[0]).toMatchObject({ category: 'Duplicate-Invoice', status: 'WARNING' });
    const entries = zatca.received().filter((r) => r.uuid === doc.uuid);
    expect(entries.map((r) => r.resubmission)).toEqual([false, true]);
  });

  it('rejects a tampered document with ZATCA-shaped errors', async () => {
    const doc = testDocument({ uuid: uuid(2), icv: 2, pih: firstHash, issuedAt: NOW - 3_600_000 });
    const signed = signDocument(doc, signer);
    const tampered = signed.xml.replace(
      '<cbc:PayableAmount currencyID="SAR">50.00</cbc:PayableAmount>',
      '<cbc:PayableAmount currencyID="SAR">5.00</cbc:PayableAmount>',
    );
    expect(tampered).not.toBe(signed.xml);
    const answer = await post('/invoices/reporting/single', submission(tampered, signed.hash, doc.uuid), { authorization: auth });
    expect(answer.status).toBe(400);
    expect(answer.body!.reportingStatus).toBe('NOT_REPORTED');
    const results = answer.body!.validationResults;
    expect(results.status).toBe('ERROR');
    const codes = results.errorMessages.map((m: Message) => m.code);
    expect(codes).toEqual(expect.arrayContaining(['invalid-invoice-hash', 'signature']));
    for (const message of results.errorMessages)
      expect(message).toMatchObject({ type: 'ERROR', status: 'ERROR', code: expect.any(String), category: expect.any(String), message: expect.any(String) });
  });

  it('checks the chain: the PIH must be the previous document hash, an ICV is not used twice', async () => {
    // The tampered document above kept slot 2 with the hash the EGS unit gave it; a PIH that skips it is wrong, a second document 2 a fork.
    const wrongPih = signDocument(testDocument({ uuid: uuid(3), icv: 3, pih: firstHash, issuedAt: NOW - 3_600_000 }), signer);
    const answer = await post('/invoices/reporting/single', submission(wrongPih.xml, wrongPih.hash, uuid(3)), { authorization: auth });
    expect(answer.status).toBe(400);
    expect(answer.body!.validationResults.errorMessages.map((m: Message) => m.code)).toContain('KSA-13');
    const fork = signDocument(testDocument({ uuid: uuid(4), icv: 1, pih: FIRST_PREVIOUS_INVOICE_HASH, issuedAt: NOW - 60_000 }), signer);
    const forked = await post('/invoices/reporting/single', submission(fork.xml, fork.hash, uuid(4)), { authorization: auth });
    expect(forked.status).toBe(400);
    expect(forked.body!.validationResults.errorMessages.map((m: Message) => m.code)).toContain('KSA-16');
  });

  it("continues the chain after a refused document as ZATCA's rule says: the next one chains to the hash its unit gave it, and its ICV is never reused", async () => {
    const own = await startZatcaStandIn({ now: () => NOW });
    try {
      const { signer: unit } = await testSigner(own.ca);
      const c = own.credentialsFor(unit.certificate.base64);
      const report = (signed: { xml: string; hash: string }, id: string) =>
        post('/invoices/reporting/single', submission(signed.xml, signed.hash, id), {
          authorization: `Basic ${Buffer.from(`${c.binarySecurityToken}:${c.secret}`).toString('base64')}`,
        }, own.url); // prettier-ignore
      const issuedAt = NOW - 60_000;
      const first = signDocument(testDocument({ uuid: uuid(11), icv: 1, issuedAt }), unit);
      expect((await report(first, uuid(11))).status).toBe(200);
      // Document 2 as a reader that turns U+2028 into a line feed reads it: another hash than its unit signed, so refused for it.
      const second = signDocument(testDocument({ id: 'T1-20261125-0002', uuid: uuid(12), icv: 2, pih: first.hash, issuedAt }), unit);
      const misread = { xml: second.xml.replace('<cbc:Name>كرواسون<', '<cbc:Name>كروا\u2028سون<'), hash: second.hash };
      expect(misread.xml).not.toBe(second.xml);
      const refused = await report(misread, uuid(12));
      expect(refused.status).toBe(400);
      expect(refused.body!.validationResults.errorMessages.map((m: Message) => m.code)).toContain('invalid-invoice-hash');
      // Document 3 chains to document 2 as its unit hashed it: accepted, the chain goes on.
      const third = signDocument(testDocument({ id: 'T1-20261125-0003', uuid: uuid(13), icv: 3, pih: second.hash, issuedAt }), unit);
      const next = await report(third, uuid(13));
      expect(next.body!.validationResults.errorMessages).toEqual([]);
      expect(next.status).toBe(200);
      // The correction of document 2 is a new document: its counter again is a fork, the next counter is accepted.
      const reused = signDocument(testDocument({ id: 'T1-20261125-0002', uuid: uuid(14), icv: 2, pih: first.hash, issuedAt }), unit);
      const fork = await report(reused, uuid(14));
      expect(fork.status).toBe(400);
      expect(fork.body!.validationResults.errorMessages.map((m: Message) => m.code)).toContain('KSA-16');
      const corrected = signDocument(testDocument({ id: 'T1-20261125-0002', uuid: uuid(15), icv: 4, pih: third.hash, issuedAt }), unit);
      expect((await report(corrected, uuid(15))).status).toBe(200);
      expect(own.received().map((r) => [r.icv, r.outcome])).toEqual([
        [1, 'REPORTED'],
        [2, 'NOT_REPORTED'],
        [3, 'REPORTED'],
        [2, 'NOT_REPORTED'],
        [4, 'REPORTED'],
      ]);
    } finally {
      await own.close();
    }
  });

  it('warns (202) when a simplified document is reported more than 24 hours after it was issued', async () => {
    const lateZatca = await startZatcaStandIn({ now: () => NOW });
    try {
      const { signer: lateSigner } = await testSigner(lateZatca.ca);
      const c = lateZatca.credentialsFor(lateSigner.certificate.base64);
      const signed = signDocument(testDocument({ uuid: uuid(5), icv: 1, issuedAt: NOW - 25 * 3_600_000 }), lateSigner);
      const answer = await post(
        '/invoices/reporting/single',
        submission(signed.xml, signed.hash, uuid(5)),
        {
          authorization: `Basic ${Buffer.from(`${c.binarySecurityToken}:${c.secret}`).toString('base64')}`,
        },
        lateZatca.url,
      );
      expect(answer.status).toBe(202);
      expect(answer.body).toMatchObject({ reportingStatus: 'REPORTED', validationResults: { status: 'WARNING' } });
      expect(answer.body!.validationResults.warningMessages[0]!.code).toBe('BR-KSA-98');
    } finally {
      await lateZatca.close();
    }
  });

  it('refuses a certificate it did not issue, and credentials it does not know', async () => {
    const { signer: stranger } = await testSigner();
    const signed = signDocument(testDocument({ uuid: uuid(6), icv: 1 }), stranger);
    const answer = await post('/invoices/reporting/single', submission(signed.xml, signed.hash, uuid(6)), { authorization: auth });
    expect(answer.status).toBe(400);
    expect(answer.body!.validationResults.errorMessages.map((m: Message) => m.code)).toContain('certificate-issuer');
    const wrongSecret = `Basic ${Buffer.from('dG9rZW4=:nope').toString('base64')}`;
    expect((await post('/invoices/reporting/single', submission(signed.xml, signed.hash, uuid(6)), { authorization: wrongSecret })).status).toBe(401);
    expect(
      (await post('/invoices/reporting/single', submission(signed.xml, signed.hash, uuid(6)), { authorization: auth, 'accept-version': 'V1' })).status,
    ).toBe(406);
  });
});

describe('clearance', () => {
  it('sends a till that has clearance off to reporting (303), and clears only standard documents', async () => {
    const signed = signDocument(testDocument({ uuid: uuid(8), icv: 9, issuedAt: NOW - 60_000 }), signer);
    const body = submission(signed.xml, signed.hash, uuid(8));
    const off = await post('/invoices/clearance/single', body, { authorization: auth, 'clearance-status': '0' });
    expect(off.status).toBe(303);
    const simplified = await post('/invoices/clearance/single', body, { authorization: auth, 'clearance-status': '1' });
    expect(simplified.status).toBe(400);
    expect(simplified.body).toMatchObject({ clearanceStatus: 'NOT_CLEARED', clearedInvoice: null });
    expect(simplified.body!.validationResults.errorMessages.map((m: Message) => m.code)).toContain('invoice-type');
  });
});

describe('faults', () => {
  it('answers 500 once, 401 once and 429 once when told, then serves again', async () => {
    zatca.faults.failNext = 1;
    zatca.faults.unauthorizedNext = 1;
    zatca.faults.throttleNext = 1;
    zatca.faults.retryAfter = '7';
    const body = { invoiceHash: 'x', uuid: 'y', invoice: '' };
    const first = await post('/invoices/reporting/single', body, { authorization: auth });
    expect(first.status).toBe(500);
    expect((await post('/invoices/reporting/single', body, { authorization: auth })).status).toBe(401);
    const throttled = await post('/invoices/reporting/single', body, { authorization: auth });
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('retry-after')).toBe('7');
    expect((await post('/invoices/reporting/single', body, { authorization: auth })).status).toBe(400);
  });

  it('drops an answer after the work: the document is received, and its retry is a counted resubmission', async () => {
    const fresh = await startZatcaStandIn({ now: () => NOW, faults: { dropNext: 1, routes: ['/invoices/reporting/single'] } });
    try {
      const { signer: s } = await testSigner(fresh.ca);
      const c = fresh.credentialsFor(s.certificate.base64);
      const headers = { authorization: `Basic ${Buffer.from(`${c.binarySecurityToken}:${c.secret}`).toString('base64')}` };
      const signed = signDocument(testDocument({ uuid: uuid(7), icv: 1, issuedAt: NOW - 60_000 }), s);
      await expect(post('/invoices/reporting/single', submission(signed.xml, signed.hash, uuid(7)), headers, fresh.url)).rejects.toThrow();
      expect(fresh.received()).toHaveLength(1);
      const retry = await post('/invoices/reporting/single', submission(signed.xml, signed.hash, uuid(7)), headers, fresh.url);
      expect(retry.status).toBe(409);
      const reported = fresh.received().filter((r) => r.outcome === 'REPORTED' && !r.resubmission);
      expect(reported.map((r) => r.uuid)).toEqual([uuid(7)]);
      expect(fresh.received().filter((r) => r.resubmission)).toHaveLength(1);
    } finally {
      await fresh.close();
    }
  });

  it('holds an answer until released (a client timeout)', async () => {
    const hold = zatca.hold('POST', '/compliance');
    const pending = post('/compliance', { csr: 'x' }, { otp: zatca.otp });
    await hold.arrived;
    hold.release();
    expect((await pending).status).toBe(400);
  });
});

describe('onboarding over the API', () => {
  it('issues a compliance CSID for the right OTP, and the production CSID only after the compliance checks pass', async () => {
    const { privateKey } = generateEgsKey();
    const csr = await createEgsCsr(privateKey, { ...TEST_SUBJECT, commonName: 'Till-onboard' }, 'sandbox');
    const csrBody = { csr: Buffer.from(csr, 'utf8').toString('base64') };
    const wrong = await post('/compliance', csrBody, { otp: '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body!.errors[0]!.code).toBe('Invalid-OTP');
    const simulationCsr = await post('/compliance', csrBody, { otp: zatca.otp }, zatca.urls.simulation);
    expect(simulationCsr.status).toBe(400);
    expect(simulationCsr.body!.errors[0]!.message).toMatch(/PREZATCA-Code-Signing/);

    const issued = await post('/compliance', csrBody, { otp: zatca.otp });
    expect(issued.status).toBe(200);
    expect(issued.body).toMatchObject({ dispositionMessage: 'ISSUED', requestID: expect.any(Number), secret: expect.any(String) });
    const certificate = readEgsCertificate(Buffer.from(issued.body!.binarySecurityToken, 'base64').toString('utf8'));
    const compliance = `Basic ${Buffer.from(`${issued.body!.binarySecurityToken}:${issued.body!.secret}`).toString('base64')}`;
    const early = await post('/production/csids', { compliance_request_id: String(issued.body!.requestID) }, { authorization: compliance });
    expect(early.status).toBe(400);
    expect(early.body!.errors[0]!.code).toBe('Missing-ComplianceSteps');

    const complianceSigner = { privateKey, certificate };
    for (const [n, kind] of (['invoice', 'credit', 'debit'] as const).entries()) {
      const doc = testDocument({ uuid: uuid(100 + n), icv: n + 1, kind, ...(kind === 'invoice' ? {} : { billingReference: 'T1-1', reason: 'Returned' }) });
      const signed = signDocument(doc, complianceSigner);
      const checked = await post('/compliance/invoices', submission(signed.xml, signed.hash, doc.uuid), { authorization: compliance });
      expect(checked.status, JSON.stringify(checked.body)).toBe(200);
      expect(checked.body).toMatchObject({ reportingStatus: 'REPORTED', validationResults: { status: 'PASS' } });
    }
    const production = await post('/production/csids', { compliance_request_id: String(issued.body!.requestID) }, { authorization: compliance });
    expect(production.status).toBe(200);
    expect(production.body).toMatchObject({ dispositionMessage: 'ISSUED', binarySecurityToken: expect.any(String), secret: expect.any(String) });
    // The compliance CSID does not report; the production one does not run compliance checks.
    expect((await post('/invoices/reporting/single', {}, { authorization: compliance })).status).toBe(401);
  });
});
