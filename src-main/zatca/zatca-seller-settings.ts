/** The seller's details as the ZATCA tab edits them: each field is its own setting (seller_name, vat_number, seller.*). */
import { ZATCA_SELLER_FIELDS, ZATCA_SELLER_SETTING, type ZatcaSellerField, type ZatcaSellerView } from '../../src-shared/zatca/index.ts';
import type { TillDatabase } from '../db/index.ts';
import { putSetting, settingOrDefault } from '../settings/index.ts';

export function readSellerSettings(db: TillDatabase): ZatcaSellerView {
  const view = {} as ZatcaSellerView;
  for (const field of ZATCA_SELLER_FIELDS) {
    const value = settingOrDefault(db, ZATCA_SELLER_SETTING[field]);
    view[field] = typeof value === 'string' ? value : '';
  }
  return view;
}

/** All fields in one transaction, each checked by its key's kind (a SettingError names the key; nothing is written); empty clears. */
export function writeSellerSettings(db: TillDatabase, seller: ZatcaSellerView): void {
  db.transaction(() => {
    for (const field of ZATCA_SELLER_FIELDS) putSetting(db, ZATCA_SELLER_SETTING[field], seller[field] === '' ? null : (seller[field] as never));
  })();
}

/** The tab's field behind a setting key (readZatcaSeller names what is missing by key). */
export function sellerFieldOf(key: string): ZatcaSellerField | null {
  return ZATCA_SELLER_FIELDS.find((field) => ZATCA_SELLER_SETTING[field] === key) ?? null;
}
