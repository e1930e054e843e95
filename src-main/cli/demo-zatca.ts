/**
 * The demo till's ZATCA phase 2: the demo seller's address and CRN where
 * the till has none (a real branch sets its own, `pos settings set`), then
 * onboarding against the emulator's ZATCA stand-in with its OTP, so the
 * demo signs every document at checkout as an onboarded branch does.
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { TillDatabase } from '../db/index.ts';
import { FileSecretStore } from '../secrets/index.ts';
import { setSettingFromText } from '../settings/index.ts';
import { onboardEgs, readEgs, readZatcaSeller, type EgsState } from '../zatca/index.ts';

/** Qahwa House, Olaya branch (the emulator's demo tenant), as its settings would say it. */
const DEMO_SELLER: Record<string, string> = {
  seller_name: 'Qahwa House',
  vat_number: '310123456700003',
  'seller.crn': '1010123456',
  'seller.street': 'Olaya Street',
  'seller.building': '7235',
  'seller.district': 'Al Olaya',
  'seller.city': 'Riyadh',
  'seller.postal_code': '12244',
};

/**
 * The demo's stand-in signs cleared invoices with its own test CA: the demo
 * till trusts that CA (its certificate written beside the database, named by
 * the operator-only setting zatca.stand_in_ca_file, as `pos settings set`
 * would). A unit onboarded at ZATCA's gateway never uses it.
 */
export function trustDemoStandIn(db: TillDatabase, caPem: string): void {
  const file = join(dirname(db.name), 'zatca-stand-in-ca.pem');
  writeFileSync(file, caPem, { mode: 0o644 });
  setSettingFromText(db, 'zatca.stand_in_ca_file', file);
}

/**
 * Onboards the demo till against this stand-in; returns its EGS unit. Each
 * demo run starts a new stand-in (a new address, a new CA), so a till
 * onboarded by an earlier run is onboarded again: a renewal, its chain kept.
 */
export async function onboardDemoTill(
  db: TillDatabase,
  zatca: { url: string; otp: string; ca?: { certificatePem: string } },
  now: () => number,
): Promise<EgsState> {
  // (demo-services trusts its stand-in before it calls this, without handing over the CA.)
  if (zatca.ca) trustDemoStandIn(db, zatca.ca.certificatePem);
  const existing = readEgs(db);
  if (existing?.base_url === zatca.url) return existing;
  // Validated as `pos settings set` validates them.
  for (const key of readZatcaSeller(db).missing) setSettingFromText(db, key, DEMO_SELLER[key]!);
  return onboardEgs({ db, secrets: new FileSecretStore(db), now }, { otp: zatca.otp, baseUrl: zatca.url });
}
