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
import { createHash, sign, type KeyObject } from 'node:crypto';
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';
import { canonicalize } from './c14n.ts';
import type { EgsCertificate } from './egs-certificate.ts';
import { parseXml } from './invoice-hash.ts';
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
  return sign('sha256', hash, privateKey).toString('base64');
}

function writeSignedProperties(parent: XMLBuilder, certificate: EgsCertificate, signingTime: string, declareXades: boolean): void {
  const props = parent.ele(NS.xades, 'xades:SignedProperties');
  if (declareXades) props.att(NS.xmlns, 'xmlns:xades', NS.xades);
  props.att('Id', 'xadesSignedProperties');
  const signatureProps = props.ele(NS.xades, 'xades:SignedSignatureProperties');
  signatureProps.ele(NS.xades, 'xades:SigningTime').txt(signingTime);
  const cert = signatureProps.ele(NS.xades, 'xades:SigningCertificate').ele(NS.xades, 'xades:Cert');
  const digest = cert.ele(NS.xades, 'xades:CertDigest');
  digest.ele(NS.ds, 'ds:DigestMethod').att('Algorithm', SHA256);
  digest.ele(NS.ds, 'ds:DigestValue').txt(certificate.digest);
  const serial = cert.ele(NS.xades, 'xades:IssuerSerial');
  serial.ele(NS.ds, 'ds:X509IssuerName').txt(certificate.issuerName);
  serial.ele(NS.ds, 'ds:X509SerialNumber').txt(certificate.serialNumber);
}

/** The exclusive canonical form of SignedProperties for this certificate and signing time. */
function canonicalSignedProperties(certificate: EgsCertificate, signingTime: string): string {
  const fragment = create({ version: '1.0' });
  writeSignedProperties(fragment, certificate, signingTime, true);
  return canonicalize(parseXml(fragment.end({ prettyPrint: false })).documentElement!, 'exclusive');
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
export function writeStamp(extensions: XMLBuilder, stamp: Stamp): void {
  const extension = extensions.ele(NS.ext, 'ext:UBLExtension');
  extension.ele(NS.ext, 'ext:ExtensionURI').txt('urn:oasis:names:specification:ubl:dsig:enveloped:xades');
  const signatures = extension
    .ele(NS.ext, 'ext:ExtensionContent')
    .ele(NS.sig, 'sig:UBLDocumentSignatures')
    .att(NS.xmlns, 'xmlns:sig', NS.sig)
    .att(NS.xmlns, 'xmlns:sac', NS.sac)
    .att(NS.xmlns, 'xmlns:sbc', NS.sbc);
  const information = signatures.ele(NS.sac, 'sac:SignatureInformation');
  information.ele(NS.cbc, 'cbc:ID').txt('urn:oasis:names:specification:ubl:signature:1');
  information.ele(NS.sbc, 'sbc:ReferencedSignatureID').txt('urn:oasis:names:specification:ubl:signature:Invoice');
  const signature = information.ele(NS.ds, 'ds:Signature').att(NS.xmlns, 'xmlns:ds', NS.ds).att('Id', 'signature');
  const signedInfo = signature.ele(NS.ds, 'ds:SignedInfo');
  signedInfo.ele(NS.ds, 'ds:CanonicalizationMethod').att('Algorithm', C14N11);
  signedInfo.ele(NS.ds, 'ds:SignatureMethod').att('Algorithm', 'http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha256');
  const invoiceRef = signedInfo.ele(NS.ds, 'ds:Reference').att('Id', 'invoiceSignedData').att('URI', '');
  const transforms = invoiceRef.ele(NS.ds, 'ds:Transforms');
  for (const xpath of EXCLUDED) transforms.ele(NS.ds, 'ds:Transform').att('Algorithm', XPATH).ele(NS.ds, 'ds:XPath').txt(xpath);
  transforms.ele(NS.ds, 'ds:Transform').att('Algorithm', C14N11);
  invoiceRef.ele(NS.ds, 'ds:DigestMethod').att('Algorithm', SHA256);
  invoiceRef.ele(NS.ds, 'ds:DigestValue').txt(stamp.invoiceHash);
  const propsRef = signedInfo
    .ele(NS.ds, 'ds:Reference')
    .att('Type', 'http://www.w3.org/2000/09/xmldsig#SignatureProperties')
    .att('URI', '#xadesSignedProperties');
  propsRef.ele(NS.ds, 'ds:DigestMethod').att('Algorithm', SHA256);
  propsRef.ele(NS.ds, 'ds:DigestValue').txt(stamp.signedPropertiesDigest);
  signature.ele(NS.ds, 'ds:SignatureValue').txt(stamp.signatureValue);
  signature.ele(NS.ds, 'ds:KeyInfo').ele(NS.ds, 'ds:X509Data').ele(NS.ds, 'ds:X509Certificate').txt(stamp.certificate.base64);
  const qualifying = signature
    .ele(NS.ds, 'ds:Object')
    .ele(NS.xades, 'xades:QualifyingProperties')
    .att(NS.xmlns, 'xmlns:xades', NS.xades)
    .att('Target', 'signature');
  writeSignedProperties(qualifying, stamp.certificate, stamp.signingTime, false);
}
