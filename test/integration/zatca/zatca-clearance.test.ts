// Standard (B2B) tax invoices cleared before they print (issue 22), over
// real HTTP on loopback against the ZATCA stand-in, which recomputes the
// hash, verifies the stamp and the chain, and answers clearance with the
// cleared document carrying ZATCA's QR. What must hold: the standard
// invoice takes its ICV in the checkout transaction whatever ZATCA says
// (no gap, no fork); the receipt prints only once ZATCA cleared it, with
// the cleared document's QR (scanned off the receipt's raster); a refusal
// or a lost answer leaves the sale waiting for a simplified invoice, and a
// clearance that did happen unseen is found rather than invoiced twice;
// offline nothing is written and the till says so in both languages.
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { checkDocument } from '../../../emulator/zatca/verify-document.ts';
import { readOrder } from '../../../src-main/orders/index.ts';
import { documentFor, readPrintContext, renderForPrinter, renderReceiptPreview, type ReceiptDocument } from '../../../src-main/printing/index.ts';
import { decodeEscPos, type DecodedEscPos } from '../../../src-main/printing/escpos/decode-escpos.ts';
import { printerSettings } from '../../../src-shared/catalog/index.ts';
import { FileSecretStore } from '../../../src-main/secrets/index.ts';
import { setSetting } from '../../../src-main/settings/index.ts';
import { allDocuments, readEgs, ZatcaReporter } from '../../../src-main/zatca/index.ts';
import { translate, type MessageKey } from '../../../src-shared/i18n/index.ts';
import type { OrderView } from '../../../src-shared/selling/index.ts';
import { decodeZatcaPhase2Qr } from '../../../src-shared/zatca/index.ts';
import { loadPngAsBitmap } from '../../unit/printing/pixel-diff.ts';
import { scanQr } from '../../unit/printing/qr-scan.ts';
import { B2B_BUYER, expectWholeChain, openB2bClearanceShop, type B2bClearanceShop } from '../../support/b2b-clearance-shop.ts';
import type { CheckoutShop } from '../../support/checkout-shop.ts';
import { testSigner } from '../../support/zatca-egs.ts';
import { refusal } from '../../support/refusal.ts';
import { posInProcess } from '../../support/pos-in-process.ts';
import { ManualClock } from '../../support/manual-clock.ts';
import { allowedChoice } from '../../support/option-choice.ts';

const CLEARANCE = '/invoices/clearance/single';
const CHILD = fileURLToPath(new URL('../../support/b2b-checkout-child.ts', import.meta.url));
const BUYER = B2B_BUYER;

let opened: B2bClearanceShop | undefined;
afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

async function b2bShop(invoiceTypes?: string) {
  opened = await openB2bClearanceShop(invoiceTypes);
  return opened;
}

async function sellB2b(s: CheckoutShop): Promise<OrderView> {
  const sale = await s.sellLines([{ product: s.products[0]!, quantity: 2 }], { buyer: BUYER });
  return s.till.order({ uuid: sale.uuid });
}

const pos = (...args: string[]) => posInProcess(args);

/** Reports every simplified document waiting (the ZATCA engine's one pass, on a clock of its own). */
async function reportPending(s: CheckoutShop): Promise<void> {
  const reporter = new ZatcaReporter({ db: s.db, secrets: () => new FileSecretStore(s.db), clock: new ManualClock(Date.now()) });
  try {
    await reporter.uploadDue();
  } finally {
    await reporter.stop();
  }
}

