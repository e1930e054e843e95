/**
 * How the stand-in checks a document it receives, independently of the
 * till's own code: xml-crypto's canonicalizers (C14N 1.0 over the whole
 * stripped document, which equals C14N 1.1 there; exclusive C14N for the
 * SignedProperties), node:crypto for the hashes and the ECDSA signature,
 * @peculiar/x509 for the certificate. It answers with messages in ZATCA's
 * shape ({type, code, category, message, status}).
 */
import 'reflect-metadata';
import { createHash, createPublicKey, verify } from 'node:crypto';
import { DOMParser, type Document, type Element } from '@xmldom/xmldom';
import * as x509 from '@peculiar/x509';
import { C14nCanonicalization, ExclusiveCanonicalization } from 'xml-crypto';
import { decodeZatcaPhase2Qr } from '../../src-shared/zatca/index.ts';

const CBC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';
const CAC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2';
const EXT = 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2';
const DS = 'http://www.w3.org/2000/09/xmldsig#';
const XADES = 'http://uri.etsi.org/01903/v1.3.2#';

export interface ZatcaMessage {
  type: 'ERROR' | 'WARNING' | 'INFO';
  code: string;
  category: string;
  message: string;
  status: 'ERROR' | 'WARNING' | 'PASS';
}

export interface CheckedDocument {
  uuid: string;
  id: string;
  icv: number | null;
  pih: string | null;
  typeCode: string;
  /** The type code's name attribute: 02xxxxx simplified, 01xxxxx standard. */
  subtype: string;
  /** cbc:IssueDate and cbc:IssueTime as written (Riyadh time). */
  issueDate: string;
  issueTime: string;
  /** The certificate the stamp carries (base64 DER), as written. */
  certificate: string | null;
  /** A credit or debit note's cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID (BT-25): the invoice it corrects. */
  billingReference: string | null;
  /** A credit or debit note's reason (KSA-10): cac:PaymentMeans/cbc:InstructionNote. */
  reason: string | null;
  /** The hash recomputed here. */
  hash: string;
  errors: ZatcaMessage[];
  warnings: ZatcaMessage[];
  certificateSerial: string | null;
}

const error = (code: string, category: string, message: string): ZatcaMessage => ({ type: 'ERROR', code, category, message, status: 'ERROR' });

function childrenOf(parent: Element, ns: string, local: string): Element[] {
  const out: Element[] = [];
  for (let n = parent.firstChild; n; n = n.nextSibling)
    if (n.nodeType === 1 && (n as Element).namespaceURI === ns && (n as Element).localName === local) out.push(n as Element);
  return out;
}

function first(root: Document | Element, ns: string, local: string): Element | undefined {
  return root.getElementsByTagNameNS(ns, local)[0];
}

const text = (el: Element | undefined) => el?.textContent?.trim() ?? '';
// xml-crypto is typed against the DOM's Node; it walks xmldom's nodes, which it is written for.
type XmlCryptoElement = Parameters<ExclusiveCanonicalization['process']>[0];
type XmlCryptoNode = Parameters<C14nCanonicalization['process']>[0];
const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest();

/** BT-25: the first cac:BillingReference's cac:InvoiceDocumentReference/cbc:ID, or null. */
function billingReferenceOf(root: Element): string | null {
  const billing = childrenOf(root, CAC, 'BillingReference')[0];
  const invoice = billing ? childrenOf(billing, CAC, 'InvoiceDocumentReference')[0] : undefined;
  return text(invoice ? childrenOf(invoice, CBC, 'ID')[0] : undefined) || null;
}

const cents = (el: Element | undefined) => Math.round(Number(text(el)) * 100);

/**
 * The line amounts' rules (EN 16931 as ZATCA's schematron states them): a line's net is its price for the quantity
 * less its allowances plus its charges (BR-KSA-EN16931-11), an allowance says why (BR-41, BR-42), and the lines' nets
 * add up to the document's LineExtensionAmount (BR-CO-10), from which its allowances come off (BR-CO-13).
 */
