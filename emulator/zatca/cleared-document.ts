/**
 * The cleared invoice the stand-in answers clearance with, as FATOORA makes
 * one: the standard invoice the EGS unit sent, stamped by ZATCA itself
 * (its own signature value, certificate and signed properties in place of
 * the unit's, from the stand-in CA's stamp certificate) and carrying the QR
 * ZATCA adds (a standard invoice leaves the EGS unit without one). The QR
 * reference goes after the PIH reference, where the samples carry it;
 * everything outside the stamp stays byte for byte, so the invoice hash
 * (which leaves the stamp and the QR out) is the one the till sent. The
 * QR's tags come from the document and ZATCA's stamp: the seller, the time,
 * the totals, the hash, ZATCA's signature and its certificate's public key
 * (tags 1 to 8; the CA's signature, tag 9, is on simplified documents' QRs
 * only).
 */
import 'reflect-metadata';
import { createHash, sign } from 'node:crypto';
import { DOMParser, type Element } from '@xmldom/xmldom';
import * as x509 from '@peculiar/x509';
import { ExclusiveCanonicalization } from 'xml-crypto';
import { encodeZatcaPhase2Qr } from '../../src-shared/zatca/index.ts';
import { checkDocument } from './verify-document.ts';
import type { ZatcaCa } from './zatca-ca.ts';

const CBC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';
const CAC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2';
const DS = 'http://www.w3.org/2000/09/xmldsig#';
const XADES = 'http://uri.etsi.org/01903/v1.3.2#';

type XmlCryptoElement = Parameters<ExclusiveCanonicalization['process']>[0];

const text = (root: Element, ns: string, local: string) => root.getElementsByTagNameNS(ns, local)[0]?.textContent?.trim() ?? '';
const escape = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const hexBase64 = (data: string) => Buffer.from(createHash('sha256').update(data, 'utf8').digest('hex'), 'utf8').toString('base64');

/** `xml` with the text of the first element matching `pattern` (its opening part up to the text) set to `value`. */
function setText(xml: string, pattern: RegExp, value: string): string {
  const match = pattern.exec(xml);
  if (!match) throw new Error(`the invoice's stamp has no ${pattern.source}`);
  const at = match.index + match[0].length;
  const end = xml.indexOf('<', at);
  return xml.slice(0, at) + value + xml.slice(end);
}

/** The unit's stamp replaced by ZATCA's (the stand-in CA's stamp certificate), over the same invoice hash. */
function restamp(xml: string, hash: string, stamp: ZatcaCa['stamp']): { xml: string; signature: string; certificate: x509.X509Certificate } {
  const parsed = new DOMParser().parseFromString(xml, 'text/xml').documentElement!;
  const signatureEl = parsed.getElementsByTagNameNS(DS, 'Signature')[0];
  const propsEl = parsed.getElementsByTagNameNS(XADES, 'SignedProperties')[0];
  if (!signatureEl || !propsEl) throw new Error('the invoice carries no XAdES stamp to replace');
  const ds = signatureEl.prefix ? `${signatureEl.prefix}:` : '';
  const xades = propsEl.prefix ? `${propsEl.prefix}:` : '';
  const certificate = new x509.X509Certificate(Buffer.from(stamp.certificateBase64, 'base64'));
  // ZATCA's scheme: ECDSA-SHA256 over the invoice hash's 32 bytes (the security features standard), DER.
  const signature = sign('sha256', Buffer.from(hash, 'base64'), stamp.privateKey).toString('base64');
  let out = xml;
  out = setText(out, new RegExp(`<${ds}SignatureValue[^>]*>`), signature);
  out = setText(out, new RegExp(`<${ds}X509Certificate[^>]*>`), stamp.certificateBase64);
  out = setText(out, new RegExp(`<${xades}CertDigest[^>]*>[\\s\\S]*?<${ds}DigestValue[^>]*>`), hexBase64(stamp.certificateBase64));
  out = setText(out, new RegExp(`<${ds}X509IssuerName[^>]*>`), escape(certificate.issuer));
  out = setText(out, new RegExp(`<${ds}X509SerialNumber[^>]*>`), BigInt(`0x${certificate.serialNumber}`).toString(10));
  // The signed properties changed: their digest in SignedInfo follows.
  const props = new DOMParser().parseFromString(out, 'text/xml').getElementsByTagNameNS(XADES, 'SignedProperties')[0]!;
  const propsDigest = hexBase64(new ExclusiveCanonicalization().process(props as unknown as XmlCryptoElement, {}));
  out = setText(out, new RegExp(`<${ds}Reference[^>]*URI="#xadesSignedProperties"[^>]*>[\\s\\S]*?<${ds}DigestValue[^>]*>`), propsDigest);
  return { xml: out, signature, certificate };
}

export function clearedXml(xml: string, stamp: ZatcaCa['stamp']): string {
  const checked = checkDocument(xml);
  const stamped = restamp(xml, checked.hash, stamp);
  const root = new DOMParser().parseFromString(stamped.xml, 'text/xml').documentElement!;
  const cac = root.lookupPrefix(CAC) ?? 'cac';
  const cbc = root.lookupPrefix(CBC) ?? 'cbc';
  const supplier = root.getElementsByTagNameNS(CAC, 'AccountingSupplierParty')[0]!;
  const taxTotal = root.getElementsByTagNameNS(CAC, 'TaxTotal')[0]!;
  const qr = encodeZatcaPhase2Qr({
    sellerName: text(supplier, CBC, 'RegistrationName'),
    vatNumber: text(supplier, CBC, 'CompanyID'),
    timestamp: `${checked.issueDate}T${checked.issueTime}`,
    total: text(root, CBC, 'TaxInclusiveAmount'),
    vatTotal: text(taxTotal, CBC, 'TaxAmount'),
    invoiceHash: checked.hash,
    signature: stamped.signature,
    publicKey: new Uint8Array(stamped.certificate.publicKey.rawData),
    // A standard document's QR stops at tag 8 (ZATCA's standard samples): tag 9 is for simplified ones.
    certificateSignature: null,
  });
  const reference =
    `<${cac}:AdditionalDocumentReference><${cbc}:ID>QR</${cbc}:ID><${cac}:Attachment>` +
    `<${cbc}:EmbeddedDocumentBinaryObject mimeCode="text/plain">${qr}</${cbc}:EmbeddedDocumentBinaryObject>` +
    `</${cac}:Attachment></${cac}:AdditionalDocumentReference>`;
  const pih = stamped.xml.indexOf(`<${cbc}:ID>PIH</${cbc}:ID>`);
  const close = `</${cac}:AdditionalDocumentReference>`;
  const at = pih < 0 ? -1 : stamped.xml.indexOf(close, pih);
  if (at < 0) throw new Error('the cleared invoice has no PIH reference to put the QR after');
  return stamped.xml.slice(0, at + close.length) + reference + stamped.xml.slice(at + close.length);
}
