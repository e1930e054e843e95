/**
 * Whose stamp a cleared invoice must carry: the CA certificates a
 * clearance answer's stamp certificate must be issued by.
 *
 * - A unit onboarded at ZATCA's gateway (gw-fatoora.zatca.gov.sa) trusts
 *   the CA certificates ZATCA publishes for that environment: shipped in
 *   ZATCA_PUBLISHED_CAS below, or given by the operator in the
 *   operator-only setting zatca.ca_file. With neither, the stamp is still
 *   checked for everything but its chain (zatca-stamp-check.ts), and the
 *   answer counts because it came over https from ZATCA's own host: TLS
 *   vouches for the gateway, as it does for the CSID the till sends there
 *   (docs/zatca.md, "ZATCA's stamp on a cleared invoice").
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
 * would be worse than none. While a list is empty and zatca.ca_file is
 * unset, the gateway's TLS stands in for the chain (StampTrust.tlsVouched).
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
  /**
   * No ZATCA CA is known, but the answer came over https from ZATCA's own
   * gateway: the stamp is checked for everything but its chain.
   */
  tlsVouched: boolean;
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
    const shipped = (ZATCA_PUBLISHED_CAS[environment] ?? []).flatMap(certificatesOfPem);
    if (shipped.length > 0) return { anchors: shipped, missing: null, tlsVouched: false };
    const file = settingOrDefault(db, 'zatca.ca_file');
    if (!file) return { anchors: [], missing: null, tlsVouched: true };
    return anchorsInFile(file, 'zatca.ca_file');
  }
  const file = settingOrDefault(db, 'zatca.stand_in_ca_file');
  if (!file) {
    return {
      anchors: [],
      missing: `the unit was onboarded at ${egs.base_url}, not ZATCA's gateway, and no stand-in CA is trusted (setting zatca.stand_in_ca_file)`,
      tlsVouched: false,
    };
  }
  return anchorsInFile(file, 'zatca.stand_in_ca_file');
}

/** The CA certificates in an operator's PEM file; a file that cannot be read trusts nothing (never falls back). */
function anchorsInFile(file: string, setting: string): Omit<StampTrust, 'unitCertificate'> {
  try {
    const anchors = certificatesOfPem(readFileSync(file, 'utf8'));
    return { anchors, missing: anchors.length > 0 ? null : `${file} (setting ${setting}) holds no PEM certificate`, tlsVouched: false };
  } catch (error) {
    return { anchors: [], missing: `${file} (setting ${setting}) cannot be read: ${(error as Error).message}`, tlsVouched: false };
  }
}