function lineAmountErrors(root: Element): ZatcaMessage[] {
  const out: ZatcaMessage[] = [];
  let sum = 0;
  for (const line of childrenOf(root, CAC, 'InvoiceLine')) {
    const id = text(childrenOf(line, CBC, 'ID')[0]);
    const net = cents(childrenOf(line, CBC, 'LineExtensionAmount')[0]);
    sum += net;
    const price = childrenOf(line, CAC, 'Price')[0];
    const priceAmount = cents(price && childrenOf(price, CBC, 'PriceAmount')[0]);
    const baseQuantity = Number(text(price && childrenOf(price, CBC, 'BaseQuantity')[0]) || '1');
    const quantity = Number(text(childrenOf(line, CBC, 'InvoicedQuantity')[0]));
    let allowances = 0;
    for (const ac of childrenOf(line, CAC, 'AllowanceCharge')) {
      const sign = text(childrenOf(ac, CBC, 'ChargeIndicator')[0]) === 'true' ? -1 : 1;
      allowances += sign * cents(childrenOf(ac, CBC, 'Amount')[0]);
      if (!text(childrenOf(ac, CBC, 'AllowanceChargeReason')[0]) && !text(childrenOf(ac, CBC, 'AllowanceChargeReasonCode')[0])) {
        out.push(error('BR-41', 'EN_16931_ERROR', `line ${id}: an allowance must have a reason or a reason code`));
      }
    }
    if (Math.round((quantity * priceAmount) / baseQuantity) - allowances !== net) {
      out.push(
        error('BR-KSA-EN16931-11', 'EN_16931_ERROR', `line ${id}: the net amount must be the quantity × (price / base quantity) − allowances + charges`),
      );
    }
  }
  const totals = childrenOf(root, CAC, 'LegalMonetaryTotal')[0];
  if (totals && cents(childrenOf(totals, CBC, 'LineExtensionAmount')[0]) !== sum) {
    out.push(error('BR-CO-10', 'EN_16931_ERROR', 'the sum of the lines net amounts must be the LineExtensionAmount'));
  }
  const documentAllowances = childrenOf(root, CAC, 'AllowanceCharge').reduce(
    (acc, ac) => acc + (text(childrenOf(ac, CBC, 'ChargeIndicator')[0]) === 'true' ? 0 : cents(childrenOf(ac, CBC, 'Amount')[0])),
    0,
  );
  if (totals && cents(childrenOf(totals, CBC, 'AllowanceTotalAmount')[0]) !== documentAllowances) {
    out.push(error('BR-CO-13', 'EN_16931_ERROR', 'AllowanceTotalAmount must be the sum of the document-level allowances'));
  }
  return out;
}

