/**
 * The buyer a receipt names: only that of a standard (B2B) invoice, or
 * its refund's standard credit note, that ZATCA cleared. A refused or
 * unanswered one is not the order's document (a simplified invoice, or a
 * credit note issued again, follows it as the order's latest), so its
 * buyer is never printed as if it were.
 */
import type { ZatcaBuyer } from '../../src-shared/zatca/index.ts';
import type { TillDatabase } from '../db/index.ts';
import type { ZatcaBuyerParty } from './zatca-document.ts';
import { documentOfOrder } from './zatca-store.ts';

export function clearedBuyerOf(db: TillDatabase, orderUuid: string): ZatcaBuyer | null {
  const doc = documentOfOrder(db, orderUuid);
  if (!doc || doc.profile !== 'standard' || doc.report_state !== 'cleared' || !doc.buyer) return null;
  // Stored as checkout signed it (the UBL party's fields), so the receipt says what the cleared invoice says.
  const party = JSON.parse(doc.buyer) as ZatcaBuyerParty;
  return {
    name: party.name,
    vat_number: party.vatNumber,
    crn: party.crn,
    street: party.street,
    building: party.building,
    district: party.district,
    city: party.city,
    postal_code: party.postalCode,
  };
}
