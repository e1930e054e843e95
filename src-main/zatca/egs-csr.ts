/**
 * The EGS unit's key and its certificate signing request, as ZATCA's
 * onboarding asks: a secp256k1 key (node:crypto), and a PKCS#10 request
 * made with @peculiar/x509 (WebCrypto from @peculiar/webcrypto, which knows
 * the curve as K-256) carrying
 * - the subject C=SA, OU (branch), O (taxpayer), CN (the EGS unit's name);
 * - the certificate template name (1.3.6.1.4.1.311.20.2) of the target
 *   environment: TSTZATCA-Code-Signing (sandbox), PREZATCA-Code-Signing
 *   (simulation), ZATCA-Code-Signing (production);
 * - a subjectAltName directory name with SN = "1-solution|2-model|3-serial",
 *   UID = the VAT number, title = the invoice types (1100: standard and
 *   only), registeredAddress and businessCategory.
 */
import { createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';

import { webcrypto, x509 } from './peculiar-x509.ts';
import { PrintableString } from 'asn1js';

export const ZATCA_ENVIRONMENTS = ['sandbox', 'simulation', 'production'] as const;
export type ZatcaEnvironment = (typeof ZATCA_ENVIRONMENTS)[number];

const TEMPLATE: Record<ZatcaEnvironment, string> = {
  sandbox: 'TSTZATCA-Code-Signing',
  simulation: 'PREZATCA-Code-Signing',
  production: 'ZATCA-Code-Signing',
};

export interface CsrSubject {
  /** The EGS unit's common name, e.g. "Till-<host id>". */
  commonName: string;
  /** The EGS unit's serial: "1-Till|2-<version>|3-<unit uuid>". */
  serialNumber: string;
  organization: string;
  /** The branch's name (or, in a VAT group, the member's 10-digit TIN). */
  organizationUnit: string;
  vatNumber: string;
  /** Four digits: standard, simplified, future, future. Till issues both (1100): B2B invoices cleared, counter sales reported. */
  invoiceTypes: string;
  /** The branch's address as one line (short address or city and district). */
  location: string;
  industry: string;
}

/** A new secp256k1 key pair for an EGS unit. */
export function generateEgsKey(): { privateKey: KeyObject; publicKey: KeyObject } {
  return generateKeyPairSync('ec', { namedCurve: 'secp256k1' });
}

/** Escapes a value for an RFC 4514 string (the form @peculiar/x509's Name reads). */
function rdnValue(value: string): string {
  return value
    .replace(/[\\,+"<>;=]/g, (c) => `\\${c}`)
    .replace(/^[ #]/, (c) => `\\${c}`)
    .replace(/ $/, '\\ ');
}

export async function createEgsCsr(privateKey: KeyObject, subject: CsrSubject, environment: ZatcaEnvironment): Promise<string> {
  const publicKey = createPublicKey(privateKey);
  const algorithm = { name: 'ECDSA', namedCurve: 'K-256' };
  const keys = {
    privateKey: await webcrypto.subtle.importKey('pkcs8', privateKey.export({ format: 'der', type: 'pkcs8' }), algorithm, false, ['sign']),
    publicKey: await webcrypto.subtle.importKey('spki', publicKey.export({ format: 'der', type: 'spki' }), algorithm, true, ['verify']),
  };
  const template = new PrintableString({ value: TEMPLATE[environment] }).toBER();
  const altName = [
    `2.5.4.4=${rdnValue(subject.serialNumber)}`,
    `0.9.2342.19200300.100.1.1=${rdnValue(subject.vatNumber)}`,
    `2.5.4.12=${rdnValue(subject.invoiceTypes)}`,
    `2.5.4.26=${rdnValue(subject.location)}`,
    `2.5.4.15=${rdnValue(subject.industry)}`,
  ].join(', ');
  const csr = await x509.Pkcs10CertificateRequestGenerator.create(
    {
      name: `C=SA, OU=${rdnValue(subject.organizationUnit)}, O=${rdnValue(subject.organization)}, CN=${rdnValue(subject.commonName)}`,
      keys,
      signingAlgorithm: { name: 'ECDSA', hash: 'SHA-256' },
      extensions: [new x509.Extension('1.3.6.1.4.1.311.20.2', false, template), new x509.SubjectAlternativeNameExtension([{ type: 'dn', value: altName }])],
    },
    webcrypto,
  );
  return csr.toString('pem');
}
