// A refund of a cleared standard (B2B) tax invoice is a standard credit
// note (381, subtype 0100000) to the same buyer, naming the invoice and the
// reason, cleared by ZATCA before its receipt prints (issue 22). Over real
// HTTP on loopback against the ZATCA stand-in, which recomputes the hash,
// verifies the stamp and the chain, checks BR-KSA-56/17 and looks up the
// invoice the note's billing reference names. What must hold: the note
// takes its ICV in the refund's transaction whatever ZATCA says (no gap, no
// fork); its receipt is a "Tax Credit Note" naming the buyer with the QR of
// ZATCA's cleared note; refused, it keeps its slot, no receipt, and a note
// issued again takes the next one; offline nothing is written and the till
// says so in both languages; a simplified sale's refund stays simplified.
import { writeFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningZatcaStandIn } from '../../../emulator/zatca/start-zatca-stand-in.ts';
import { checkDocument } from '../../../emulator/zatca/verify-document.ts';
import { readOrder } from '../../../src-main/orders/index.ts';
import { documentFor, readPrintContext, renderForPrinter, renderReceiptPreview } from '../../../src-main/printing/index.ts';
import { decodeEscPos } from '../../../src-main/printing/escpos/decode-escpos.ts';
import { printerSettings } from '../../../src-shared/catalog/index.ts';
import { allDocuments, readEgs } from '../../../src-main/zatca/index.ts';
import { translate, type MessageKey } from '../../../src-shared/i18n/index.ts';
import type { OrderView } from '../../../src-shared/selling/index.ts';
import { decodeZatcaPhase2Qr } from '../../../src-shared/zatca/index.ts';
import { loadPngAsBitmap } from '../../unit/printing/pixel-diff.ts';
import { scanQr } from '../../unit/printing/qr-scan.ts';
import { B2B_BUYER, expectWholeChain, openB2bClearanceShop, type B2bClearanceShop } from '../../support/b2b-clearance-shop.ts';
import type { CheckoutShop } from '../../support/checkout-shop.ts';
import { refusal } from '../../support/refusal.ts';
import { testSigner } from '../../support/zatca-egs.ts';

// The buyer's name in English: the note's XML and paper are checked for it as text.
const BUYER = { ...B2B_BUYER, name: 'Horizon Trading Co.' };

let opened: B2bClearanceShop | undefined;
afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

async function b2bShop() {
  opened = await openB2bClearanceShop();
  return opened;
}

async function sellB2b(s: CheckoutShop): Promise<OrderView> {
  const sale = await s.sellLines(
    [
      { product: s.products[0]!, quantity: 2 },
      { product: s.products[1]!, quantity: 1 },
    ],
    { buyer: BUYER },
  );
  const view = await s.till.order({ uuid: sale.uuid });
  expect(view.clearance?.state).toBe('cleared');
  return view;
}

const clearances = (z: RunningZatcaStandIn) => z.received().filter((r) => r.route === 'clearance');

