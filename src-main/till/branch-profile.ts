import { branchTaxFromMe, type BranchTax } from '../../src-shared/pricing/index.ts';
import { statement, type TillDatabase } from '../db/index.ts';
import { readReplicaMeta } from '../catalog/index.ts';

/** Who sells: from the last pull's `/me`, with local settings taking precedence. */
export interface BranchProfile {
  marketId: string;
  branchId: string;
  tax: BranchTax;
  /** ZATCA tag 1: the seller's name as registered (the market's Arabic name unless set locally). */
  sellerName: string;
  /** ZATCA tag 2; null when neither the service nor the settings give one (no QR then). */
  vatNumber: string | null;
  nameEn: string;
  nameAr: string;
}

export function readSetting<T>(db: TillDatabase, key: string): T | undefined {
  const row = statement(db, 'SELECT value FROM settings WHERE key = ?').get(key) as { value: string } | undefined;
  return row ? (JSON.parse(row.value) as T) : undefined;
}

export function writeSetting(db: TillDatabase, key: string, value: unknown): void {
  statement(db, 'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(key, JSON.stringify(value));
}

export function readBranchProfile(db: TillDatabase): BranchProfile | null {
  const { me } = readReplicaMeta(db);
  if (!me) return null;
  return {
    marketId: me.market.id,
    branchId: readSetting<string>(db, 'branch_id') ?? me.branch?.id ?? me.market.id,
    tax: readSetting<BranchTax>(db, 'tax') ?? branchTaxFromMe(me.branch),
    sellerName: readSetting<string>(db, 'seller_name') ?? (me.market.name_ar || me.market.name_en),
    vatNumber: readSetting<string>(db, 'vat_number') ?? me.market.vat_number,
    nameEn: me.branch?.name_en ?? me.market.name_en,
    nameAr: me.branch?.name_ar ?? me.market.name_ar,
  };
}
