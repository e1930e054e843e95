/**
 * The stand-in's certificate authority: it issues a CSID (an X.509
 * certificate for the EGS unit's key) from a CSR, as ZATCA's compliance and
 * production CSID endpoints do, signing with its own secp256k1 key. Its
 * issuer name has the shape of ZATCA's sandbox CA.
 */
import 'reflect-metadata';
import { createPrivateKey, randomBytes, type KeyObject } from 'node:crypto';
import { Crypto } from '@peculiar/webcrypto';
import * as x509 from '@peculiar/x509';

const webcrypto = new Crypto();
const ALGORITHM = { name: 'ECDSA', namedCurve: 'K-256', hash: 'SHA-256' };

export interface ZatcaCa {
  /** Verifies the CSR's own signature, then issues a certificate valid from `now` for `days`. */
  issue(csrPem: string, now: number, days: number): Promise<string>;
  certificatePem: string;
  /**
   * ZATCA's own stamp, which a cleared document carries instead of the EGS
   * unit's: a key and a certificate this CA issued for it (as FATOORA
   * stamps a standard invoice it clears with its own certificate).
   */
  stamp: { privateKey: KeyObject; certificateBase64: string };
}

export class CsrError extends Error {
  override readonly name = 'CsrError';
}

export async function createZatcaCa(now: number): Promise<ZatcaCa> {
  const keys = (await webcrypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify'])) as {
    privateKey: import('node:crypto').webcrypto.CryptoKey;
    publicKey: import('node:crypto').webcrypto.CryptoKey;
  };
  const name = 'CN=TSZEINVOICE-SubCA-1, DC=extgazt, DC=gov, DC=local';
  const root = await x509.X509CertificateGenerator.createSelfSigned(
    {
      serialNumber: randomBytes(8).toString('hex'),
      name,
      notBefore: new Date(now - 86_400_000),
      notAfter: new Date(now + 10 * 365 * 86_400_000),
      keys,
      signingAlgorithm: ALGORITHM,
      extensions: [new x509.BasicConstraintsExtension(true, 0, true)],
    },
    webcrypto,
  );
  const stampKeys = (await webcrypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify'])) as typeof keys;
  const stampSerial = randomBytes(16);
  stampSerial[0] = stampSerial[0]! & 0x7f;
  const stampCertificate = await x509.X509CertificateGenerator.create(
    {
      serialNumber: stampSerial.toString('hex'),
      subject: 'CN=FATOORA clearance stamp (stand-in), O=ZATCA stand-in, C=SA',
      issuer: root.subject,
      notBefore: new Date(now - 86_400_000),
      notAfter: new Date(now + 10 * 365 * 86_400_000),
      publicKey: stampKeys.publicKey,
      signingKey: keys.privateKey,
      signingAlgorithm: ALGORITHM,
    },
    webcrypto,
  );
  const stampPkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', stampKeys.privateKey));
  return {
    certificatePem: root.toString('pem'),
    stamp: {
      privateKey: createPrivateKey({ key: stampPkcs8, format: 'der', type: 'pkcs8' }),
      certificateBase64: stampCertificate.toString('base64'),
    },
    async issue(csrPem, at, days) {
      let csr: x509.Pkcs10CertificateRequest;
      try {
        csr = new x509.Pkcs10CertificateRequest(csrPem);
      } catch (error) {
        throw new CsrError(`the CSR cannot be read: ${(error as Error).message}`);
      }
      if (!(await csr.verify(webcrypto))) throw new CsrError('the CSR is not signed by its own key');
      // Serial numbers are positive: the first byte stays below 0x80.
      const serial = randomBytes(16);
      serial[0] = serial[0]! & 0x7f;
      const cert = await x509.X509CertificateGenerator.create(
        {
          serialNumber: serial.toString('hex'),
          subject: csr.subject,
          issuer: root.subject,
          notBefore: new Date(at),
          notAfter: new Date(at + days * 86_400_000),
          publicKey: csr.publicKey,
          signingKey: keys.privateKey,
          signingAlgorithm: ALGORITHM,
          extensions: csr.extensions,
        },
        webcrypto,
      );
      return cert.toString('base64');
    },
  };
}