describe('the refund of a cleared standard (B2B) tax invoice', () => {
  it('is a standard credit note to the same buyer, naming the invoice and the reason, cleared before its "Tax Credit Note" prints with ZATCA\'s QR', async () => {
    const { shop, zatca, printed } = await b2bShop();
    const sale = await sellB2b(shop);
    const refund = await shop.till.refund({ uuid: sale.uuid, lines: [{ line_no: 1, quantity: 1 }], reason: 'Damaged on delivery' });

    expect(refund.clearance).toEqual({ state: 'cleared', messages: [] });
    const docs = expectWholeChain(shop.db);
    expect(docs.map((d) => [d.order_uuid, d.kind, d.profile, d.report_state])).toEqual([
      [sale.uuid, 'invoice', 'standard', 'cleared'],
      [refund.uuid, 'credit', 'standard', 'cleared'],
    ]);
    const note = docs[1]!;
    expect(note.xml).toContain('<cbc:InvoiceTypeCode name="0100000">381</cbc:InvoiceTypeCode>');
    expect(note.xml).toContain(`<cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>${sale.number}</cbc:ID>`);
    expect(note.xml).toContain('<cbc:InstructionNote>Damaged on delivery</cbc:InstructionNote>');
    expect(note.xml).toContain('<cbc:CompanyID>310175397400003</cbc:CompanyID>');
    expect(note.xml).toContain('<cbc:RegistrationName>Horizon Trading Co.</cbc:RegistrationName>');
    expect(note.xml).not.toContain('<cbc:ID>QR</cbc:ID>');
    expect(JSON.parse(note.buyer!)).toMatchObject({ name: BUYER.name, vatNumber: BUYER.vat_number });

    // The stand-in cleared the note once: its own check found nothing wrong, and the invoice its billing reference names is one it cleared.
    expect(clearances(zatca).map((r) => [r.uuid, r.icv, r.typeCode, r.billingReference, r.httpStatus, r.outcome])).toEqual([
      [sale.uuid, 1, '388', null, 200, 'CLEARED'],
      [refund.uuid, 2, '381', sale.number, 200, 'CLEARED'],
    ]);
    expect(clearances(zatca)[1]!.warnings).toEqual([]);
    const check = checkDocument(note.cleared_xml!);
    expect(check.errors).toEqual([]);
    expect(check.hash).toBe(note.hash);
    // The stand-in's check would refuse the note without the invoice it names (BR-KSA-56) or without its reason (BR-KSA-17).
    const codes = (xml: string) => checkDocument(xml).errors.map((e) => e.code);
    expect(codes(note.xml.replace(/<cac:BillingReference>.*?<\/cac:BillingReference>/, ''))).toContain('BR-KSA-56');
    expect(codes(note.xml.replace(/<cbc:InstructionNote>.*?<\/cbc:InstructionNote>/, ''))).toContain('BR-KSA-17');
    expect(codes(note.xml)).toEqual([]);

    // The receipt printed only now, with the cleared note's QR (tags 1 to 8, as ZATCA's standard documents carry), scanned off its raster.
    expect(printed.map((p) => p.uuid)).toEqual([sale.uuid, refund.uuid]);
    expect(printed[1]!.qr).toBe(note.qr);
    expect(readOrder(shop.db, refund.uuid)!.zatca_qr).toBe(note.qr);
    const png = shop.service.dir.file('credit-note.png');
    await writeFile(png, await renderReceiptPreview(shop.db, refund.uuid, 80));
    const scanned = scanQr(await loadPngAsBitmap(png));
    expect(scanned).toBe(note.qr);
    const tags = decodeZatcaPhase2Qr(scanned!);
    expect(tags.invoiceHash).toBe(note.hash);
    expect(tags.certificateSignature).toBeNull();
    expect(tags.total).toBe(/<cbc:TaxInclusiveAmount currencyID="SAR">([\d.]+)</.exec(note.xml)![1]);

    // On paper: "Tax Credit Note", the invoice it reverses and why, and the buyer.
    const printer = { name: 'Cashier', settings: printerSettings(['PRODUCT_SHOW']), width: 80 as const, categories: null };
    const receipt = decodeEscPos(
      await renderForPrinter(documentFor(readOrder(shop.db, refund.uuid)!, 'receipt', printer, readPrintContext(shop.db), false)!, printer),
    );
    expect(receipt.problems).toEqual([]);
    expect(receipt.text).toMatch(/^Tax Credit Note$/m);
    expect(receipt.text).toMatch(new RegExp(`^Reverses invoice +#${sale.number}$`, 'm'));
    expect(receipt.text).toMatch(/^Reason +Damaged on delivery$/m);
    expect(receipt.text).toMatch(/^Buyer$/m);
    expect(receipt.text).toMatch(/^VAT No\. +310175397400003$/m);
    expect(receipt.text).toContain('4321 Prince Mohammed Road');
  });

  it('refused by ZATCA: the note keeps its ICV, nothing prints, the till says what to do; issued again it takes the next ICV and is cleared', async () => {
    const { shop, zatca, printed, stampWith } = await b2bShop();
    const sale = await sellB2b(shop);
    // A stamp from a certificate ZATCA never issued: clearance says NOT_CLEARED with its reason.
    stampWith.signer = (await testSigner(zatca.ca)).signer;
    const refund = await shop.till.refund({ uuid: sale.uuid, reason: 'Wrong size' });
    expect(refund.clearance).toMatchObject({ state: 'refused' });
    expect(refund.clearance?.messages.join(' ')).toContain('certificate-issuer');
    expect(readOrder(shop.db, refund.uuid)!.zatca_qr).toBeNull();
    expect(printed.map((p) => p.uuid)).toEqual([sale.uuid]);
    expect(translate('en', 'b2b.credit.refused')).toContain('Give no money back yet');
    expect(translate('ar', 'b2b.credit.refused')).toContain('لا تُعِد أي مبلغ');
    // No simplified way out: a simplified credit note cannot reverse a tax invoice.
    expect((await refusal(shop.till.issueSimplifiedInvoice({ uuid: refund.uuid }))).reason?.code).toBe('zatca.notReplaceable');

    // A simplified sale in between chains onto the refused note's slot.
    const [between] = await shop.sell(1);
    stampWith.signer = null;
    const again = await shop.till.clearCreditNoteAgain({ uuid: refund.uuid });
    // ZATCA's only remark: the simplified sale between (ICV 3) is not reported yet (no reporter runs here).
    expect(again.clearance).toEqual({ state: 'cleared', messages: ['KSA-16: documents 3 to 3 of this EGS unit have not been received'] });
    const docs = expectWholeChain(shop.db);
    expect(docs.map((d) => [d.icv, d.order_uuid, d.kind, d.profile, d.report_state])).toEqual([
      [1, sale.uuid, 'invoice', 'standard', 'cleared'],
      [2, refund.uuid, 'credit', 'standard', 'not_cleared'],
      [3, between!.uuid, 'invoice', 'simplified', 'pending'],
      [4, refund.uuid, 'credit', 'standard', 'cleared'],
    ]);
    // Its own document (ZATCA knows the refused one's UUID), for the same refund; its QR on the receipt now printed, once.
    expect(docs[3]!.uuid).not.toBe(docs[1]!.uuid);
    expect(docs[3]!.xml).toContain(`<cbc:ID>${sale.number}</cbc:ID>`);
    expect(clearances(zatca).map((r) => [r.icv, r.typeCode, r.httpStatus, r.outcome])).toEqual([
      [1, '388', 200, 'CLEARED'],
      [2, '381', 400, 'NOT_CLEARED'],
      // 202: cleared with the warning above.
      [4, '381', 202, 'CLEARED'],
    ]);
    expect(printed.filter((p) => p.uuid === refund.uuid)).toEqual([{ uuid: refund.uuid, qr: docs[3]!.qr }]);
    expect(readOrder(shop.db, refund.uuid)!.zatca_qr).toBe(docs[3]!.qr);
    // Once is all.
    expect((await refusal(shop.till.clearCreditNoteAgain({ uuid: refund.uuid }))).reason?.code).toBe('zatca.notReissuable');
    expect(allDocuments(shop.db)).toHaveLength(4);
  });

  it('unanswered: the note stays clearing and is asked again (the same bytes) before any new one, so it is cleared once', async () => {
    const { shop, zatca, printed } = await b2bShop();
    const sale = await sellB2b(shop);
    zatca.faults = { ...zatca.faults, dropNext: 1, routes: ['/invoices/clearance/single'] };
    const refund = await shop.till.refund({ uuid: sale.uuid, reason: 'Returned' });
    expect(refund.clearance?.state).toBe('unanswered');
    expect(printed.map((p) => p.uuid)).toEqual([sale.uuid]);
    const after = await shop.till.clearCreditNoteAgain({ uuid: refund.uuid });
    expect(after.clearance?.state).toBe('cleared');
    expect(expectWholeChain(shop.db).map((d) => [d.kind, d.report_state])).toEqual([
      ['invoice', 'cleared'],
      ['credit', 'cleared'],
    ]);
    expect(clearances(zatca).map((r) => [r.icv, r.httpStatus, r.resubmission])).toEqual([
      [1, 200, false],
      [2, 200, false],
      [2, 208, true],
    ]);
    expect(printed.map((p) => p.uuid)).toEqual([sale.uuid, refund.uuid]);
  });

  it('offline: nothing is written (no refund, no ICV), the till says so in both languages; the sale stays refundable', async () => {
    const { shop, zatca } = await b2bShop();
    const sale = await sellB2b(shop);
    await zatca.close();
    const chain = readEgs(shop.db)!;
    const error = await refusal(shop.till.refund({ uuid: sale.uuid, reason: 'Returned' }));
    expect(error.code).toBe('zatca_clearance');
    expect(error.reason?.code).toBe('zatca.creditOffline');
    const key = `reason.${error.reason!.code}` as MessageKey;
    expect(translate('en', key)).toContain('Nothing was refunded');
    expect(translate('ar', key)).toContain('لم يُسترجع شيء');
    expect(readEgs(shop.db)).toEqual(chain);
    expect((await shop.till.orders({})).map((o) => o.kind)).toEqual(['SALE']);
    expect((await shop.till.order({ uuid: sale.uuid })).status).toBe('PAID');
  });

  it('a sale with a simplified invoice is refunded with a simplified credit note, reported as before, never cleared', async () => {
    const { shop, zatca } = await b2bShop();
    const [sale] = await shop.sell(1);
    const refund = await shop.till.refund({ uuid: sale!.uuid, reason: 'Returned' });
    expect(refund.clearance).toBeUndefined();
    const docs = expectWholeChain(shop.db);
    expect(docs.map((d) => [d.kind, d.profile, d.report_state])).toEqual([
      ['invoice', 'simplified', 'pending'],
      ['credit', 'simplified', 'pending'],
    ]);
    expect(docs[1]!.xml).toContain('<cbc:InvoiceTypeCode name="0200000">381</cbc:InvoiceTypeCode>');
    expect(clearances(zatca)).toEqual([]);
  });

  it('the chain walks whole across invoices, a cleared credit note, a refused one and the one issued again (no gap, no fork), and the stand-in agrees', async () => {
    const { shop, zatca, stampWith } = await b2bShop();
    const [first] = await shop.sell(1);
    const sale = await sellB2b(shop);
    const cleared = await shop.till.refund({ uuid: sale.uuid, lines: [{ line_no: 1, quantity: 1 }], reason: 'One cup broken' });
    expect(cleared.clearance?.state).toBe('cleared');
    stampWith.signer = (await testSigner(zatca.ca)).signer;
    const refused = await shop.till.refund({ uuid: sale.uuid, reason: 'The rest returned' });
    expect(refused.clearance?.state).toBe('refused');
    stampWith.signer = null;
    await shop.till.refund({ uuid: first!.uuid, reason: 'Cold' });
    const issued = await shop.till.clearCreditNoteAgain({ uuid: refused.uuid });
    expect(issued.clearance?.state).toBe('cleared');
    const docs = expectWholeChain(shop.db);
    expect(docs.map((d) => [d.kind, d.profile, d.report_state])).toEqual([
      ['invoice', 'simplified', 'pending'],
      ['invoice', 'standard', 'cleared'],
      ['credit', 'standard', 'cleared'],
      ['credit', 'standard', 'not_cleared'],
      ['credit', 'simplified', 'pending'],
      ['credit', 'standard', 'cleared'],
    ]);
    // Every credit note names its invoice; the standard ones the standard invoice.
    for (const doc of docs.filter((d) => d.kind === 'credit')) {
      const expected = doc.profile === 'standard' ? sale.number : first!.number;
      expect(checkDocument(doc.xml).billingReference).toBe(expected);
    }
    // The stand-in saw no fork and no broken PIH in what it cleared (the refused note's slot is in its chain too).
    for (const received of clearances(zatca)) {
      expect(received.errors.filter((e) => e.code === 'KSA-13' || e.code === 'KSA-16')).toEqual([]);
    }
  });
});
