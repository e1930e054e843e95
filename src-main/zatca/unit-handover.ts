/**
 * The ZATCA part of what a hub and its standby tell each other
 * (src-main/standby/handover.ts; docs/zatca.md, "A standby hub is its own
 * EGS unit"):
 * - the standby says which EGS unit it is (public parts: name, certificate,
 *   environment), and the hub records it in the shared database, so both
 *   machines see both units; the unit's chain is never taken from the wire;
 * - the hub hands over its unit's CSID secret (the reporting API's
 *   credentials, never its private key), so a standby that takes over
 *   reports the documents the hub signed and had not reported yet, with the
 *   hub's own credentials, as signed.
 */
import { FIRST_PREVIOUS_INVOICE_HASH } from '../../src-shared/zatca/index.ts';
import type { TillDatabase } from '../db/index.ts';
import type { SecretStore } from '../secrets/index.ts';
import { readEgsCertificate } from './egs-certificate.ts';
import { CSID_SECRET, peerCsidSecretName } from './egs-secrets.ts';
import { allUnits, readEgs, recordPeerUnit, thisUnitName, type EgsState } from './zatca-store.ts';

const PEER_CSID_PREFIX = peerCsidSecretName('');

/** What this machine says of its unit to its hub: the public parts, never the chain; null before it is onboarded. */
export function ownUnitRecord(db: TillDatabase): Record<string, unknown> | null {
  const egs = readEgs(db);
  if (!egs) return null;
  const { next_icv: _next, last_hash: _last, ...unit } = egs;
  return unit;
}

/**
 * Records the unit a standby says it is, once checked: every member of the
 * right type, the name its certificate's (a readable certificate), and not
 * the hub's own unit (a standby never rewrites the hub's row or any chain).
 */
export function acceptPeerUnit(db: TillDatabase, record: Record<string, unknown>): boolean {
  const text = ['unit', 'environment', 'base_url', 'common_name', 'certificate', 'invoice_types'] as const;
  const numbers = ['certificate_expires_at', 'onboarded_at'] as const;
  if (text.some((k) => typeof record[k] !== 'string' || (record[k] as string).length > 8_192)) return false;
  if (numbers.some((k) => typeof record[k] !== 'number' || !Number.isSafeInteger(record[k]))) return false;
  const unit = record as unknown as Omit<EgsState, 'next_icv' | 'last_hash'>;
  if (unit.unit !== unit.common_name || unit.unit === thisUnitName(db) || !/^\d{4}$/.test(unit.invoice_types)) return false;
  try {
    readEgsCertificate(unit.certificate);
  } catch {
    return false;
  }
  const { unit: name, environment, base_url, common_name, certificate, certificate_expires_at, onboarded_at, invoice_types } = unit;
  recordPeerUnit(
    db,
    { unit: name, environment, base_url, common_name, certificate, certificate_expires_at, onboarded_at, invoice_types },
    FIRST_PREVIOUS_INVOICE_HASH,
  );
  return true;
}

/** The CSID secrets the hub hands its standby: its own unit's, and any earlier hub's it holds (by unit, as the standby keeps them). */
export function zatcaSecretsToHandOver(db: TillDatabase, secrets: SecretStore): Record<string, string | null> {
  const handed: Record<string, string | null> = {};
  const own = thisUnitName(db);
  for (const { unit } of allUnits(db)) {
    const name = peerCsidSecretName(unit);
    handed[name] = unit === own ? secrets.get(CSID_SECRET) : secrets.get(name);
  }
  return handed;
}

/** Keeps one handed-over CSID secret, when it is another unit's (this machine's own is never replaced from the wire); false: not a ZATCA secret. */
export function keepHandedZatcaSecret(db: TillDatabase, secrets: SecretStore, name: string, value: string | null): boolean {
  if (!name.startsWith(PEER_CSID_PREFIX)) return false;
  const unit = name.slice(PEER_CSID_PREFIX.length);
  if (unit === '' || unit === thisUnitName(db)) return true;
  // Only a value (a removal too) that differs is written: the file is not rewritten at every reconnect.
  if (secrets.get(name) !== value) secrets.set(name, value);
  return true;
}

/** Said when this machine takes over the branch without being a ZATCA unit of its own while the branch has one (docs/zatca.md). */
export function notOnboardedWarning(db: TillDatabase): string | null {
  if (readEgs(db)) return null;
  const others = allUnits(db).map((u) => u.unit);
  if (others.length === 0) return null;
  return (
    `ZATCA: this till is not onboarded as an EGS unit of its own, so its sales are not signed (phase-1 QR, no invoice counter) ` +
    `until a manager onboards it (pos zatca --db FILE onboard --otp CODE, or Branch → ZATCA); it never signs with another unit's key (${others.join(', ')}).`
  );
}
