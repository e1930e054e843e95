/**
 * The UBL 2.1 XML of a ZATCA document built on xmldom's DOM and
 * canonicalized: the till's builder until it wrote the document as canonical
 * text (src-main/zatca/ubl-text.ts), kept as the reference that text is held
 * to, element for element.
 *
 * Without a stamp this is the document as the invoice hash sees it; with one
 * it is the signed document.
 */
import type { Element } from '@xmldom/xmldom';
import { formatMinor } from '../../../src-shared/money/index.ts';
import { riyadhDateTime } from '../../../src-shared/zatca/index.ts';
import { NS } from '../../../src-main/zatca/ubl-namespaces.ts';
import { SIMPLIFIED_SUBTYPE, STANDARD_SUBTYPE, TYPE_CODES, type ZatcaDocument } from '../../../src-main/zatca/zatca-document.ts';
import { child, newDocument, serialize } from './xml-tree.ts';

export interface DomUblStamp {
  /** Writes the ext:UBLExtension(s) into ext:UBLExtensions (writeStamp). */
  writeExtensions: (extensions: Element) => void;
  /** The QR reference's text; null for a standard invoice (ZATCA adds the QR when it clears it). */
  qr: string | null;
}

const CURRENCY = 'SAR';

export function buildUbl(doc: ZatcaDocument, stamp?: DomUblStamp): string {
  return serialize(ublTree(doc, stamp).root.ownerDocument!);
}

function cbc(parent: Element, name: string, text: string, attributes?: Record<string, string>): Element {
  return child(parent, NS.cbc, `cbc:${name}`, text, attributes);
}

function cac(parent: Element, name: string): Element {
  return child(parent, NS.cac, `cac:${name}`);
}

/** The QR reference (a simplified document's) and cac:Signature, appended to `root`; returns them in order. */
function writeQrAndSignature(root: Element, stamp: DomUblStamp): Element[] {
  const written: Element[] = [];
  if (stamp.qr) {
    const qr = cac(root, 'AdditionalDocumentReference');
    cbc(qr, 'ID', 'QR');
    cbc(cac(qr, 'Attachment'), 'EmbeddedDocumentBinaryObject', stamp.qr, { mimeCode: 'text/plain' });
    written.push(qr);
  }
  const signature = cac(root, 'Signature');
  cbc(signature, 'ID', 'urn:oasis:names:specification:ubl:signature:Invoice');
  cbc(signature, 'SignatureMethod', 'urn:oasis:names:specification:ubl:dsig:enveloped:xades');
  written.push(signature);
  return written;
}

