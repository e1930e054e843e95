/** The seller as ZATCA's documents state it: name and VAT number as on the receipt, address and CRN from the seller.* settings. */
import type { TillDatabase } from '../db/index.ts';
import { getSetting } from '../settings/index.ts';
import { readBranchProfile, type BranchProfile } from '../catalog/index.ts';
import type { ZatcaSeller } from './zatca-document.ts';

/**
 * The settings a phase-2 document needs, with what is missing named (for onboarding's refusal and the status).
 * A checkout passes the branch profile it already read: the document then names the seller its receipt names.
 */
export function readZatcaSeller(db: TillDatabase, profile: BranchProfile | null = readBranchProfile(db)): { seller: ZatcaSeller | null; missing: string[] } {
  const fields = {
    name: profile?.sellerName ?? getSetting(db, 'seller_name') ?? null,
    vatNumber: profile?.vatNumber ?? getSetting(db, 'vat_number') ?? null,
    crn: getSetting(db, 'seller.crn'),
    street: getSetting(db, 'seller.street'),
    building: getSetting(db, 'seller.building'),
    district: getSetting(db, 'seller.district'),
    city: getSetting(db, 'seller.city'),
    postalCode: getSetting(db, 'seller.postal_code'),
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
