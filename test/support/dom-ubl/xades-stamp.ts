/**
 * The XAdES stamp built on the DOM (xml-tree.ts), as the till built it before
 * it wrote the stamp as canonical text (src-main/zatca/xades-stamp.ts): the
 * reference that text and its SignedProperties digest are held to.
 */
import { createHash } from 'node:crypto';
import type { Element } from '@xmldom/xmldom';
import { canonicalize } from '../../../src-main/zatca/c14n.ts';
import type { EgsCertificate } from '../../../src-main/zatca/egs-certificate.ts';
import { NS } from '../../../src-main/zatca/ubl-namespaces.ts';
import type { Stamp } from '../../../src-main/zatca/xades-stamp.ts';
import { child, declare, newDocument } from './xml-tree.ts';

const SHA256 = 'http://www.w3.org/2001/04/xmlenc#sha256';
const C14N11 = 'http://www.w3.org/2006/12/xml-c14n11';
const XPATH = 'http://www.w3.org/TR/1999/REC-xpath-19991116';
const EXCLUDED = [
  'not(//ancestor-or-self::ext:UBLExtensions)',
  'not(//ancestor-or-self::cac:Signature)',
  "not(//ancestor-or-self::cac:AdditionalDocumentReference[cbc:ID='QR'])",
];

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

/** The SignedProperties digest: base64 of the hex SHA-256 of the exclusive canonical form of the built fragment. */
export function signedPropertiesDigest(certificate: EgsCertificate, signingTime: string): string {
  return Buffer.from(createHash('sha256').update(canonicalSignedProperties(certificate, signingTime), 'utf8').digest('hex'), 'utf8').toString('base64');
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
