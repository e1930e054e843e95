/**
 * The EGS unit's private key and CSID secret live where the service token
 * does (src-main/secrets: safeStorage in Electron, a 0600 file beside
 * the database for `pos serve` and the CLI), never in the database.
 */
import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { readEgsCertificate } from './egs-certificate.ts';
import type { EgsSigner } from './sign-document.ts';
import type { TillDatabase } from '../db/index.ts';
import type { SecretStore } from '../secrets/index.ts';
import { readEgs, thisUnitName, type EgsState } from './zatca-store.ts';

export const EGS_KEY_SECRET = 'zatca.egs_private_key';
/** The production CSID's secret: with the certificate, the Basic credentials of the reporting API. */
export const CSID_SECRET = 'zatca.csid_secret';

/**
 * Another unit's CSID secret (an old hub's, sent by it over the standby
 * stream): the reporting API's credentials for that unit's documents, which
 * this machine may have to report. Never a signing key: a unit's private
 * key never leaves its machine (docs/security.md).
 */
export function peerCsidSecretName(unit: string): string {
  return `${CSID_SECRET}:${unit}`;
}

/** The CSID secret that reports `unit`'s documents from this machine: its own, or one its peer sent; null when this machine has none. */
export function csidSecretOf(db: TillDatabase, secrets: SecretStore, unit: string): string | null {
  return unit === thisUnitName(db) ? secrets.get(CSID_SECRET) : secrets.get(peerCsidSecretName(unit));
}

export function storeEgsKey(secrets: SecretStore, key: KeyObject): void {
  secrets.set(EGS_KEY_SECRET, key.export({ format: 'pem', type: 'pkcs8' }).toString());
}

/**
 * The signer for checkout, read once and kept (a sale must not parse a key
 * and a certificate each time); re-read when the certificate changes
 * (renewal). A checkout passes the unit it has just read in its transaction.
 */
export function egsSignerSource(db: TillDatabase, secrets: SecretStore | (() => SecretStore)): (known?: EgsState) => EgsSigner | null {
  let cached: { certificate: string; signer: EgsSigner } | null = null;
  return (known) => {
    const egs = known ?? readEgs(db);
    if (!egs) return null;
    if (cached?.certificate === egs.certificate) return cached.signer;
    // A store made on demand (the CLI's secrets file) is read afresh, so a key onboarding just wrote is found.
    const pem = (typeof secrets === 'function' ? secrets() : secrets).get(EGS_KEY_SECRET);
    if (!pem) return null;
    const privateKey = createPrivateKey(pem);
    const certificate = readEgsCertificate(egs.certificate);
    // A key that is not this certificate's (a secrets file copied from another machine) never signs: that would be another unit's stamp.
    if (!createPublicKey(privateKey).export({ type: 'spki', format: 'der' }).equals(Buffer.from(certificate.publicKey))) return null;
    cached = { certificate: egs.certificate, signer: { privateKey, certificate } };
    return cached.signer;
  };
}
