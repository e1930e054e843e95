// A cleared invoice counts only with ZATCA's stamp on it, verified against a
// trusted ZATCA CA (issue 32, finding 5), over real HTTP on loopback: an
// endpoint that echoes the invoice with a QR has cleared nothing, nor has a
// stamp from a CA the till does not trust, nor a cleared document changed
// after its stamp; the stand-in's properly stamped answer is cleared. And
// the till sends its CSID to plain http only on loopback.
import { writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createZatcaCa } from '../../../emulator/zatca/zatca-ca.ts';
import { setSettingFromText } from '../../../src-main/settings/index.ts';
import { readClearedInvoice } from '../../../src-main/zatca/cleared-invoice.ts';
import { stampTrustOf } from '../../../src-main/zatca/zatca-trust-anchors.ts';
import { allDocuments, readEgs } from '../../../src-main/zatca/index.ts';
import { translate } from '../../../src-shared/i18n/index.ts';
import { encodeZatcaPhase2Qr } from '../../../src-shared/zatca/index.ts';
import { B2B_BUYER, expectWholeChain, openB2bClearanceShop, type B2bClearanceShop } from '../../support/b2b-clearance-shop.ts';
import { posInProcess } from '../../support/pos-in-process.ts';
import { startServeHub, type ServeHub } from '../../support/serve-hub.ts';
import { trustStandInCa, useSigner } from '../../support/zatca-reporting.ts';

let opened: B2bClearanceShop | undefined;
let echo: Server | undefined;
let hub: ServeHub | undefined;
afterEach(async () => {
  await hub?.stop();
  if (echo) await new Promise((done) => echo!.close(done));
  await opened?.close();
  opened = echo = hub = undefined;
});

/** An endpoint that answers every clearance CLEARED with the submitted invoice and a QR added, stamped by nobody but the till. */
async function startEchoEndpoint(): Promise<string> {
  echo = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      res.setHeader('Content-Type', 'application/json');
      if (!req.url?.endsWith('/invoices/clearance/single')) return res.end('{}');
      const { invoice } = JSON.parse(body) as { invoice: string };
      const xml = Buffer.from(invoice, 'base64').toString('utf8');
      const hash = /<ds:DigestValue>([^<]+)</.exec(xml)![1]!;
      const qr = encodeZatcaPhase2Qr({
        sellerName: 'x',
        vatNumber: '399999999900003',
        timestamp: '2026-01-01T00:00:00',
        total: '1.00',
        vatTotal: '0.13',
        invoiceHash: hash,
        signature: /<ds:SignatureValue>([^<]+)</.exec(xml)![1]!,
        publicKey: new Uint8Array(33),
        certificateSignature: null,
      });
      const close = '</cac:AdditionalDocumentReference>';
      const at = xml.indexOf(close, xml.indexOf('<cbc:ID>PIH</cbc:ID>')) + close.length;
      const echoed =
        xml.slice(0, at) +
        `<cac:AdditionalDocumentReference><cbc:ID>QR</cbc:ID><cac:Attachment><cbc:EmbeddedDocumentBinaryObject mimeCode="text/plain">${qr}</cbc:EmbeddedDocumentBinaryObject></cac:Attachment></cac:AdditionalDocumentReference>` +
        xml.slice(at);
      res.end(
        JSON.stringify({
          validationResults: { infoMessages: [], warningMessages: [], errorMessages: [], status: 'PASS' },
          clearanceStatus: 'CLEARED',
          clearedInvoice: Buffer.from(echoed, 'utf8').toString('base64'),
        }),
      );
    });
  });
  await new Promise<void>((done) => echo!.listen(0, '127.0.0.1', done));
  return `http://127.0.0.1:${(echo.address() as AddressInfo).port}/e-invoicing/developer-portal`;
}

async function sellB2b(s: B2bClearanceShop) {
  const sale = await s.shop.sellLines([{ product: s.shop.products[0]!, quantity: 2 }], { buyer: B2B_BUYER });
  return s.shop.till.order({ uuid: sale.uuid });
}