describe('a standard (B2B) tax invoice at checkout', () => {
  it('is cleared by ZATCA before it prints: the cleared document and its QR are the receipt, between simplified sales in one chain', async () => {
    const { shop, zatca, printed } = await b2bShop();
    const [before] = await shop.sell(1);
    const view = await sellB2b(shop);
    const [after] = await shop.sell(1);

    expect(view.clearance).toEqual({ state: 'cleared', messages: [] });
    const docs = expectWholeChain(shop.db);
    expect(docs.map((d) => [d.order_uuid, d.profile, d.report_state])).toEqual([
      [before!.uuid, 'simplified', 'pending'],
      [view.uuid, 'standard', 'cleared'],
      [after!.uuid, 'simplified', 'pending'],
    ]);
    const standard = docs[1]!;
    // The invoice as the till signed it: standard subtype, the buyer, the supply date, no QR of the till's.
    expect(standard.xml).toContain('<cbc:InvoiceTypeCode name="0100000">388</cbc:InvoiceTypeCode>');
    expect(standard.xml).toContain('<cbc:CompanyID>310175397400003</cbc:CompanyID>');
    expect(standard.xml).toContain('<cbc:RegistrationName>شركة الأفق للتجارة</cbc:RegistrationName>');
    expect(standard.xml).toContain('<cac:PartyIdentification><cbc:ID schemeID="CRN">1010101010</cbc:ID></cac:PartyIdentification>');
    expect(standard.xml).toMatch(/<cac:Delivery><cbc:ActualDeliveryDate>\d{4}-\d{2}-\d{2}<\/cbc:ActualDeliveryDate><\/cac:Delivery>/);
    expect(standard.xml).not.toContain('<cbc:ID>QR</cbc:ID>');

    // ZATCA cleared exactly this document once, and the stand-in's independent check of it found nothing wrong.
    const cleared = zatca.received().filter((r) => r.route === 'clearance');
    expect(cleared.map((r) => [r.uuid, r.icv, r.httpStatus, r.outcome, r.resubmission])).toEqual([[view.uuid, 2, 200, 'CLEARED', false]]);
    expect(cleared[0]!.errors).toEqual([]);
    const check = checkDocument(standard.cleared_xml!);
    expect(check.errors).toEqual([]);
    expect(check.hash).toBe(standard.hash);

    // The receipt printed only now, with the cleared document's QR; scanned off the rendered raster, its tags are the invoice's.
    expect(printed.map((p) => p.uuid)).toEqual([before!.uuid, view.uuid, after!.uuid]);
    expect(printed[1]!.qr).toBe(standard.qr);
    expect(readOrder(shop.db, view.uuid)!.zatca_qr).toBe(standard.qr);
    const png = shop.service.dir.file('b2b-receipt.png');
    await writeFile(png, await renderReceiptPreview(shop.db, view.uuid, 80));
    const scanned = scanQr(await loadPngAsBitmap(png));
    expect(scanned).toBe(standard.qr);
    const tags = decodeZatcaPhase2Qr(scanned!);
    expect(tags.invoiceHash).toBe(standard.hash);
    expect(tags.vatNumber).toBe('399999999900003');
    expect(tags.total).toBe(/<cbc:TaxInclusiveAmount currencyID="SAR">([\d.]+)</.exec(standard.xml)![1]);
    // Tag 7 is ZATCA's stamp on the cleared document (its signature and certificate, not the unit's).
    expect(tags.signature).toBe(/<ds:SignatureValue>([^<]+)</.exec(standard.cleared_xml!)![1]);
    expect(tags.signature).not.toBe(/<ds:SignatureValue>([^<]+)</.exec(standard.xml)![1]);
    expect(/<ds:X509Certificate>([^<]+)</.exec(standard.cleared_xml!)![1]).toBe(zatca.ca.stamp.certificateBase64);

    // `pos zatca invoice --order` hands over ZATCA's cleared document.
    const out = await pos('zatca', '--db', shop.service.dir.file('till.db'), 'invoice', '--order', view.uuid);
    expect(out.code).toBe(0);
    expect(out.stdout).toBe(`${standard.cleared_xml}\n`);
    expect(out.stdout).toContain(`<cbc:ID>QR</cbc:ID><cac:Attachment><cbc:EmbeddedDocumentBinaryObject mimeCode="text/plain">${standard.qr}<`);
  });

  it('prints as a "Tax Invoice" naming the buyer (name, VAT number, CRN, address), the Arabic rasterized; a simplified sale stays simplified', async () => {
    const { shop } = await b2bShop();
    const view = await sellB2b(shop);
    const [plain] = await shop.sell(1);
    expect(view.clearance?.state).toBe('cleared');
    const printer = { name: 'Cashier', settings: printerSettings(['MULTILINGUAL', 'PRODUCT_SHOW']), width: 80 as const, categories: null };
    // The bytes the queue sends (documentFor + renderForPrinter), decoded as the printer reads them.
    const printedOf = async (doc: ReceiptDocument) => decodeEscPos(await renderForPrinter(doc, printer));
    const receiptOf = (uuid: string) => printedOf(documentFor(readOrder(shop.db, uuid)!, 'receipt', printer, readPrintContext(shop.db), false)!);
    /** The rasters one Arabic line prints as, to find dot for dot in a receipt. */
    const arabicLine = async (block: ReceiptDocument['blocks'][number]) => {
      const rasters = (await printedOf({ blocks: [block] })).commands.flatMap((c) =>
        c.type === 'raster' ? [Buffer.from(c.bitmap.data).toString('base64')] : [],
      );
      expect(rasters).toHaveLength(1);
      return rasters[0]!;
    };
    const rastersOf = (decoded: DecodedEscPos) => decoded.commands.flatMap((c) => (c.type === 'raster' ? [Buffer.from(c.bitmap.data).toString('base64')] : []));

    const b2b = await receiptOf(view.uuid);
    expect(b2b.problems).toEqual([]);
    expect(b2b.text).toContain('Tax Invoice');
    expect(b2b.text).not.toContain('Simplified');
    expect(b2b.text).toContain('4321 Prince Mohammed Road');
    expect(b2b.text).toContain('Al Malaz, Riyadh 12836');
    expect(b2b.commands.filter((c) => c.type === 'qr-store').map((c) => (c as { data: string }).data)).toEqual([readOrder(shop.db, view.uuid)!.zatca_qr]);
    // A bilingual line (English, Arabic and the value) prints as one raster: found dot for dot.
    const vat = await arabicLine({ kind: 'bilingual', en: 'VAT No.', ar: 'الرقم الضريبي', right: '310175397400003' });
    const crn = await arabicLine({ kind: 'bilingual', en: 'CRN', ar: 'السجل التجاري', right: '1010101010' });
    const heading = await arabicLine({ kind: 'bilingual', en: 'Buyer', ar: 'المشتري', bold: true });
    expect(rastersOf(b2b)).toEqual(expect.arrayContaining([vat, crn, heading]));
    // The buyer's Arabic name and "فاتورة ضريبية" are on the paper as the rasters of those very lines.
    const name = await arabicLine({ kind: 'text', text: BUYER.name, bold: true });
    const title = await arabicLine({ kind: 'text', text: 'فاتورة ضريبية', align: 'center', bold: true });
    expect(rastersOf(b2b)).toEqual(expect.arrayContaining([name, title]));

    const simplified = await receiptOf(plain!.uuid);
    expect(simplified.text).toContain('Simplified Tax Invoice');
    expect(simplified.text).not.toContain('310175397400003');
    expect(simplified.text).not.toMatch(/Buyer/);
    expect(rastersOf(simplified)).not.toContain(name);
    expect(rastersOf(simplified)).not.toContain(title);
    expect(rastersOf(simplified)).not.toContain(vat);

    // An English-only printer prints the same as text.
    printer.settings = printerSettings(['PRODUCT_SHOW']);
    const english = (await receiptOf(view.uuid)).text;
    expect(english).toMatch(/^Tax Invoice$/m);
    expect(english).toMatch(/^Buyer$/m);
    expect(english).toMatch(/^VAT No\. +310175397400003$/m);
    expect(english).toMatch(/^CRN +1010101010$/m);
    expect(rastersOf(simplified)).toContain(await arabicLine({ kind: 'text', text: 'فاتورة ضريبية مبسطة', align: 'center', bold: true }));
  });

  it('refused by ZATCA: the invoice keeps its ICV, is not printed, and the simplified invoice issued instead takes the next one', async () => {
    const { shop, zatca, printed, stampWith } = await b2bShop();
    await shop.sell(1);
    // A stamp from a certificate ZATCA never issued: clearance says NOT_CLEARED with its reason.
    stampWith.signer = (await testSigner(zatca.ca)).signer;
    const view = await sellB2b(shop);
    expect(view.clearance).toMatchObject({ state: 'refused' });
    expect(view.clearance?.messages.join(' ')).toContain('certificate-issuer');
    expect(readOrder(shop.db, view.uuid)!.zatca_qr).toBeNull();
    expect(printed.map((p) => p.uuid)).not.toContain(view.uuid);
    expect(
      zatca
        .received()
        .filter((r) => r.route === 'clearance')
        .map((r) => [r.icv, r.httpStatus, r.outcome]),
    ).toEqual([[2, 400, 'NOT_CLEARED']]);
    const status = await pos('zatca', '--db', shop.service.dir.file('till.db'), 'status', '--json');
    expect(JSON.parse(status.stdout)).toMatchObject({ invoice_types: '1100', documents: 2, unreported: 1, uncleared: 0, not_cleared: 1 });
    const invoice = await pos('zatca', '--db', shop.service.dir.file('till.db'), 'invoice', '--order', view.uuid, '--json');
    expect(JSON.parse(invoice.stdout)).toMatchObject({ icv: 2, profile: 'standard', report_state: 'not_cleared', zatca_status: 'NOT_CLEARED' });

    stampWith.signer = null;
    const simplified = await shop.till.issueSimplifiedInvoice({ uuid: view.uuid });
    expect(simplified.clearance?.state).toBe('simplified');
    const docs = expectWholeChain(shop.db);
    expect(docs.map((d) => [d.icv, d.order_uuid === view.uuid, d.profile, d.report_state])).toEqual([
      [1, false, 'simplified', 'pending'],
      [2, true, 'standard', 'not_cleared'],
      [3, true, 'simplified', 'pending'],
    ]);
    // A document of its own (ZATCA knows the refused one's UUID), for the same sale, and its QR on the receipt now printed.
    expect(docs[2]!.uuid).not.toBe(view.uuid);
    expect(docs[2]!.xml).toContain('name="0200000"');
    expect(readOrder(shop.db, view.uuid)!.zatca_qr).toBe(docs[2]!.qr);
    expect(printed.filter((p) => p.uuid === view.uuid)).toEqual([{ uuid: view.uuid, qr: docs[2]!.qr }]);
    // Once is all: the sale now has its invoice.
    const again = await refusal(shop.till.issueSimplifiedInvoice({ uuid: view.uuid }));
    expect(again.reason?.code).toBe('zatca.notReplaceable');
    expect(allDocuments(shop.db)).toHaveLength(3);
    // ZATCA's rule for the chain after a refusal: the next document took the next ICV and the refused one's hash; ZATCA accepts both.
    await reportPending(shop);
    expect(zatca.received().map((r) => [r.route, r.icv, r.pih === docs[r.icv! - 2]?.hash, r.outcome])).toEqual([
      ['clearance', 2, true, 'NOT_CLEARED'],
      ['reporting', 1, false, 'REPORTED'],
      ['reporting', 3, true, 'REPORTED'],
    ]);
  });

  it('a buyer and a seller address with line and paragraph separators, NEL and CRLF: cleared, one hash for the till, its re-reader and ZATCA, and the chain goes on', async () => {
    const { shop, zatca, printed } = await b2bShop();
    // The seller's district as a setting takes U+2028 (it refuses only C0 controls): the document builder alone makes it what readers read.
    setSetting(shop.db, 'seller.district', 'Al\u2028Olaya');
    const [before] = await shop.sell(1);
    const name = 'شركة\u2028الأفق\u2029للتجارة\u0085 و\r\nشركاه';
    const sale = await shop.sellLines([{ product: shop.products[0]!, quantity: 2 }], { buyer: { ...BUYER, name } });
    const view = await shop.till.order({ uuid: sale.uuid });
    expect(view.clearance).toEqual({ state: 'cleared', messages: [] });
    const [after] = await shop.sell(1);
    const docs = expectWholeChain(shop.db);
    const standard = docs[1]!;
    // The buyer's name is one line as the checkout cleaned it; the district as every XML reader reads it back (one LF).
    expect(standard.xml).toContain('<cbc:RegistrationName>شركة الأفق للتجارة و شركاه</cbc:RegistrationName>');
    expect(standard.xml).toContain('<cbc:CitySubdivisionName>Al\nOlaya</cbc:CitySubdivisionName>');
    expect(checkDocument(standard.cleared_xml!).hash).toBe(standard.hash);
    expect(printed.map((p) => p.uuid)).toEqual([before!.uuid, view.uuid, after!.uuid]);
    await reportPending(shop);
    // Accepted, each (the shop's clock dates its sales in January 2025, so reporting warns of the 24 hours; nothing is an error).
    expect(zatca.received().map((r) => [r.route, r.icv, r.outcome, r.errors])).toEqual([
      ['clearance', 2, 'CLEARED', []],
      ['reporting', 1, 'REPORTED', []],
      ['reporting', 3, 'REPORTED', []],
    ]);
  });

  it('offline: nothing is written (no order, no ICV), the till says so in both languages, and the same cart sells with a simplified invoice', async () => {
    const { shop, zatca } = await b2bShop();
    await shop.sell(1);
    await zatca.close();
    const chain = readEgs(shop.db)!;
    await shop.till.addItem({ product_id: shop.products[1]!.id, quantity: 1, modifier_ids: allowedChoice(shop.products[1]!.modifiers) });
    const { total } = await shop.till.cart();
    const error = await refusal(shop.till.checkout({ payments: [{ method_key: 'CASH', amount: total }], buyer: BUYER }));
    expect(error.code).toBe('zatca_clearance');
    expect(error.reason?.code).toBe('zatca.b2bOffline');
    const key = `reason.${error.reason!.code}` as MessageKey;
    expect(translate('en', key)).toContain('issue a simplified invoice instead');
    expect(translate('ar', key)).toContain('أصدر فاتورة مبسطة');
    expect(readEgs(shop.db)).toEqual(chain);
    expect((await shop.till.orders({})).length).toBe(1);
    expect((await shop.till.cart()).lines).toHaveLength(1);

    const sale = await shop.till.checkout({ payments: [{ method_key: 'CASH', amount: total }] });
    expect(sale.clearance).toBeUndefined();
    expect(expectWholeChain(shop.db).map((d) => d.profile)).toEqual(['simplified', 'simplified']);
  });

  it('a unit onboarded for simplified documents only (0100) is told to onboard again, and nothing is written', async () => {
    const { shop, zatca } = await b2bShop('0100');
    await shop.till.addItem({ product_id: shop.products[0]!.id, quantity: 1, modifier_ids: allowedChoice(shop.products[0]!.modifiers) });
    const { total } = await shop.till.cart();
    const error = await refusal(shop.till.checkout({ payments: [{ method_key: 'CASH', amount: total }], buyer: BUYER }));
    expect(error.reason?.code).toBe('zatca.b2bNotOnboarded');
    expect(error.message).toContain('onboard it again');
    expect(allDocuments(shop.db)).toEqual([]);
    expect(zatca.received()).toEqual([]);
  });

  it('refuses a buyer without the address ZATCA requires or with a malformed VAT number, naming the fields', async () => {
    const { shop } = await b2bShop();
    await shop.till.addItem({ product_id: shop.products[0]!.id, quantity: 1, modifier_ids: allowedChoice(shop.products[0]!.modifiers) });
    const { total } = await shop.till.cart();
    const error = await refusal(
      shop.till.checkout({ payments: [{ method_key: 'CASH', amount: total }], buyer: { ...BUYER, vat_number: '310175397400004', district: ' ' } }),
    );
    expect(error.code).toBe('invalid_input');
    expect(error.message).toMatch(/buyer\.vat_number: a VAT number of 15 digits that starts and ends with 3.*buyer\.district: not empty/);
    expect(allDocuments(shop.db)).toEqual([]);
  });

  it('a clearance whose answer was lost is asked again before a simplified invoice replaces it: ZATCA had cleared it, so the sale keeps that one', async () => {
    const { shop, zatca, printed } = await b2bShop();
    zatca.faults = { ...zatca.faults, dropNext: 1, routes: [CLEARANCE] };
    const view = await sellB2b(shop);
    expect(view.clearance?.state).toBe('unanswered');
    expect(printed).toEqual([]);
    expect(allDocuments(shop.db).map((d) => d.report_state)).toEqual(['clearing']);

    const after = await shop.till.issueSimplifiedInvoice({ uuid: view.uuid });
    expect(after.clearance?.state).toBe('cleared');
    const docs = expectWholeChain(shop.db);
    expect(docs.map((d) => [d.profile, d.report_state])).toEqual([['standard', 'cleared']]);
    // The stand-in cleared it once; the second ask was answered as the resubmission it was (208), nothing twice.
    expect(zatca.received().map((r) => [r.route, r.httpStatus, r.outcome, r.resubmission])).toEqual([
      ['clearance', 200, 'CLEARED', false],
      ['clearance', 208, 'CLEARED', true],
    ]);
    expect(printed).toEqual([{ uuid: view.uuid, qr: docs[0]!.qr }]);
  });

  it(
    'survives the till killed (SIGKILL) while ZATCA holds its clearance answer: the order and its invoice are on disk, no gap, and cleared once',
    { timeout: 120_000 },
    async () => {
      const { shop, zatca, printed } = await b2bShop();
      await shop.sell(1);
      const held = zatca.hold('POST', CLEARANCE);
      const child = spawn(process.execPath, ['--import', 'tsx', CHILD, shop.service.dir.file('till.db'), shop.products[2]!.id, JSON.stringify(BUYER)], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
      // ZATCA has cleared it and logged it; its answer never reaches the till.
      await Promise.race([held.arrived, exited.then(() => Promise.reject(new Error(`the child ended before clearance: ${output}`)))]);
      child.kill('SIGKILL');
      expect(await exited).toBe('SIGKILL');
      held.release();

      const docs = expectWholeChain(shop.db);
      expect(docs.map((d) => [d.icv, d.profile, d.report_state])).toEqual([
        [1, 'simplified', 'pending'],
        [2, 'standard', 'clearing'],
      ]);
      const uuid = docs[1]!.order_uuid;
      expect(readOrder(shop.db, uuid)).toMatchObject({ zatca_qr: null });
      expect((await shop.till.order({ uuid })).clearance?.state).toBe('unanswered');

      // The cashier's way on: asked again first, ZATCA answers with the cleared document; no simplified invoice, nothing twice.
      const after = await shop.till.issueSimplifiedInvoice({ uuid });
      expect(after.clearance?.state).toBe('cleared');
      expect(expectWholeChain(shop.db).map((d) => [d.icv, d.report_state])).toEqual([
        [1, 'pending'],
        [2, 'cleared'],
      ]);
      expect(zatca.received().map((r) => [r.route, r.icv, r.httpStatus, r.resubmission])).toEqual([
        ['clearance', 2, 200, false],
        ['clearance', 2, 208, true],
      ]);
      expect(printed.at(-1)).toEqual({ uuid, qr: allDocuments(shop.db)[1]!.qr });
    },
  );
});
