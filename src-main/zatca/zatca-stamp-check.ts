/**
 * ZATCA's stamp on a cleared invoice, checked: FATOORA clears a standard
 * invoice by stamping it with its own XAdES signature and certificate and
 * adding the QR. The stamp counts only when
 *
 * - the document carries one ds:Signature whose invoice reference is the
 *   invoice hash the till computed itself;
 * - its signature value verifies, with the certificate it carries, over
 *   that hash (ZATCA's scheme: ECDSA-SHA256 over the hash's 32 bytes, as
 *   the till signs: xades-stamp.ts);
 * - the signed properties' digest, and in them the certificate digest and
 *   serial, match;
 * - the certificate was issued and signed by a trusted ZATCA CA
 *   (zatca-trust-anchors.ts; at ZATCA's own gateway with no CA known, the
 *   https answer from ZATCA's host stands in for that one check), and is
 *   no EGS unit's: neither this unit's
 *   own nor one made from an EGS CSR (ZATCA's certificate template
 *   extension), since every onboarded taxpayer holds such a key and could
 *   otherwise "clear" an invoice by signing it;
 * - the QR's hash, signature and public key (tags 6 to 8) are the stamp's.
 *
 * The answer is why it does not count, or null.
 */
import { createHash, verify, X509Certificate } from 'node:crypto';
import type { Element } from '@xmldom/xmldom';
import { decodeZatcaPhase2Qr } from '../../src-shared/zatca/index.ts';
import { canonicalize } from './c14n.ts';
import { x509 } from './peculiar-x509.ts';
import { NS } from './ubl-namespaces.ts';
import type { StampTrust } from './zatca-trust-anchors.ts';

/** The certificate template name (szOID_ENROLL_CERTTYPE_EXTENSION) every EGS CSR, and so every CSID, carries. */
const EGS_TEMPLATE_OID = '1.3.6.1.4.1.311.20.2';
const hexBase64 = (data: string) => Buffer.from(createHash('sha256').update(data, 'utf8').digest('hex'), 'utf8').toString('base64');
const textOf = (el: Element | undefined) => el?.textContent?.trim() ?? '';

function only(root: Element, ns: string, local: string): Element | null {
  const found = root.getElementsByTagNameNS(ns, local);
  return found.length === 1 ? found[0]! : null;
}

/** ECDSA-SHA256 over the hash's bytes with the certificate's key; false for a value that is not a signature at all. */
function verifiesOver(hash: string, certificate: X509Certificate, signatureValue: string): boolean {
  try {
    return verify('sha256', Buffer.from(hash, 'base64'), certificate.publicKey, Buffer.from(signatureValue, 'base64'));
  } catch {
    return false;
  }
}

export function zatcaStampProblem(root: Element, hash: string, qr: string, trust: StampTrust): string | null {
  const signature = only(root, NS.ds, 'Signature');
  if (!signature) return 'it does not carry exactly one stamp (ds:Signature)';
  const references = [...signature.getElementsByTagNameNS(NS.ds, 'Reference')];
  const invoiceRef = references.find((r) => r.getAttribute('Id') === 'invoiceSignedData');
  const propsRef = references.find((r) => r.getAttribute('URI') === '#xadesSignedProperties');
  if (!invoiceRef || !propsRef || references.length !== 2) return "its stamp does not have ZATCA's two references";
  if (textOf(invoiceRef.getElementsByTagNameNS(NS.ds, 'DigestValue')[0]) !== hash) return "its stamp is over another invoice hash than the invoice's";

  const certText = textOf(only(signature, NS.ds, 'X509Certificate') ?? undefined);
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(Buffer.from(certText, 'base64'));
  } catch {
    return "its stamp's certificate cannot be read";
  }
  const signatureValue = textOf(only(signature, NS.ds, 'SignatureValue') ?? undefined);
  const signed = verifiesOver(hash, certificate, signatureValue);
  if (!signed) return "its stamp's signature does not verify over the invoice hash with the stamp's certificate";

  const props = only(signature, NS.xades, 'SignedProperties');
  if (!props || props.getAttribute('Id') !== 'xadesSignedProperties') return 'its stamp has no signed properties';
  if (textOf(propsRef.getElementsByTagNameNS(NS.ds, 'DigestValue')[0]) !== hexBase64(canonicalize(props, 'exclusive')))
    return "its stamp's signed properties are not the ones it signed (digest mismatch)";
  const certDigest = only(props, NS.xades, 'CertDigest');
  if (!certDigest || textOf(certDigest.getElementsByTagNameNS(NS.ds, 'DigestValue')[0]) !== hexBase64(certText))
    return "its stamp's certificate is not the one its signed properties name";
  if (textOf(only(props, NS.ds, 'X509SerialNumber') ?? undefined) !== BigInt(`0x${certificate.serialNumber}`).toString(10))
    return "its stamp's certificate serial is not the one its signed properties name";

  if (trust.unitCertificate !== null && certText === trust.unitCertificate.replace(/\s+/g, ''))
    return "it carries the till's own stamp, not ZATCA's (the invoice was echoed back)";
  if (new x509.X509Certificate(certificate.raw).getExtension(EGS_TEMPLATE_OID))
    return "its stamp's certificate is an EGS unit's (it carries ZATCA's CSID template), not ZATCA's";
  if (trust.anchors.length === 0 && !trust.tlsVouched) return `ZATCA's stamp cannot be checked: ${trust.missing ?? 'no ZATCA CA is trusted'}`;
  const issuedByTrusted =
    trust.anchors.length === 0 ||
    trust.anchors.some((ca) => {
      try {
        return certificate.checkIssued(ca) && certificate.verify(ca.publicKey);
      } catch {
        return false;
      }
    });
  if (!issuedByTrusted) return `its stamp's certificate (${certificate.subject.replace(/\n/g, ', ')}) is not issued by a trusted ZATCA CA`;

  try {
    const tags = decodeZatcaPhase2Qr(qr);
    const publicKey = certificate.publicKey.export({ type: 'spki', format: 'der' });
    if (tags.invoiceHash !== hash || tags.signature !== signatureValue || !Buffer.from(tags.publicKey).equals(publicKey))
      return "its QR does not carry the stamp's hash, signature and public key";
  } catch (error) {
    return `its QR cannot be read (${(error as Error).message})`;
  }
  return null;
}
