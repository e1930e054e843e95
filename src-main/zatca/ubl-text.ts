/**
 * The UBL 2.1 XML of a ZATCA document (invoice 388, credit note 381, debit
 * note 383): simplified (subtype 0200000, with the till's QR) or a standard
 * tax invoice (subtype 0100000: the buyer in AccountingCustomerParty, the
 * supply date, and no QR of the till's: ZATCA's cleared document carries
 * it), in the element order of ZATCA's XML implementation standard and its
 * samples.
 *
 * Written straight as its canonical (C14N 1.1) text, never as a tree: a DOM
 * built, canonicalized and written for every sale was the garbage that made
 * a phase-2 checkout's p99 (docs/zatca.md). So this writes what a
 * canonicalizer would make of the document: every value as a reader reads
 * it back, escaped as C14N escapes (canonical-text.ts); the namespaces
 * declared once, on the root, where the canonical form keeps them; no
 * self-closing tags; no whitespace between elements (it would be hashed).
 * The equivalence test builds the same documents on a DOM and canonicalizes
 * them, and the stamp test holds the hash to xmllint --c14n11.
 *
 * Without the stamp this text is exactly what the invoice hash covers (the
 * UBLExtensions, the cac:Signature and the QR reference are what the hash
 * leaves out); the signed text is the same text with those three put in.
 */
import { formatMinor } from '../../src-shared/money/index.ts';
import { riyadhDateTime } from '../../src-shared/zatca/index.ts';
import { canonicalText } from './canonical-text.ts';
import { NS } from './ubl-namespaces.ts';
import { SIMPLIFIED_SUBTYPE, STANDARD_SUBTYPE, TYPE_CODES, type ZatcaDocument, type ZatcaParty } from './zatca-document.ts';

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

/** The stamp's parts, as canonical text in the place the document gives them. */
export interface UblStamp {
  /** The ext:UBLExtension(s) that go into ext:UBLExtensions, in canonical form under the invoice's root. */
  extensions: string;
  /** The QR reference's text; null for a standard invoice (ZATCA adds the QR when it clears it). */
  qr: string | null;
  /** `extensions`' UTF-8 in pieces (in order), when the stamp made them (stampExtensionUtf8): signedUtf8 then need not flatten it. */
  extensionsUtf8?: readonly Buffer[];
}

/** A document written once without its stamp: the text the hash covers, and the signed text once the stamp is known. */
export interface UblText {
  /** The C14N 1.1 form of exactly the unstamped document. */
  canonical: string;
  /** The UTF-8 of `canonical`, in pieces (in order) that signedUtf8 shares: what the invoice hash is taken over. */
  canonicalUtf8(): Buffer[];
  /** The signed document: the XML declaration, then the canonical text with the stamp, the QR reference and cac:Signature in it. */
  signed(stamp: UblStamp): string;
  /** The UTF-8 of signed(stamp), byte for byte, made from the same encoded pieces as canonicalUtf8 (the text is never flattened). */
  signedUtf8(stamp: UblStamp): Buffer;
}

const CURRENCY = 'SAR';
const ROOT_START = `<Invoice xmlns="${NS.invoice}" xmlns:cac="${NS.cac}" xmlns:cbc="${NS.cbc}" xmlns:ext="${NS.ext}">`;
const ROOT_END = '</Invoice>';
const ROOT_START_UTF8 = Buffer.from(ROOT_START, 'utf8');
const ROOT_END_UTF8 = Buffer.from(ROOT_END, 'utf8');
const SIGNATURE_REFERENCE =
  '<cac:Signature><cbc:ID>urn:oasis:names:specification:ubl:signature:Invoice</cbc:ID>' +
  '<cbc:SignatureMethod>urn:oasis:names:specification:ubl:dsig:enveloped:xades</cbc:SignatureMethod></cac:Signature>';
// The signed text's fixed parts around the stamp's, encoded once.
const EXTENSIONS_START_UTF8 = Buffer.from(`${XML_DECLARATION}${ROOT_START}<ext:UBLExtensions>`, 'utf8');
const EXTENSIONS_END_UTF8 = Buffer.from('</ext:UBLExtensions>', 'utf8');
const QR_START = '<cac:AdditionalDocumentReference><cbc:ID>QR</cbc:ID><cac:Attachment><cbc:EmbeddedDocumentBinaryObject mimeCode="text/plain">';
const QR_START_UTF8 = Buffer.from(QR_START, 'utf8');
const QR_END_UTF8 = Buffer.from(`</cbc:EmbeddedDocumentBinaryObject></cac:Attachment></cac:AdditionalDocumentReference>${SIGNATURE_REFERENCE}`, 'utf8');
const SIGNATURE_REFERENCE_UTF8 = Buffer.from(SIGNATURE_REFERENCE, 'utf8');

/** A cbc element holding `text` (the till's value, made canonical here). */
function cbc(name: string, text: string): string {
  return `<cbc:${name}>${canonicalText(text)}</cbc:${name}>`;
}

