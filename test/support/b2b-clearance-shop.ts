/**
 * A till that clears standard (B2B) tax invoices and credit notes with the
 * ZATCA stand-in over loopback (issue 22): the checkout shop onboarded for
 * standard and simplified documents, what checkout asked to print recorded,
 * and a signer a test can swap in to make ZATCA refuse. The clearance and
 * credit-note tests start from the same unit, so they share it here.
 */
import { expect } from 'vitest';
import { startZatcaStandIn, type RunningZatcaStandIn } from '../../emulator/zatca/start-zatca-stand-in.ts';
import type { TillDatabase } from '../../src-main/db/index.ts';
import { FileSecretStore } from '../../src-main/secrets/index.ts';
import { allDocuments, egsSignerSource, readEgs, readZatcaSeller, StandardInvoices, type EgsSigner } from '../../src-main/zatca/index.ts';
import type { ZatcaBuyerInput } from '../../src-shared/zatca/index.ts';
import { FIRST_PREVIOUS_INVOICE_HASH } from '../../src-shared/zatca/index.ts';
import { openCheckoutShop, type CheckoutShop } from './checkout-shop.ts';
import { hostStamp } from './zatca-egs.ts';
import { onboardAgainstStandIn } from './zatca-reporting.ts';

/** A business buyer with every field ZATCA requires of a standard invoice (name, VAT number, CRN, address). */
export const B2B_BUYER: ZatcaBuyerInput = {
  name: 'شركة الأفق للتجارة',
  vat_number: '310175397400003',
  crn: '1010101010',
  street: 'Prince Mohammed Road',
  building: '4321',
  district: 'Al Malaz',
  city: 'Riyadh',
  postal_code: '12836',
};

/** What checkout asked to print, and with which QR (the alsoWriteAtCheckout hook, written where print jobs are). */
export type Printed = { uuid: string; qr: string | null }[];

export interface B2bClearanceShop {
  shop: CheckoutShop;
  zatca: RunningZatcaStandIn;
  /** The unit's own key and certificate, as onboarding left them. */
  signer: EgsSigner;
  printed: Printed;
  /** The key a standard document is signed with while set (the credentials stay the unit's); null: the unit's own. */
  stampWith: { signer: EgsSigner | null };
  close: () => Promise<void>;
}

/** Opens the shop and the stand-in and onboards the unit for `invoiceTypes` (1100: standard and simplified). */
export async function openB2bClearanceShop(invoiceTypes = '1100'): Promise<B2bClearanceShop> {
  const printed: Printed = [];
  const stampWith: { signer: EgsSigner | null } = { signer: null };
  const shop = await openCheckoutShop({
    stamp: (db) => hostStamp(db),
    hooks: (db: TillDatabase) => ({
      alsoWriteAtCheckout: (order) => printed.push({ uuid: order.uuid, qr: order.zatca_qr }),
      standardInvoices: new StandardInvoices({
        db,
        secrets: () => new FileSecretStore(db),
        signer: () => stampWith.signer ?? egsSignerSource(db, () => new FileSecretStore(db))(),
        seller: () => readZatcaSeller(db).seller,
      }),
    }),
  });
  let zatca: RunningZatcaStandIn | undefined;
  const close = async () => {
    // A test may have closed the stand-in already (offline cases).
    await zatca?.close().catch(() => undefined);
    await shop.close();
  };
  try {
    zatca = await startZatcaStandIn();
    const signer = await onboardAgainstStandIn(shop.db, zatca, invoiceTypes);
    return { shop, zatca, signer, printed, stampWith, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** The chain as an auditor walks it: ICVs 1, 2, 3… and every PIH the hash before it; no hash twice, and the unit's counter next. */
export function expectWholeChain(db: TillDatabase) {
  const docs = allDocuments(db);
  docs.forEach((doc, i) => {
    expect(doc.icv).toBe(i + 1);
    expect(doc.pih).toBe(i === 0 ? FIRST_PREVIOUS_INVOICE_HASH : docs[i - 1]!.hash);
  });
  expect(new Set(docs.map((d) => d.hash)).size).toBe(docs.length);
  expect(readEgs(db)!.next_icv).toBe(docs.length + 1);
  expect(readEgs(db)!.last_hash).toBe(docs.at(-1)?.hash ?? FIRST_PREVIOUS_INVOICE_HASH);
  return docs;
}
