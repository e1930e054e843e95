/**
 * Whose stamp a cleared invoice must carry: the CA certificates a
 * clearance answer's stamp certificate must be issued by.
 *
 * - A unit onboarded at ZATCA's gateway (gw-fatoora.zatca.gov.sa) trusts
 *   only the CA certificates ZATCA publishes for that environment, shipped
 *   in ZATCA_PUBLISHED_CAS below; nothing an operator sets changes that.
 * - A unit onboarded anywhere else (a stand-in on loopback, `pos serve
 *   --zatca-url`) trusts only the CA in the operator-only setting
 *   zatca.stand_in_ca_file; unset, none: no cleared document counts.
 */
import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { TillDatabase } from '../db/index.ts';
import { settingOrDefault } from '../settings/index.ts';
import type { ZatcaEnvironment } from './egs-csr.ts';

/**
 * ZATCA's CA certificates (PEM) per environment, as ZATCA publishes them.
 * Empty until a copy from ZATCA itself is added: this build found none in
 * a public, documented source (the SDK's Data/Certificates holds a sample
 * taxpayer certificate and key, not ZATCA's CA), and a guessed certificate
 * would be worse than none. While a list is empty, clearance at that
 * environment is never counted (the invoice stays unanswered).
 */
export const ZATCA_PUBLISHED_CAS: Record<ZatcaEnvironment, readonly string[]> = {
  sandbox: [],
  simulation: [],
  production: [],
};

export interface StampTrust {
  anchors: X509Certificate[];
  /** The unit's own certificate (base64 DER): a stamp made with it is the till's, not ZATCA's. */
  unitCertificate: string | null;
  /** Why no anchor applies (null when some do). */
  missing: string | null;
}

/** ZATCA's own gateway: https on a zatca.gov.sa host. */
export function isZatcaGateway(baseUrl: string): boolean {
  try {
    const url = new URL(baseUrl);
    return url.protocol === 'https:' && (url.hostname === 'zatca.gov.sa' || url.hostname.endsWith('.zatca.gov.sa'));
  } catch {
    return false;
  }
}

/** Every certificate in a PEM text. */
export function certificatesOfPem(pem: string): X509Certificate[] {
  const blocks = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  return blocks.map((block) => new X509Certificate(block));
}

export function stampTrustOf(db: TillDatabase, egs: { base_url: string; environment: string; certificate: string }): StampTrust {
  return { unitCertificate: egs.certificate, ...anchorsOf(db, egs) };
}

function anchorsOf(db: TillDatabase, egs: { base_url: string; environment: string }): Omit<StampTrust, 'unitCertificate'> {
  if (isZatcaGateway(egs.base_url)) {
    const environment = egs.environment as ZatcaEnvironment;
    const anchors = (ZATCA_PUBLISHED_CAS[environment] ?? []).flatMap(certificatesOfPem);
    return {
      anchors,
      missing: anchors.length > 0 ? null : `this till has no ZATCA CA certificate for the ${environment} environment to check ZATCA's stamp with`,
    };
  }
  const file = settingOrDefault(db, 'zatca.stand_in_ca_file');
  if (!file) {
    return {
      anchors: [],
      missing: `the unit was onboarded at ${egs.base_url}, not ZATCA's gateway, and no stand-in CA is trusted (setting zatca.stand_in_ca_file)`,
    };
  }
  try {
    const anchors = certificatesOfPem(readFileSync(file, 'utf8'));
    return { anchors, missing: anchors.length > 0 ? null : `${file} (setting zatca.stand_in_ca_file) holds no PEM certificate` };
  } catch (error) {
    return { anchors: [], missing: `${file} (setting zatca.stand_in_ca_file) cannot be read: ${(error as Error).message}` };
  }
}
