// What every document of this till shares: the seller's names and VAT
// number (local settings first, then the last pull's /me, as checkout uses
// for the ZATCA QR), the payment methods' names and the logo.

import type { ZatcaBuyer } from '../../../src-shared/zatca/index.ts';
import type { TillDatabase } from '../../db/index.ts';
import { readBranchProfile } from '../../catalog/index.ts';
import { currencyDecimals, paymentMethodRows, readReplicaMeta } from '../../catalog/index.ts';
import { settingOrDefault } from '../../settings/index.ts';
import { clearedBuyerOf } from '../../zatca/index.ts';
import type { ReceiptHeader } from '../compose/compose-options.ts';
import { readBranchLogo } from './branch-logo.ts';

export interface PrintContext {
  header: ReceiptHeader;
  methodNames: Record<string, string>;
  /** Loaded lazily: only PRINT_IMAGE printers need it. Null until the branch sets one (`printing.logo_file`). */
  logo: () => Uint8Array | null;
  /** The buyer a receipt names (a cleared standard invoice's), or null. */
  buyerOf: (orderUuid: string) => ZatcaBuyer | null;
}

export function readPrintContext(db: TillDatabase): PrintContext {
  const profile = readBranchProfile(db);
  if (!profile) throw new Error('this till knows no market yet, so receipts have no seller: sync first, or set market_id with `pos settings set market_id ID`');
  const rows = paymentMethodRows(db);
  let logo: Uint8Array | null | undefined;
  const own = (key: 'receipt.seller_name_en' | 'seller_name' | 'receipt.header_en' | 'receipt.header_ar' | 'receipt.footer_en' | 'receipt.footer_ar'): string =>
    settingOrDefault(db, key) ?? '';
  return {
    header: {
      // Names set on the Branch screen win over the service's (receipt.seller_name_en; seller_name is also the QR's).
      marketEn: own('receipt.seller_name_en') || profile.marketNameEn,
      marketAr: own('seller_name') || profile.marketNameAr,
      branchEn: profile.nameEn,
      branchAr: profile.nameAr,
      vatNumber: profile.vatNumber,
      headerEn: own('receipt.header_en'),
      headerAr: own('receipt.header_ar'),
      footerEn: own('receipt.footer_en'),
      footerAr: own('receipt.footer_ar'),
      decimals: currencyDecimals(db),
      currency: readReplicaMeta(db).me?.market.currency ?? 'SAR',
    },
    methodNames: Object.fromEntries(rows.map((row) => [row.key, row.name])),
    logo: () => (logo === undefined ? (logo = readBranchLogo(db)) : logo),
    buyerOf: (orderUuid) => clearedBuyerOf(db, orderUuid),
  };
}
