/**
 * The cryptographic stamp of a ZATCA document: an enveloped XAdES-BES
 * signature in ext:UBLExtensions, ECDSA over secp256k1 with SHA-256, in the
 * shape of ZATCA's security features implementation standard and its signed
 * samples.
 *
 * - The signature value is ECDSA-SHA256 over the 32 bytes of the invoice
 *   hash (DER, base64).
 * - Reference 1 (invoiceSignedData) carries the invoice hash, base64 of the
 *   raw digest.
 * - Reference 2 carries SHA-256 of xades:SignedProperties in its exclusive
 *   canonical form (xades declared on it, ds on each ds element: the shape
 *   ZATCA hashes), and like xades:CertDigest it is base64 of the hexadecimal
 *   digest, as ZATCA's samples have it.
 *
 * Written as canonical text, as the invoice is (ubl-text.ts): the stamp is
 * put into the invoice's text, and SignedProperties is hashed as written.
 */
import { createHash, type KeyObject } from 'node:crypto';
import { canonicalText, escapeText } from './canonical-text.ts';
import type { EgsCertificate } from './egs-certificate.ts';
import { signSecp256k1Sha256 } from './secp256k1-signing.ts';
import { NS } from './ubl-namespaces.ts';

const SHA256 = 'http://www.w3.org/2001/04/xmlenc#sha256';
const C14N11 = 'http://www.w3.org/2006/12/xml-c14n11';
const XPATH = 'http://www.w3.org/TR/1999/REC-xpath-19991116';
const EXCLUDED = [
  'not(//ancestor-or-self::ext:UBLExtensions)',
  'not(//ancestor-or-self::cac:Signature)',
  "not(//ancestor-or-self::cac:AdditionalDocumentReference[cbc:ID='QR'])",
];

export interface Stamp {
  signatureValue: string;
  signedPropertiesDigest: string;
  signingTime: string;
  invoiceHash: string;
  certificate: EgsCertificate;
}

/** ECDSA-SHA256 over the invoice hash's bytes, DER, base64. */
export function signInvoiceHash(hash: Buffer, privateKey: KeyObject): string {
  return signSecp256k1Sha256(hash, privateKey).toString('base64');
}

/**
 * xades:SignedProperties in canonical form, around its signing time: the text before it and after it. `exclusive`:
 * as it is hashed on its own (Exclusive C14N: xades declared on it, ds on each ds element, where the form puts
 * visibly used prefixes); otherwise as it stands inside the stamp, where ds:Signature and xades:QualifyingProperties
 * declare both.
 */
function signedPropertiesAround(certificate: EgsCertificate, exclusive: boolean): { before: string; after: string } {
  const xades = exclusive ? ` xmlns:xades="${NS.xades}"` : '';
  const ds = exclusive ? ` xmlns:ds="${NS.ds}"` : '';
  return {
    before: `<xades:SignedProperties${xades} Id="xadesSignedProperties"><xades:SignedSignatureProperties><xades:SigningTime>`,
    after:
      `</xades:SigningTime><xades:SigningCertificate><xades:Cert><xades:CertDigest>` +
      `<ds:DigestMethod${ds} Algorithm="${SHA256}"></ds:DigestMethod><ds:DigestValue${ds}>${canonicalText(certificate.digest)}</ds:DigestValue>` +
      `</xades:CertDigest><xades:IssuerSerial><ds:X509IssuerName${ds}>${canonicalText(certificate.issuerName)}</ds:X509IssuerName>` +
      `<ds:X509SerialNumber${ds}>${canonicalText(certificate.serialNumber)}</ds:X509SerialNumber></xades:IssuerSerial>` +
      '</xades:Cert></xades:SigningCertificate></xades:SignedSignatureProperties></xades:SignedProperties>',
  };
}

/** What of the stamp only its certificate decides, as canonical text: made once per certificate, not in every sale. */
interface CertificateTexts {
  exclusive: { before: string; after: string };
  inclusive: { before: string; after: string };
  /** ds:X509Certificate's text. */
  base64: string;
  /** The stamp's text from the signature value to the signing time, and after it, with their UTF-8 (stampExtensionUtf8). */
  beforeTime: string;
  afterTime: string;
  beforeTimeUtf8: Buffer;
  afterTimeUtf8: Buffer;
}

const certificateTexts = new WeakMap<EgsCertificate, CertificateTexts>();

function textsOf(certificate: EgsCertificate): CertificateTexts {
  let texts = certificateTexts.get(certificate);
  if (!texts) {
    const inclusive = signedPropertiesAround(certificate, false);
    const base64 = canonicalText(certificate.base64);
    const beforeTime =
      `</ds:SignatureValue><ds:KeyInfo><ds:X509Data><ds:X509Certificate>${base64}</ds:X509Certificate></ds:X509Data></ds:KeyInfo>` +
      `<ds:Object><xades:QualifyingProperties xmlns:xades="${NS.xades}" Target="signature">` +
      inclusive.before;
    const afterTime = `${inclusive.after}</xades:QualifyingProperties></ds:Object>${SIGNATURES_END}`;
    texts = {
      exclusive: signedPropertiesAround(certificate, true),
      inclusive,
      base64,
      beforeTime,
      afterTime,
      beforeTimeUtf8: Buffer.from(beforeTime, 'utf8'),
      afterTimeUtf8: Buffer.from(afterTime, 'utf8'),
    };
    certificateTexts.set(certificate, texts);
  }
  return texts;
}

