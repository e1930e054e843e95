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
 */
import { createHash, type KeyObject } from 'node:crypto';
import type { Element } from '@xmldom/xmldom';
import { canonicalize } from './c14n.ts';
import type { EgsCertificate } from './egs-certificate.ts';
import { signSecp256k1Sha256 } from './secp256k1-signing.ts';
import { NS } from './ubl-namespaces.ts';
import { child, declare, newDocument } from './xml-tree.ts';

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

/** xades:SignedProperties written into `parent`, or as a document's root when `parent` is null (to be hashed on its own). */
function writeSignedProperties(parent: Element | null, certificate: EgsCertificate, signingTime: string): Element {
  const props = parent ? child(parent, NS.xades, 'xades:SignedProperties') : newDocument(NS.xades, 'xades:SignedProperties', { xades: NS.xades });
  props.setAttribute('Id', 'xadesSignedProperties');
  const signatureProps = child(props, NS.xades, 'xades:SignedSignatureProperties');
  child(signatureProps, NS.xades, 'xades:SigningTime', signingTime);
  const cert = child(child(signatureProps, NS.xades, 'xades:SigningCertificate'), NS.xades, 'xades:Cert');
  const digest = child(cert, NS.xades, 'xades:CertDigest');
  child(digest, NS.ds, 'ds:DigestMethod', undefined, { Algorithm: SHA256 });
  child(digest, NS.ds, 'ds:DigestValue', certificate.digest);
  const serial = child(cert, NS.xades, 'xades:IssuerSerial');
  child(serial, NS.ds, 'ds:X509IssuerName', certificate.issuerName);
  child(serial, NS.ds, 'ds:X509SerialNumber', certificate.serialNumber);
  return props;
}

/** The exclusive canonical form of SignedProperties for this certificate and signing time. */
function canonicalSignedProperties(certificate: EgsCertificate, signingTime: string): string {
  return canonicalize(writeSignedProperties(null, certificate, signingTime), 'exclusive');
}

/** A signing time as the stamp writes it (digits, dashes, colons, a T): canonical form leaves it as it is. */
const PLAIN_TIME = /^[0-9T:-]+$/;
const TIME_MARK = '0000-00-00T00:00:00';
/** Per certificate, its canonical SignedProperties cut at the signing time: only the time changes from one document to the next. */
const canonicalAround = new WeakMap<EgsCertificate, [before: string, after: string]>();

/**
 * The SignedProperties digest: base64 of the hex SHA-256 of its exclusive
 * canonical form. Checkout signs every sale with one certificate, so the
 * canonical text is made once per certificate and only the signing time is
 * put in (building, serializing, parsing and canonicalizing the fragment
 * each time was a fifth of the signing).
 */
export function signedPropertiesDigest(certificate: EgsCertificate, signingTime: string): string {
  let canonical: string;
  if (PLAIN_TIME.test(signingTime)) {
    let parts = canonicalAround.get(certificate);
    if (!parts) {
      const [before, after, ...more] = canonicalSignedProperties(certificate, TIME_MARK).split(TIME_MARK);
      // The mark appears once (inside xades:SigningTime) unless the certificate's own text holds it: then no shortcut.
      parts = more.length === 0 && after !== undefined ? [before!, after] : ['', ''];
      canonicalAround.set(certificate, parts);
    }
    canonical = parts[0] === '' ? canonicalSignedProperties(certificate, signingTime) : parts[0] + signingTime + parts[1];
  } else canonical = canonicalSignedProperties(certificate, signingTime);
  return Buffer.from(createHash('sha256').update(canonical, 'utf8').digest('hex'), 'utf8').toString('base64');
}

/** Writes the ext:UBLExtension holding the stamp. */
export function writeStamp(extensions: Element, stamp: Stamp): void {
  const extension = child(extensions, NS.ext, 'ext:UBLExtension');
  child(extension, NS.ext, 'ext:ExtensionURI', 'urn:oasis:names:specification:ubl:dsig:enveloped:xades');
  const signatures = declare(child(child(extension, NS.ext, 'ext:ExtensionContent'), NS.sig, 'sig:UBLDocumentSignatures'), {
    sig: NS.sig,
    sac: NS.sac,
    sbc: NS.sbc,
  });
  const information = child(signatures, NS.sac, 'sac:SignatureInformation');
  child(information, NS.cbc, 'cbc:ID', 'urn:oasis:names:specification:ubl:signature:1');
  child(information, NS.sbc, 'sbc:ReferencedSignatureID', 'urn:oasis:names:specification:ubl:signature:Invoice');
  const signature = declare(child(information, NS.ds, 'ds:Signature'), { ds: NS.ds });
  signature.setAttribute('Id', 'signature');
  const signedInfo = child(signature, NS.ds, 'ds:SignedInfo');
  child(signedInfo, NS.ds, 'ds:CanonicalizationMethod', undefined, { Algorithm: C14N11 });
  child(signedInfo, NS.ds, 'ds:SignatureMethod', undefined, { Algorithm: 'http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha256' });
  const invoiceRef = child(signedInfo, NS.ds, 'ds:Reference', undefined, { Id: 'invoiceSignedData', URI: '' });
  const transforms = child(invoiceRef, NS.ds, 'ds:Transforms');
  for (const xpath of EXCLUDED) child(child(transforms, NS.ds, 'ds:Transform', undefined, { Algorithm: XPATH }), NS.ds, 'ds:XPath', xpath);
  child(transforms, NS.ds, 'ds:Transform', undefined, { Algorithm: C14N11 });
  child(invoiceRef, NS.ds, 'ds:DigestMethod', undefined, { Algorithm: SHA256 });
  child(invoiceRef, NS.ds, 'ds:DigestValue', stamp.invoiceHash);
  const propsRef = child(signedInfo, NS.ds, 'ds:Reference', undefined, {
    Type: 'http://www.w3.org/2000/09/xmldsig#SignatureProperties',
    URI: '#xadesSignedProperties',
  });
  child(propsRef, NS.ds, 'ds:DigestMethod', undefined, { Algorithm: SHA256 });
  child(propsRef, NS.ds, 'ds:DigestValue', stamp.signedPropertiesDigest);
  child(signature, NS.ds, 'ds:SignatureValue', stamp.signatureValue);
  child(child(child(signature, NS.ds, 'ds:KeyInfo'), NS.ds, 'ds:X509Data'), NS.ds, 'ds:X509Certificate', stamp.certificate.base64);
  const qualifying = declare(child(child(signature, NS.ds, 'ds:Object'), NS.xades, 'xades:QualifyingProperties'), { xades: NS.xades });
  qualifying.setAttribute('Target', 'signature');
  writeSignedProperties(qualifying, stamp.certificate, stamp.signingTime);
}
