/**
 * The cleared invoice the stand-in answers clearance with, as ZATCA's
 * clearance API describes it: the standard invoice the EGS unit sent, with
 * the QR ZATCA adds (a standard invoice leaves the EGS unit without one).
 * The QR reference goes after the PIH reference, where the samples carry
 * it; everything else stays byte for byte, so the invoice hash (which
 * leaves the QR out) is the one the till sent. The QR's tags come from the
 * document itself: the seller, the time, the totals, the hash, the
 * stamp's signature and its certificate's public key (tags 1 to 8; the
 * CA's signature, tag 9, is on simplified documents' QRs only).
 */
import 'reflect-metadata';
import { DOMParser, type Element } from '@xmldom/xmldom';
import * as x509 from '@peculiar/x509';
import { encodeZatcaPhase2Qr } from '../../src-shared/zatca/index.ts';
import { checkDocument } from './verify-document.ts';

const CBC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';
const CAC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2';
const DS = 'http://www.w3.org/2000/09/xmldsig#';

const text = (root: Element, ns: string, local: string) => root.getElementsByTagNameNS(ns, local)[0]?.textContent?.trim() ?? '';

export function clearedXml(xml: string): string {
  const checked = checkDocument(xml);
  const root = new DOMParser().parseFromString(xml, 'text/xml').documentElement!;
  const cac = root.lookupPrefix(CAC) ?? 'cac';
  const cbc = root.lookupPrefix(CBC) ?? 'cbc';
  const supplier = root.getElementsByTagNameNS(CAC, 'AccountingSupplierParty')[0]!;
  const taxTotal = root.getElementsByTagNameNS(CAC, 'TaxTotal')[0]!;
  const certificate = new x509.X509Certificate(Buffer.from(text(root, DS, 'X509Certificate'), 'base64'));
  const qr = encodeZatcaPhase2Qr({
    sellerName: text(supplier, CBC, 'RegistrationName'),
    vatNumber: text(supplier, CBC, 'CompanyID'),
    timestamp: `${checked.issueDate}T${checked.issueTime}`,
    total: text(root, CBC, 'TaxInclusiveAmount'),
    vatTotal: text(taxTotal, CBC, 'TaxAmount'),
    invoiceHash: checked.hash,
    signature: text(root, DS, 'SignatureValue'),
    publicKey: new Uint8Array(certificate.publicKey.rawData),
    // A standard document's QR stops at tag 8 (ZATCA's standard samples): tag 9 is for simplified ones.
    certificateSignature: null,
  });
  const reference =
    `<${cac}:AdditionalDocumentReference><${cbc}:ID>QR</${cbc}:ID><${cac}:Attachment>` +
    `<${cbc}:EmbeddedDocumentBinaryObject mimeCode="text/plain">${qr}</${cbc}:EmbeddedDocumentBinaryObject>` +
    `</${cac}:Attachment></${cac}:AdditionalDocumentReference>`;
  const pih = xml.indexOf(`<${cbc}:ID>PIH</${cbc}:ID>`);
  const close = `</${cac}:AdditionalDocumentReference>`;
  const at = pih < 0 ? -1 : xml.indexOf(close, pih);
  if (at < 0) throw new Error('the cleared invoice has no PIH reference to put the QR after');
  return xml.slice(0, at + close.length) + reference + xml.slice(at + close.length);
}