export function checkDocument(xml: string): CheckedDocument {
  const errors: ZatcaMessage[] = [];
  let doc: Document;
  try {
    doc = new DOMParser({
      onError: (level, msg) => {
        if (level !== 'warning') throw new Error(msg);
      },
    }).parseFromString(xml, 'text/xml');
  } catch (e) {
    return {
      uuid: '',
      id: '',
      icv: null,
      pih: null,
      typeCode: '',
      subtype: '',
      issueDate: '',
      issueTime: '',
      certificate: null,
      billingReference: null,
      reason: null,
      hash: '',
      certificateSerial: null,
      warnings: [],
      errors: [error('xml-malformed', 'XSD_SCHEMA_ERROR', `the invoice is not well-formed XML: ${(e as Error).message}`)],
    };
  }
  const root = doc.documentElement!;
  const refs = childrenOf(root, CAC, 'AdditionalDocumentReference');
  const ref = (id: string) => refs.find((r) => text(childrenOf(r, CBC, 'ID')[0]) === id);
  const icvText = text(childrenOf(ref('ICV') ?? root, CBC, 'UUID')[0]);
  const pih = text(first(ref('PIH') ?? root, CBC, 'EmbeddedDocumentBinaryObject')) || null;
  const qrRef = ref('QR');
  const qr = qrRef ? text(first(qrRef, CBC, 'EmbeddedDocumentBinaryObject')) : '';
  const result: CheckedDocument = {
    uuid: text(childrenOf(root, CBC, 'UUID')[0]),
    id: text(childrenOf(root, CBC, 'ID')[0]),
    icv: /^\d+$/.test(icvText) ? Number(icvText) : null,
    pih,
    typeCode: text(childrenOf(root, CBC, 'InvoiceTypeCode')[0]),
    subtype: childrenOf(root, CBC, 'InvoiceTypeCode')[0]?.getAttribute('name') ?? '',
    issueDate: text(childrenOf(root, CBC, 'IssueDate')[0]),
    issueTime: text(childrenOf(root, CBC, 'IssueTime')[0]),
    certificate: null,
    billingReference: billingReferenceOf(root),
    reason:
      childrenOf(root, CAC, 'PaymentMeans')
        .map((means) => text(childrenOf(means, CBC, 'InstructionNote')[0]))
        .find(Boolean) || null,
    hash: '',
    errors,
    warnings: [],
    certificateSerial: null,
  };
  if (result.icv === null) errors.push(error('BR-KSA-33', 'BR_KSA_ERROR', 'the invoice counter value (ICV) is missing or not a number'));
  if (!pih) errors.push(error('BR-KSA-61', 'BR_KSA_ERROR', 'the previous invoice hash (PIH) is missing'));
  // The rules' own words (ZATCA's e-invoice validation rules, as the SDK's schematron states them).
  if (result.typeCode === '381' || result.typeCode === '383') {
    if (!result.billingReference)
      errors.push(error('BR-KSA-56', 'BR_KSA_ERROR', 'For credit notes (381) and debit notes (383), the billing reference ID (BT-25) is mandatory'));
    if (!result.reason) errors.push(error('BR-KSA-17', 'BR_KSA_ERROR', 'Debit and credit notes (381, 383) must contain the reason (KSA-10) for issuing them'));
  }
  errors.push(...lineAmountErrors(root));

  // The invoice hash: the document without the stamp, the cac:Signature and the QR reference.
  const stripped = doc.cloneNode(true) as Document;
  const sroot = stripped.documentElement!;
  for (const el of [...childrenOf(sroot, EXT, 'UBLExtensions'), ...childrenOf(sroot, CAC, 'Signature')]) sroot.removeChild(el);
  for (const r of childrenOf(sroot, CAC, 'AdditionalDocumentReference')) if (text(childrenOf(r, CBC, 'ID')[0]) === 'QR') sroot.removeChild(r);
  const hashBytes = sha256(new C14nCanonicalization().process(sroot as unknown as XmlCryptoNode, {}));
  result.hash = hashBytes.toString('base64');

  const signature = first(doc, DS, 'Signature');
  if (!signature) {
    errors.push(error('signature-missing', 'CERTIFICATE_ERRORS', 'the invoice carries no ds:Signature'));
    return result;
  }
  const references = signature.getElementsByTagNameNS(DS, 'Reference');
  const invoiceRef = [...references].find((r) => r.getAttribute('Id') === 'invoiceSignedData');
  const propsRef = [...references].find((r) => r.getAttribute('URI') === '#xadesSignedProperties');
  if (text(first(invoiceRef ?? signature, DS, 'DigestValue')) !== result.hash) {
    errors.push(error('invalid-invoice-hash', 'INVOICE_HASHING_ERRORS', `the invoice hash in the stamp is not the document's hash (${result.hash})`));
  }
  let cert: x509.X509Certificate;
  const certText = text(first(signature, DS, 'X509Certificate'));
  try {
    cert = new x509.X509Certificate(Buffer.from(certText, 'base64'));
  } catch {
    errors.push(error('certificate-unreadable', 'CERTIFICATE_ERRORS', 'the certificate in ds:X509Certificate cannot be read'));
    return result;
  }
  result.certificate = certText;
  result.certificateSerial = BigInt(`0x${cert.serialNumber}`).toString(10);
  const publicKey = createPublicKey({ key: Buffer.from(cert.publicKey.rawData), format: 'der', type: 'spki' });
  const signatureValue = Buffer.from(text(first(signature, DS, 'SignatureValue')), 'base64');
  if (!verify('sha256', hashBytes, publicKey, signatureValue)) {
    errors.push(error('signature', 'CERTIFICATE_ERRORS', 'the signature value does not verify against the invoice hash and the certificate'));
  }
  const props = first(signature, XADES, 'SignedProperties');
  const hexBase64 = (data: string) => Buffer.from(sha256(data).toString('hex'), 'utf8').toString('base64');
  if (
    !props ||
    text(first(propsRef ?? signature, DS, 'DigestValue')) !== hexBase64(new ExclusiveCanonicalization().process(props as unknown as XmlCryptoElement, {}))
  ) {
    errors.push(
      error('signed-properties-hashing', 'CERTIFICATE_ERRORS', "Invalid signed properties hashing, SignedProperties with id='xadesSignedProperties'"),
    );
  }
  if (props && text(first(first(props, XADES, 'CertDigest') ?? props, DS, 'DigestValue')) !== hexBase64(certText)) {
    errors.push(error('certificate-hashing', 'CERTIFICATE_ERRORS', 'the certificate digest in the signed properties is not the certificate'));
  }
  // A standard invoice carries no QR of the EGS unit's (ZATCA adds it on clearance); one it does carry is checked all the same.
  if (result.subtype.startsWith('01') && !qr) return result;
  try {
    const tags = decodeZatcaPhase2Qr(qr);
    const same = (a: Uint8Array, b: ArrayBuffer) => Buffer.from(a).equals(Buffer.from(b));
    if (tags.invoiceHash !== result.hash) errors.push(error('qr-hash', 'QRCODE_VALIDATION', 'QR tag 6 is not the invoice hash'));
    if (tags.signature !== signatureValue.toString('base64')) errors.push(error('qr-signature', 'QRCODE_VALIDATION', 'QR tag 7 is not the signature value'));
    if (!same(tags.publicKey, cert.publicKey.rawData)) errors.push(error('qr-public-key', 'QRCODE_VALIDATION', "QR tag 8 is not the certificate's public key"));
    // Tag 9 belongs to a simplified document's QR; a standard one's (ZATCA's, added on clearance) stops at tag 8.
    if (result.subtype.startsWith('01')) {
      if (tags.certificateSignature !== null) errors.push(error('qr-code', 'QRCODE_VALIDATION', "a standard document's QR has no tag 9"));
    } else if (tags.certificateSignature === null || !same(tags.certificateSignature, cert.signature))
      errors.push(error('qr-certificate-signature', 'QRCODE_VALIDATION', "QR tag 9 is not the certificate's signature"));
    const total = text(first(doc, CBC, 'TaxInclusiveAmount'));
    if (tags.total !== total) errors.push(error('qr-total', 'QRCODE_VALIDATION', `QR tag 4 (${tags.total}) is not the total with VAT (${total})`));
  } catch (e) {
    errors.push(error('qr-code', 'QRCODE_VALIDATION', `the QR cannot be read: ${(e as Error).message}`));
  }
  return result;
}
