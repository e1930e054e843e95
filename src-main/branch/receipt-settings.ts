// The receipt's identity as this branch sets it on the Branch screen (or the
// settings store): seller names, VAT number, logo, header and footer lines.
// Each falls back to what the service's /me says when left empty.

import type { ReceiptSettingsView } from '../../src-shared/till/index.ts';
import type { TillDatabase } from '../db/index.ts';
import { readSetting, removeSetting, writeSetting } from '../settings/index.ts';
import { LOGO_SETTING } from '../printing/index.ts';

/** Setting keys; `seller_name` and `vat_number` are the ones checkout's ZATCA QR already reads. */
export const RECEIPT_SETTING_KEYS = {
  seller_name_en: 'receipt.seller_name_en',
  seller_name_ar: 'seller_name',
  vat_number: 'vat_number',
  logo_file: LOGO_SETTING,
  header_en: 'receipt.header_en',
  header_ar: 'receipt.header_ar',
  footer_en: 'receipt.footer_en',
  footer_ar: 'receipt.footer_ar',
} as const satisfies Record<keyof ReceiptSettingsView, string>;

export function readReceiptSettings(db: TillDatabase): ReceiptSettingsView {
  const out = {} as Record<keyof ReceiptSettingsView, string>;
  for (const [field, key] of Object.entries(RECEIPT_SETTING_KEYS) as [keyof ReceiptSettingsView, string][]) {
    const value = readSetting<unknown>(db, key);
    out[field] = typeof value === 'string' ? value : '';
  }
  return out;
}

/** Writes all fields in one transaction; an empty field removes the setting, so the service's value applies again. */
export function writeReceiptSettings(db: TillDatabase, settings: ReceiptSettingsView): void {
  db.transaction(() => {
    for (const [field, key] of Object.entries(RECEIPT_SETTING_KEYS) as [keyof ReceiptSettingsView, string][]) {
      const value = settings[field];
      if (value === '') removeSetting(db, key);
      else writeSetting(db, key, value);
    }
  })();
}