describe("a cleared invoice counts only with ZATCA's stamp", () => {
  it('an endpoint that echoes the invoice with a QR has not cleared it: it stays unanswered, unprinted, and keeps its ICV (the next sale takes the next)', async () => {
    opened = await openB2bClearanceShop();
    useSigner(opened.shop.db, opened.signer, await startEchoEndpoint(), '1100');
    const view = await sellB2b(opened);
    expect(view.clearance?.state).toBe('unanswered');
    expect(view.clearance?.messages[0]).toContain('not counted as cleared');
    expect(view.clearance?.messages[0]).toContain("the till's own stamp");
    expect(opened.printed).toEqual([]);
    expect(allDocuments(opened.shop.db).map((d) => [d.icv, d.report_state])).toEqual([[1, 'clearing']]);
    expect(allDocuments(opened.shop.db)[0]!.last_error).toContain('not counted as cleared');
    await opened.shop.sell(1);
    expect(expectWholeChain(opened.shop.db).map((d) => [d.icv, d.profile])).toEqual([
      [1, 'standard'],
      [2, 'simplified'],
    ]);
    // The manager's words, in both languages.
    for (const locale of ['en', 'ar'] as const) expect(translate(locale, 'reason.zatca.clearanceUnproven', { problem: 'p' })).toContain('p');
  });

  it('a stamp from a CA the till does not trust is not a clearance', async () => {
    opened = await openB2bClearanceShop();
    trustStandInCa(opened.shop.db, (await createZatcaCa(Date.now())).certificatePem);
    const view = await sellB2b(opened);
    expect(view.clearance?.state).toBe('unanswered');
    expect(view.clearance?.messages[0]).toContain('not issued by a trusted ZATCA CA');
    expect(opened.printed).toEqual([]);
    expect(allDocuments(opened.shop.db).map((d) => d.report_state)).toEqual(['clearing']);
  });

  it("the stand-in's stamped answer is cleared; the same document changed by one byte after ZATCA's stamp is refused", async () => {
    opened = await openB2bClearanceShop();
    const view = await sellB2b(opened);
    expect(view.clearance?.state).toBe('cleared');
    const doc = allDocuments(opened.shop.db)[0]!;
    const trust = stampTrustOf(opened.shop.db, readEgs(opened.shop.db)!);
    const read = (xml: string) => readClearedInvoice(Buffer.from(xml, 'utf8').toString('base64'), { uuid: doc.uuid, hash: doc.hash }, trust);
    expect(read(doc.cleared_xml!)).toMatchObject({ ok: true });
    // One digit of the signing time in ZATCA's signed properties.
    const time = /(<xades:SigningTime>\d{4}-\d\d-\d\dT\d\d:\d\d:)(\d)/.exec(doc.cleared_xml!)!;
    const tampered = doc.cleared_xml!.replace(time[0], `${time[1]}${(Number(time[2]) + 1) % 6}`);
    expect(tampered).not.toBe(doc.cleared_xml);
    expect(read(tampered)).toMatchObject({ ok: false, problem: expect.stringContaining('signed properties') });
    // One byte of the invoice itself.
    const body = doc.cleared_xml!.replace('<cbc:CompanyID>310175397400003<', '<cbc:CompanyID>310175397400004<');
    expect(read(body)).toMatchObject({ ok: false });
  });
});

describe("ZATCA's own gateway with no ZATCA CA certificate on the till", () => {
  it("checks the stamp for everything but its chain: ZATCA's stamp counts, the till's own or a changed one does not", async () => {
    const shop = (opened = await openB2bClearanceShop()).shop;
    await sellB2b(opened);
    const doc = allDocuments(shop.db)[0]!;
    const egs = readEgs(shop.db)!;
    // As at gw-fatoora.zatca.gov.sa over https with ZATCA_PUBLISHED_CAS empty and zatca.ca_file unset.
    const gateway = stampTrustOf(shop.db, { ...egs, base_url: 'https://gw-fatoora.zatca.gov.sa/e-invoicing/core', environment: 'production' });
    expect(gateway).toMatchObject({ anchors: [], tlsVouched: true });
    const read = (xml: string) => readClearedInvoice(Buffer.from(xml, 'utf8').toString('base64'), { uuid: doc.uuid, hash: doc.hash }, gateway);
    expect(read(doc.cleared_xml!)).toMatchObject({ ok: true });
    const time = /(<xades:SigningTime>\d{4}-\d\d-\d\dT\d\d:\d\d:)(\d)/.exec(doc.cleared_xml!)!;
    expect(read(doc.cleared_xml!.replace(time[0], `${time[1]}${(Number(time[2]) + 1) % 6}`))).toMatchObject({ ok: false });
    // The invoice as the till signed it (its own stamp, as an echoing endpoint would send it back) is not ZATCA's.
    expect(read(doc.xml)).toMatchObject({ ok: false });
    // An operator's CA file that is not ZATCA's: the stand-in's stamp is then refused, and a file that cannot be read trusts nothing.
    const other = shop.service.dir.file('other-ca.pem');
    writeFileSync(other, (await createZatcaCa(Date.now())).certificatePem);
    setSettingFromText(shop.db, 'zatca.ca_file', other);
    const pinned = stampTrustOf(shop.db, { ...egs, base_url: 'https://gw-fatoora.zatca.gov.sa/e-invoicing/core', environment: 'production' });
    expect(pinned.tlsVouched).toBe(false);
    expect(readClearedInvoice(Buffer.from(doc.cleared_xml!, 'utf8').toString('base64'), { uuid: doc.uuid, hash: doc.hash }, pinned)).toMatchObject({
      ok: false,
      problem: expect.stringContaining('not issued by a trusted ZATCA CA'),
    });
    setSettingFromText(shop.db, 'zatca.ca_file', shop.service.dir.file('missing.pem'));
    expect(stampTrustOf(shop.db, { ...egs, base_url: 'https://gw-fatoora.zatca.gov.sa/e-invoicing/core', environment: 'production' })).toMatchObject({
      anchors: [],
      tlsVouched: false,
    });
  });
});

describe('where the till sends its CSID', () => {
  it('pos serve --zatca-url refuses plain http off loopback and takes http on 127.0.0.1', async () => {
    const refused = await posInProcess(['serve', '--zatca-url', 'http://example.com/e-invoicing/core', '--db', ':memory:']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--zatca-url');
    expect(refused.stderr).toContain('use https');
    opened = await openB2bClearanceShop();
    hub = await startServeHub(opened.shop.service.dir.file('serve.db'), ['--zatca-url', opened.zatca.url]);
    expect(hub.url).toMatch(/^http:\/\/127\.0\.0\.1:/);
  });
});
