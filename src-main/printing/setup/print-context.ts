// What every document of this till shares: the seller's names and VAT
// number (the last pull's /me, with local settings first, as checkout uses
// for the ZATCA QR), the payment methods' names and the logo.

import type { TillDatabase } from '../../db/index.ts';
import { readReplicaMeta } from '../../sync/index.ts';
import { readBranchProfile, readSetting } from '../../till/index.ts';
import type { ReceiptHeader } from '../compose/compose-options.ts';
import { readBranchLogo } from './branch-logo.ts';

export interface PrintContext {
  header: ReceiptHeader;
  methodNames: Record<string, string>;
  /** Loaded lazily: only PRINT_IMAGE printers need it. */
  logo: () => Uint8Array;
}

export function readPrintContext(db: TillDatabase): PrintContext {
  const { me } = readReplicaMeta(db);
  const profile = readBranchProfile(db);
  if (!me || !profile) throw new Error('this till has no catalog yet, so receipts have no seller: sync first');
  const rows = db.prepare('SELECT key, name FROM payment_methods').all() as { key: string; name: string }[];
  let logo: Uint8Array | null = null;
  const own = (key: string): string => {
    const value = readSetting<unknown>(db, key);
    return typeof value === 'string' ? value : '';
  };
  return {
    header: {
      // Names set on the Branch screen win over the service's (receipt.seller_name_en; seller_name is also the QR's).
      marketEn: own('receipt.seller_name_en') || me.market.name_en,
      marketAr: own('seller_name') || me.market.name_ar,
      branchEn: profile.nameEn,
      branchAr: profile.nameAr,
      vatNumber: profile.vatNumber,
      headerEn: own('receipt.header_en'),
      headerAr: own('receipt.header_ar'),
      footerEn: own('receipt.footer_en'),
      footerAr: own('receipt.footer_ar'),
    },
    methodNames: Object.fromEntries(rows.map((row) => [row.key, row.name])),
    logo: () => (logo ??= readBranchLogo(db)),
  };
}
