/**
 * What the stamp needs from the EGS unit's certificate (the CSID ZATCA
 * issued), read with @peculiar/x509: issuer and serial for XAdES, the
 * public key and the CA's signature for QR tags 8 and 9, the expiry.
 */
import { createHash } from 'node:crypto';
import { x509 } from './peculiar-x509.ts';

export interface EgsCertificate {
  /** The certificate as ZATCA's documents carry it: base64 of the DER, one line. */
  base64: string;
  issuerName: string;
  /** The serial number in decimal, as ds:X509SerialNumber wants it. */
  serialNumber: string;
  /** DER SubjectPublicKeyInfo (QR tag 8). */
  publicKey: Uint8Array;
  /** The issuer's signature over the certificate (QR tag 9). */
  signature: Uint8Array;
  notAfter: number;
  /** xades:CertDigest: base64 of the hexadecimal SHA-256 of the base64 text (ZATCA's signed samples). */
  digest: string;
}

export class EgsCertificateError extends Error {
  override readonly name = 'EgsCertificateError';
}

export function readEgsCertificate(base64OrPem: string): EgsCertificate {
  const base64 = base64OrPem.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
  let cert: x509.X509Certificate;
  try {
    cert = new x509.X509Certificate(Buffer.from(base64, 'base64'));
  } catch (error) {
    throw new EgsCertificateError(`the EGS certificate cannot be read (${(error as Error).message}); onboard the till again`);
  }
  return {
    base64,
    // RFC 4514 order as @peculiar prints it, comma and space between parts, as in ZATCA's samples.
    issuerName: cert.issuer,
    serialNumber: BigInt(`0x${cert.serialNumber}`).toString(10),
    publicKey: new Uint8Array(cert.publicKey.rawData),
    signature: new Uint8Array(cert.signature),
    notAfter: cert.notAfter.getTime(),
    digest: Buffer.from(createHash('sha256').update(base64, 'utf8').digest('hex'), 'utf8').toString('base64'),
  };
}
