// The receipt's identity as this branch sets it on the Branch screen (or
// `pos settings`): seller names, VAT number, logo, header and footer lines.
// Each is a key of the settings store; each falls back to what the
// service's /me says when left empty.

import type { SettingKey } from '../../src-shared/settings/index.ts';
import type { ReceiptSettingsView } from '../../src-shared/branch/index.ts';
import type { TillDatabase } from '../db/index.ts';
import { putSetting, settingOrDefault } from '../settings/index.ts';

/** The setting behind each field; `seller_name` and `vat_number` are the ones checkout's ZATCA QR reads. */
export const RECEIPT_SETTING_KEYS = {
  seller_name_en: 'receipt.seller_name_en',
  seller_name_ar: 'seller_name',
  vat_number: 'vat_number',
  logo_file: 'printing.logo_file',
  header_en: 'receipt.header_en',
  header_ar: 'receipt.header_ar',
  footer_en: 'receipt.footer_en',
  footer_ar: 'receipt.footer_ar',
} as const satisfies Record<keyof ReceiptSettingsView, SettingKey>;

type Field = keyof ReceiptSettingsView;
const FIELDS = Object.keys(RECEIPT_SETTING_KEYS) as Field[];

export function readReceiptSettings(db: TillDatabase): ReceiptSettingsView {
  const view = {} as ReceiptSettingsView;
  for (const field of FIELDS) view[field] = settingOrDefault(db, RECEIPT_SETTING_KEYS[field]) ?? '';
  return view;
}

/**
 * Writes all fields in one transaction, each checked by its key's kind (a
 * refused value is a SettingError naming the key, and nothing is written);
 * an empty field removes the setting, so the service's value applies again.
 */
export function writeReceiptSettings(db: TillDatabase, settings: ReceiptSettingsView): void {
  db.transaction(() => {
    for (const field of FIELDS) putSetting(db, RECEIPT_SETTING_KEYS[field], settings[field] === '' ? null : settings[field]);
  })();
}