/** An amount in riyals (digits, a point and a sign: nothing to escape). */
function money(name: string, minor: number): string {
  return `<cbc:${name} currencyID="${CURRENCY}">${formatMinor(minor)}</cbc:${name}>`;
}

function embedded(text: string): string {
  return `<cac:Attachment><cbc:EmbeddedDocumentBinaryObject mimeCode="text/plain">${canonicalText(text)}</cbc:EmbeddedDocumentBinaryObject></cac:Attachment>`;
}

/** A party: the seller states its CRN always (even empty), a buyer only when it has one. */
function party(of: ZatcaParty, alwaysIdentified: boolean): string {
  const identification =
    alwaysIdentified || of.crn ? `<cac:PartyIdentification><cbc:ID schemeID="CRN">${canonicalText(of.crn)}</cbc:ID></cac:PartyIdentification>` : '';
  return (
    `<cac:Party>${identification}<cac:PostalAddress>` +
    cbc('StreetName', of.street) +
    cbc('BuildingNumber', of.building) +
    cbc('CitySubdivisionName', of.district) +
    cbc('CityName', of.city) +
    cbc('PostalZone', of.postalCode) +
    '<cac:Country><cbc:IdentificationCode>SA</cbc:IdentificationCode></cac:Country></cac:PostalAddress>' +
    `<cac:PartyTaxScheme>${cbc('CompanyID', of.vatNumber)}<cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>` +
    `<cac:PartyLegalEntity>${cbc('RegistrationName', of.name)}</cac:PartyLegalEntity></cac:Party>`
  );
}