/** The document's root element (`root`), and its supplier party, before which the stamp's QR and signature stand. */
function ublTree(doc: ZatcaDocument, stamp?: DomUblStamp): { root: Element; supplier: Element } {
  const root = newDocument(NS.invoice, 'Invoice', { '': NS.invoice, cac: NS.cac, cbc: NS.cbc, ext: NS.ext });
  const money = (parent: Element, name: string, minor: number) => cbc(parent, name, formatMinor(minor), { currencyID: CURRENCY });

  const standard = doc.profile === 'standard';
  if (standard && !doc.buyer) throw new RangeError('a standard document names its buyer');
  if (stamp) stamp.writeExtensions(child(root, NS.ext, 'ext:UBLExtensions'));
  const { date, time } = riyadhDateTime(doc.issuedAt);
  cbc(root, 'ProfileID', 'reporting:1.0');
  cbc(root, 'ID', doc.id);
  cbc(root, 'UUID', doc.uuid);
  cbc(root, 'IssueDate', date);
  cbc(root, 'IssueTime', time);
  cbc(root, 'InvoiceTypeCode', TYPE_CODES[doc.kind], { name: standard ? STANDARD_SUBTYPE : SIMPLIFIED_SUBTYPE });
  cbc(root, 'DocumentCurrencyCode', CURRENCY);
  cbc(root, 'TaxCurrencyCode', CURRENCY);
  if (doc.kind !== 'invoice') {
    if (!doc.billingReference || !doc.reason) throw new RangeError(`a ${doc.kind} note needs the invoice it corrects and the reason`);
    cbc(cac(cac(root, 'BillingReference'), 'InvoiceDocumentReference'), 'ID', doc.billingReference);
  }
  const icv = cac(root, 'AdditionalDocumentReference');
  cbc(icv, 'ID', 'ICV');
  cbc(icv, 'UUID', String(doc.icv));
  const pih = cac(root, 'AdditionalDocumentReference');
  cbc(pih, 'ID', 'PIH');
  cbc(cac(pih, 'Attachment'), 'EmbeddedDocumentBinaryObject', doc.pih, { mimeCode: 'text/plain' });
  if (stamp) writeQrAndSignature(root, stamp);

  const supplier = cac(root, 'AccountingSupplierParty');
  const party = cac(supplier, 'Party');
  cbc(cac(party, 'PartyIdentification'), 'ID', doc.seller.crn, { schemeID: 'CRN' });
  const address = cac(party, 'PostalAddress');
  cbc(address, 'StreetName', doc.seller.street);
  cbc(address, 'BuildingNumber', doc.seller.building);
  cbc(address, 'CitySubdivisionName', doc.seller.district);
  cbc(address, 'CityName', doc.seller.city);
  cbc(address, 'PostalZone', doc.seller.postalCode);
  cbc(cac(address, 'Country'), 'IdentificationCode', 'SA');
  const partyTax = cac(party, 'PartyTaxScheme');
  cbc(partyTax, 'CompanyID', doc.seller.vatNumber);
  cbc(cac(partyTax, 'TaxScheme'), 'ID', 'VAT');
  cbc(cac(party, 'PartyLegalEntity'), 'RegistrationName', doc.seller.name);
  const customer = cac(root, 'AccountingCustomerParty');
  // A simplified document names no buyer; a standard invoice names the business it is issued to.
  if (standard && doc.buyer) {
    const buyer = doc.buyer;
    const buyerParty = cac(customer, 'Party');
    if (buyer.crn) cbc(cac(buyerParty, 'PartyIdentification'), 'ID', buyer.crn, { schemeID: 'CRN' });
    const buyerAddress = cac(buyerParty, 'PostalAddress');
    cbc(buyerAddress, 'StreetName', buyer.street);
    cbc(buyerAddress, 'BuildingNumber', buyer.building);
    cbc(buyerAddress, 'CitySubdivisionName', buyer.district);
    cbc(buyerAddress, 'CityName', buyer.city);
    cbc(buyerAddress, 'PostalZone', buyer.postalCode);
    cbc(cac(buyerAddress, 'Country'), 'IdentificationCode', 'SA');
    const buyerTax = cac(buyerParty, 'PartyTaxScheme');
    cbc(buyerTax, 'CompanyID', buyer.vatNumber);
    cbc(cac(buyerTax, 'TaxScheme'), 'ID', 'VAT');
    cbc(cac(buyerParty, 'PartyLegalEntity'), 'RegistrationName', buyer.name);
    // BR-KSA-15: a standard tax invoice states the supply date; at the counter, the day of the sale.
    cbc(cac(root, 'Delivery'), 'ActualDeliveryDate', date);
  }

  const means = cac(root, 'PaymentMeans');
  cbc(means, 'PaymentMeansCode', doc.paymentMeansCode);
  if (doc.kind !== 'invoice') cbc(means, 'InstructionNote', doc.reason!);

  const category = doc.vatRate > 0 ? 'S' : 'O';
  const taxCategory = (parent: Element, name: 'TaxCategory' | 'ClassifiedTaxCategory') => {
    const node = cac(parent, name);
    cbc(node, 'ID', category);
    cbc(node, 'Percent', formatMinor(doc.vatRate));
    if (category === 'O' && name === 'TaxCategory') {
      cbc(node, 'TaxExemptionReasonCode', 'VATEX-SA-OOS');
      cbc(node, 'TaxExemptionReason', 'Not subject to VAT');
    }
    cbc(cac(node, 'TaxScheme'), 'ID', 'VAT');
  };
  // Two TaxTotals, as ZATCA asks: the VAT in the tax currency, then the breakdown.
  money(cac(root, 'TaxTotal'), 'TaxAmount', doc.tax);
  const taxTotal = cac(root, 'TaxTotal');
  money(taxTotal, 'TaxAmount', doc.tax);
  const subtotal = cac(taxTotal, 'TaxSubtotal');
  money(subtotal, 'TaxableAmount', doc.net);
  money(subtotal, 'TaxAmount', doc.tax);
  taxCategory(subtotal, 'TaxCategory');

  const totals = cac(root, 'LegalMonetaryTotal');
  money(totals, 'LineExtensionAmount', doc.net);
  money(totals, 'TaxExclusiveAmount', doc.net);
  money(totals, 'TaxInclusiveAmount', doc.total);
  money(totals, 'AllowanceTotalAmount', 0);
  money(totals, 'PrepaidAmount', 0);
  money(totals, 'PayableAmount', doc.total);

  for (const line of doc.lines) {
    const node = cac(root, 'InvoiceLine');
    cbc(node, 'ID', String(line.id));
    cbc(node, 'InvoicedQuantity', String(line.quantity), { unitCode: 'PCE' });
    money(node, 'LineExtensionAmount', line.net);
    // A discount is an allowance on the line (ZATCA and EN 16931, BG-27), never folded into the price: UNCL 5189 95, "Discount".
    const allowance = line.allowance && line.allowance.amount > 0 ? line.allowance : null;
    if (allowance) {
      const node2 = cac(node, 'AllowanceCharge');
      cbc(node2, 'ChargeIndicator', 'false');
      cbc(node2, 'AllowanceChargeReasonCode', '95');
      cbc(node2, 'AllowanceChargeReason', allowance.reason);
      money(node2, 'Amount', allowance.amount);
      money(node2, 'BaseAmount', line.net + allowance.amount);
    }
    const lineTax = cac(node, 'TaxTotal');
    money(lineTax, 'TaxAmount', line.tax);
    money(lineTax, 'RoundingAmount', line.total);
    const item = cac(node, 'Item');
    cbc(item, 'Name', line.name);
    taxCategory(item, 'ClassifiedTaxCategory');
    // The price of the whole quantity (BaseQuantity): exact in minor units, where a unit price may not divide; before the allowance.
    const price = cac(node, 'Price');
    money(price, 'PriceAmount', line.net + (allowance?.amount ?? 0));
    cbc(price, 'BaseQuantity', String(line.quantity), { unitCode: 'PCE' });
  }
  return { root, supplier };
}