/** The SignedProperties digest: base64 of the hex SHA-256 of its exclusive canonical form. */
export function signedPropertiesDigest(certificate: EgsCertificate, signingTime: string): string {
  const { before, after } = textsOf(certificate).exclusive;
  const hex = createHash('sha256').update(before, 'utf8').update(canonicalText(signingTime), 'utf8').update(after, 'utf8').digest('hex');
  return Buffer.from(hex, 'utf8').toString('base64');
}

// The stamp's fixed parts in canonical form under the invoice's root (which declares ext and cbc): the reference's
// transforms, and the signature's namespaces, declared where the canonical form keeps them (sorted by prefix).
const TRANSFORMS =
  EXCLUDED.map((xpath) => `<ds:Transform Algorithm="${XPATH}"><ds:XPath>${escapeText(xpath)}</ds:XPath></ds:Transform>`).join('') +
  `<ds:Transform Algorithm="${C14N11}"></ds:Transform>`;
const SIGNATURES_START =
  '<ext:UBLExtension><ext:ExtensionURI>urn:oasis:names:specification:ubl:dsig:enveloped:xades</ext:ExtensionURI><ext:ExtensionContent>' +
  `<sig:UBLDocumentSignatures xmlns:sac="${NS.sac}" xmlns:sbc="${NS.sbc}" xmlns:sig="${NS.sig}"><sac:SignatureInformation>` +
  '<cbc:ID>urn:oasis:names:specification:ubl:signature:1</cbc:ID>' +
  '<sbc:ReferencedSignatureID>urn:oasis:names:specification:ubl:signature:Invoice</sbc:ReferencedSignatureID>' +
  `<ds:Signature xmlns:ds="${NS.ds}" Id="signature"><ds:SignedInfo>` +
  `<ds:CanonicalizationMethod Algorithm="${C14N11}"></ds:CanonicalizationMethod>` +
  '<ds:SignatureMethod Algorithm="http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha256"></ds:SignatureMethod>';
const SIGNATURES_END = '</ds:Signature></sac:SignatureInformation></sig:UBLDocumentSignatures></ext:ExtensionContent></ext:UBLExtension>';

// The stamp's text around its values, in order: the invoice hash, the SignedProperties digest, the signature value
// (what the certificate decides follows it, textsOf), then the signing time.
const BEFORE_HASH =
  SIGNATURES_START +
  `<ds:Reference Id="invoiceSignedData" URI=""><ds:Transforms>${TRANSFORMS}</ds:Transforms>` +
  `<ds:DigestMethod Algorithm="${SHA256}"></ds:DigestMethod><ds:DigestValue>`;
const BEFORE_DIGEST =
  '</ds:DigestValue></ds:Reference>' +
  `<ds:Reference Type="http://www.w3.org/2000/09/xmldsig#SignatureProperties" URI="#xadesSignedProperties">` +
  `<ds:DigestMethod Algorithm="${SHA256}"></ds:DigestMethod><ds:DigestValue>`;
const BEFORE_SIGNATURE = '</ds:DigestValue></ds:Reference></ds:SignedInfo><ds:SignatureValue>';
const BEFORE_HASH_UTF8 = Buffer.from(BEFORE_HASH, 'utf8');
const BEFORE_DIGEST_UTF8 = Buffer.from(BEFORE_DIGEST, 'utf8');
const BEFORE_SIGNATURE_UTF8 = Buffer.from(BEFORE_SIGNATURE, 'utf8');

/** The ext:UBLExtension holding the stamp, as canonical text for its place in the invoice (ubl-text.ts puts it in). */
export function stampExtension(stamp: Stamp): string {
  const texts = textsOf(stamp.certificate);
  return (
    BEFORE_HASH +
    canonicalText(stamp.invoiceHash) +
    BEFORE_DIGEST +
    canonicalText(stamp.signedPropertiesDigest) +
    BEFORE_SIGNATURE +
    canonicalText(stamp.signatureValue) +
    texts.beforeTime +
    canonicalText(stamp.signingTime) +
    texts.afterTime
  );
}

/**
 * stampExtension's UTF-8, in pieces (in order): the fixed text encoded once (per certificate), only the sale's four
 * values encoded here. Flattening the whole stamp into one string to encode it was about 4 KB of garbage a sale.
 */
export function stampExtensionUtf8(stamp: Stamp): Buffer[] {
  const texts = textsOf(stamp.certificate);
  return [
    BEFORE_HASH_UTF8,
    Buffer.from(canonicalText(stamp.invoiceHash), 'utf8'),
    BEFORE_DIGEST_UTF8,
    Buffer.from(canonicalText(stamp.signedPropertiesDigest), 'utf8'),
    BEFORE_SIGNATURE_UTF8,
    Buffer.from(canonicalText(stamp.signatureValue), 'utf8'),
    texts.beforeTimeUtf8,
    Buffer.from(canonicalText(stamp.signingTime), 'utf8'),
    texts.afterTimeUtf8,
  ];
}
