// The live preview beside the Receipt tab: a sample sale printed with the
// settings as they are being typed (not yet saved), through the same
// composition and raster engine as a real receipt.

import { formatMinor } from '../../src-shared/money/index.ts';
import type { ReceiptSettingsView } from '../../src-shared/branch/index.ts';
import { encodeZatcaQr, formatZatcaTimestamp } from '../../src-shared/zatca/index.ts';
import { printerSettings } from '../../src-shared/catalog/index.ts';
import type { OrderRecord } from '../../src-shared/selling/index.ts';
import type { TillDatabase } from '../db/index.ts';
import { formatOrderNumber } from '../orders/index.ts';
import { composeReceipt, loadLogo, renderDocumentToPng, type PaperWidth } from '../printing/index.ts';
import { readReplicaMeta } from '../catalog/index.ts';
import { readBranchProfile } from '../catalog/index.ts';

/** A small cash sale at station `stationCode` (its number: A-001): one English-and-Arabic item with a modifier, one plain; 15% VAT included. */
export function sampleOrder(settings: Pick<ReceiptSettingsView, 'seller_name_ar' | 'vat_number'>, stationCode: string | null, now: number): OrderRecord {
  const total = 35_50;
  const tax = 4_63;
  return {
    uuid: '00000000-0000-4000-8000-000000000000',
    number: formatOrderNumber(stationCode, 1),
    business_day: '2026-01-01',
    kind: 'SALE',
    refund_of: null,
    status: 'PAID',
    type: 'TAKEAWAY',
    table_id: null,
    customer_id: null,
    market_id: 'sample',
    branch_id: 'sample',
    price_list: 'CASH',
    vat_rate: 15_00,
    prices_include_tax: true,
    subtotal: total,
    discount_total: 0,
    tax,
    total,
    tendered: 50_00,
    change_due: 50_00 - total,
    order_discount: null,
    notes: null,
    zatca_qr: settings.vat_number
      ? encodeZatcaQr({
          sellerName: settings.seller_name_ar || 'Sample',
          vatNumber: settings.vat_number,
          timestamp: formatZatcaTimestamp(now),
          total: formatMinor(total),
          vatTotal: formatMinor(tax),
        })
      : null,
    created_at: now,
    lines: [
      {
        line_no: 1,
        product_id: 's1',
        category_id: 0,
        name_en: 'Cappuccino',
        name_ar: 'كابتشينو',
        quantity: 2,
        unit_price: 14_00,
        gross: 28_00,
        discount: 0,
        tax: 3_65,
        total: 28_00,
        line_discount: null,
        modifiers: [{ modifier_id: 'm1', name_en: 'Oat milk', name_ar: 'حليب الشوفان', price: 0 }],
        notes: null,
      },
      {
        line_no: 2,
        product_id: 's2',
        category_id: 0,
        name_en: 'Croissant',
        name_ar: 'كرواسون',
        quantity: 1,
        unit_price: 7_50,
        gross: 7_50,
        discount: 0,
        tax: 98,
        total: 7_50,
        line_discount: null,
        modifiers: [],
        notes: null,
      },
    ],
    payments: [{ method_key: 'CASH', amount: total }],
  };
}

/** PNG bytes of the sample receipt with `settings` (empty fields: the service's values, as printing does). */
export async function renderSettingsPreview(
  db: TillDatabase,
  settings: ReceiptSettingsView,
  stationCode: string | null,
  width: PaperWidth,
  now: number,
  /** A logo chosen on the Branch screen and not saved yet (already checked): shown instead of logo_file. */
  chosenLogo?: Uint8Array,
): Promise<Buffer> {
  const { me } = readReplicaMeta(db);
  const profile = readBranchProfile(db);
  const vat = settings.vat_number || profile?.vatNumber || '';
  const order = sampleOrder({ seller_name_ar: settings.seller_name_ar || profile?.sellerName || '', vat_number: vat }, stationCode, now);
  // The form's logo as it stands: a file just chosen, the one named, or none (an emptied field previews its removal).
  const logo = chosenLogo ?? (settings.logo_file ? loadLogo(settings.logo_file) : null);
  const doc = composeReceipt(order, {
    flags: printerSettings(['MULTILINGUAL', 'PRODUCT_SHOW', 'PRINT_IMAGE']),
    width,
    header: {
      marketEn: settings.seller_name_en || me?.market.name_en || '',
      marketAr: settings.seller_name_ar || me?.market.name_ar || '',
      branchEn: profile?.nameEn ?? '',
      branchAr: profile?.nameAr ?? '',
      vatNumber: vat || null,
      headerEn: settings.header_en,
      headerAr: settings.header_ar,
      footerEn: settings.footer_en,
      footerAr: settings.footer_ar,
    },
    methodNames: { CASH: 'Cash' },
    logo,
    reprint: false,
  });
  return renderDocumentToPng(doc, { width });
}
