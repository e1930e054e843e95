/** The seller as ZATCA's documents state it: name and VAT number as on the receipt, address and CRN from the seller.* settings. */
import type { TillDatabase } from '../db/index.ts';
import { settingsNow } from '../settings/index.ts';
import { readBranchProfile, type BranchProfile } from '../catalog/index.ts';
import type { ZatcaSeller } from './zatca-document.ts';

/**
 * The settings a phase-2 document needs, with what is missing named (for onboarding's refusal and the status).
 * A checkout passes the branch profile it already read: the document then names the seller its receipt names.
 */
export function readZatcaSeller(db: TillDatabase, profile: BranchProfile | null = readBranchProfile(db)): { seller: ZatcaSeller | null; missing: string[] } {
  // Six keys of one moment: whether the settings moved is asked once (a pragma a key was a sixth of a sale's statements), not at each.
  const setting = settingsNow(db).get;
  const fields = {
    name: profile?.sellerName ?? setting('seller_name') ?? null,
    vatNumber: profile?.vatNumber ?? setting('vat_number') ?? null,
    crn: setting('seller.crn'),
    street: setting('seller.street'),
    building: setting('seller.building'),
    district: setting('seller.district'),
    city: setting('seller.city'),
    postalCode: setting('seller.postal_code'),
  };
  const keys: Record<keyof typeof fields, string> = {
    name: 'seller_name',
    vatNumber: 'vat_number',
    crn: 'seller.crn',
    street: 'seller.street',
    building: 'seller.building',
    district: 'seller.district',
    city: 'seller.city',
    postalCode: 'seller.postal_code',
  };
  const missing = (Object.keys(fields) as (keyof typeof fields)[]).filter((k) => !fields[k]).map((k) => keys[k]);
  return { seller: missing.length === 0 ? (fields as ZatcaSeller) : null, missing };
}