export function ublText(doc: ZatcaDocument): UblText {
  const standard = doc.profile === 'standard';
  if (standard && !doc.buyer) throw new RangeError('a standard document names its buyer');
  const { date, time } = riyadhDateTime(doc.issuedAt);

  // Up to the chain's references: the stamp's QR reference and cac:Signature come after them.
  let head =
    cbc('ProfileID', 'reporting:1.0') +
    cbc('ID', doc.id) +
    cbc('UUID', doc.uuid) +
    cbc('IssueDate', date) +
    cbc('IssueTime', time) +
    `<cbc:InvoiceTypeCode name="${standard ? STANDARD_SUBTYPE : SIMPLIFIED_SUBTYPE}">${TYPE_CODES[doc.kind]}</cbc:InvoiceTypeCode>` +
    cbc('DocumentCurrencyCode', CURRENCY) +
    cbc('TaxCurrencyCode', CURRENCY);
  if (doc.kind !== 'invoice') {
    if (!doc.billingReference || !doc.reason) throw new RangeError(`a ${doc.kind} note needs the invoice it corrects and the reason`);
    head += `<cac:BillingReference><cac:InvoiceDocumentReference>${cbc('ID', doc.billingReference)}</cac:InvoiceDocumentReference></cac:BillingReference>`;
  }
  head += `<cac:AdditionalDocumentReference><cbc:ID>ICV</cbc:ID>${cbc('UUID', String(doc.icv))}</cac:AdditionalDocumentReference>`;
  head += `<cac:AdditionalDocumentReference><cbc:ID>PIH</cbc:ID>${embedded(doc.pih)}</cac:AdditionalDocumentReference>`;

  let tail = `<cac:AccountingSupplierParty>${party(doc.seller, true)}</cac:AccountingSupplierParty>`;
  // A simplified document names no buyer; a standard invoice names the business it is issued to.
  tail += `<cac:AccountingCustomerParty>${standard && doc.buyer ? party(doc.buyer, false) : ''}</cac:AccountingCustomerParty>`;
  // BR-KSA-15: a standard tax invoice states the supply date; at the counter, the day of the sale.
  if (standard && doc.buyer) tail += `<cac:Delivery>${cbc('ActualDeliveryDate', date)}</cac:Delivery>`;
  tail += `<cac:PaymentMeans>${cbc('PaymentMeansCode', doc.paymentMeansCode)}${doc.kind !== 'invoice' ? cbc('InstructionNote', doc.reason!) : ''}</cac:PaymentMeans>`;

  const category = doc.vatRate > 0 ? 'S' : 'O';
  const rate = `<cbc:ID>${category}</cbc:ID><cbc:Percent>${formatMinor(doc.vatRate)}</cbc:Percent>`;
  const exemption =
    category === 'O'
      ? '<cbc:TaxExemptionReasonCode>VATEX-SA-OOS</cbc:TaxExemptionReasonCode><cbc:TaxExemptionReason>Not subject to VAT</cbc:TaxExemptionReason>'
      : '';
  const scheme = '<cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme>';
  const lineCategory = `<cac:ClassifiedTaxCategory>${rate}${scheme}</cac:ClassifiedTaxCategory>`;
  // Two TaxTotals, as ZATCA asks: the VAT in the tax currency, then the breakdown.
  tail += `<cac:TaxTotal>${money('TaxAmount', doc.tax)}</cac:TaxTotal>`;
  tail +=
    `<cac:TaxTotal>${money('TaxAmount', doc.tax)}<cac:TaxSubtotal>${money('TaxableAmount', doc.net)}${money('TaxAmount', doc.tax)}` +
    `<cac:TaxCategory>${rate}${exemption}${scheme}</cac:TaxCategory></cac:TaxSubtotal></cac:TaxTotal>`;
  tail +=
    '<cac:LegalMonetaryTotal>' +
    money('LineExtensionAmount', doc.net) +
    money('TaxExclusiveAmount', doc.net) +
    money('TaxInclusiveAmount', doc.total) +
    money('AllowanceTotalAmount', 0) +
    money('PrepaidAmount', 0) +
    money('PayableAmount', doc.total) +
    '</cac:LegalMonetaryTotal>';

  for (const line of doc.lines) {
    const quantity = `<cbc:InvoicedQuantity unitCode="PCE">${canonicalText(String(line.quantity))}</cbc:InvoicedQuantity>`;
    tail += `<cac:InvoiceLine>${cbc('ID', String(line.id))}${quantity}${money('LineExtensionAmount', line.net)}`;
    // A discount is an allowance on the line (ZATCA and EN 16931, BG-27), never folded into the price: UNCL 5189 95, "Discount".
    const allowance = line.allowance && line.allowance.amount > 0 ? line.allowance : null;
    if (allowance) {
      tail +=
        '<cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator><cbc:AllowanceChargeReasonCode>95</cbc:AllowanceChargeReasonCode>' +
        cbc('AllowanceChargeReason', allowance.reason) +
        money('Amount', allowance.amount) +
        money('BaseAmount', line.net + allowance.amount) +
        '</cac:AllowanceCharge>';
    }
    tail += `<cac:TaxTotal>${money('TaxAmount', line.tax)}${money('RoundingAmount', line.total)}</cac:TaxTotal>`;
    tail += `<cac:Item>${cbc('Name', line.name)}${lineCategory}</cac:Item>`;
    // The price of the whole quantity (BaseQuantity): exact in minor units, where a unit price may not divide; before the allowance.
    tail +=
      `<cac:Price>${money('PriceAmount', line.net + (allowance?.amount ?? 0))}` +
      `<cbc:BaseQuantity unitCode="PCE">${canonicalText(String(line.quantity))}</cbc:BaseQuantity></cac:Price></cac:InvoiceLine>`;
  }

  // The text between the pieces both forms share (head, tail): what the stamp puts in, before the head and after it.
  const beforeHead = (stamp: UblStamp) => `${XML_DECLARATION}${ROOT_START}<ext:UBLExtensions>${stamp.extensions}</ext:UBLExtensions>`;
  // Where a document built with its stamp has the parts: UBLExtensions first; the QR reference and cac:Signature after the chain's references.
  const afterHead = (stamp: UblStamp) =>
    (stamp.qr ? `<cac:AdditionalDocumentReference><cbc:ID>QR</cbc:ID>${embedded(stamp.qr)}</cac:AdditionalDocumentReference>` : '') + SIGNATURE_REFERENCE;
  // Head and tail encoded once, for the hash and the signed bytes both: a text with an Arabic name in it is two-byte,
  // and each flattening of the whole (the hash's, the stored form's) was about 18 KB of garbage in every sale.
  let utf8: { head: Buffer; tail: Buffer } | null = null;
  const encoded = () => (utf8 ??= { head: Buffer.from(head, 'utf8'), tail: Buffer.from(tail, 'utf8') });
  return {
    canonical: ROOT_START + head + tail + ROOT_END,
    canonicalUtf8: () => [ROOT_START_UTF8, encoded().head, encoded().tail, ROOT_END_UTF8],
    signed: (stamp) => beforeHead(stamp) + head + afterHead(stamp) + tail + ROOT_END,
    // Cut only between elements (every piece starts and ends with a tag), so no character's bytes are split.
    signedUtf8: (stamp) => {
      if (!stamp.extensionsUtf8) {
        return Buffer.concat([Buffer.from(beforeHead(stamp), 'utf8'), encoded().head, Buffer.from(afterHead(stamp), 'utf8'), encoded().tail, ROOT_END_UTF8]);
      }
      // The stamp's and the QR reference's fixed text already encoded: only the sale's values are encoded here.
      const pieces = [EXTENSIONS_START_UTF8, ...stamp.extensionsUtf8, EXTENSIONS_END_UTF8, encoded().head];
      if (stamp.qr) pieces.push(QR_START_UTF8, Buffer.from(canonicalText(stamp.qr), 'utf8'), QR_END_UTF8);
      else pieces.push(SIGNATURE_REFERENCE_UTF8);
      pieces.push(encoded().tail, ROOT_END_UTF8);
      return Buffer.concat(pieces);
    },
  };
}
