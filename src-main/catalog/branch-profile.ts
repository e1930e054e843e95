import { DEFAULT_BRANCH_TAX, assertVatRate, type BranchTax } from '../../src-shared/pricing/index.ts';
import { parseDecimal } from '../../src-shared/money/index.ts';
import { SETTING_KEYS, percentToHundredths } from '../../src-shared/settings/index.ts';
import type { TillDatabase } from '../db/index.ts';
import { readReplicaMeta } from './replica-meta.ts';
import { settingsNow, type SettingsNow } from '../settings/index.ts';

/** A VAT number from the replica's `/me` only if it passes the setting's check (a replica pulled before that check). */
function validVatNumber(value: string | null | undefined): string | null {
  return typeof value === 'string' && SETTING_KEYS.vat_number.kind.schema.safeParse(value).success ? value : null;
}

/**
 * Who sells: local settings first, then the last pull's `/me` (a bonus: its
 * shape is not shown by the spec, so any part of it may be missing), then
 * the documented defaults. A market is indispensable to print; a sale
 * also needs the branch it is made in (`requireBranch`).
 */
export interface BranchProfile {
  marketId: string;
  /** Null when neither the setting `branch_id` nor /me names one: the till prints but does not sell. */
  branchId: string | null;
  tax: BranchTax;
  /** ZATCA tag 1: the seller's name as registered (the market's Arabic name unless set locally). */
  sellerName: string;
  /** ZATCA tag 2; null when neither the settings nor the service give one (no QR then, and the till says so). */
  vatNumber: string | null;
  marketNameEn: string;
  marketNameAr: string;
  nameEn: string;
  nameAr: string;
}

/** The branch's tax: `tax.rate` / `tax.prices_include_tax` settings, else /me's branch, else 15% inclusive. */
function branchTax(settings: SettingsNow, branch: { id?: string; vat_rate?: string; prices_include_tax?: boolean } | null | undefined): BranchTax {
  const rate = settings.get('tax.rate');
  const include = settings.get('tax.prices_include_tax');
  let vatRate = DEFAULT_BRANCH_TAX.vatRate;
  if (rate !== null) vatRate = percentToHundredths(rate);
  else if (typeof branch?.vat_rate === 'string') vatRate = parseDecimal(branch.vat_rate, `branch ${branch.id ?? ''} vat_rate`);
  assertVatRate(vatRate);
  const pricesIncludeTax = include ?? (typeof branch?.prices_include_tax === 'boolean' ? branch.prices_include_tax : DEFAULT_BRANCH_TAX.pricesIncludeTax);
  return { vatRate, pricesIncludeTax };
}

/** Null when nothing names a market (no `market_id` setting and no /me): the till cannot sell yet. */
export function readBranchProfile(db: TillDatabase): BranchProfile | null {
  const { me } = readReplicaMeta(db);
  const market = me?.market;
  const branch = me?.branch;
  // Six settings of one moment: the table's version asked once.
  const settings = settingsNow(db);
  const marketId = settings.get('market_id') ?? market?.id;
  if (!marketId) return null;
  const sellerSetting = settings.get('seller_name');
  const marketNameEn = market?.name_en || sellerSetting || marketId;
  const marketNameAr = market?.name_ar || marketNameEn;
  const branchId = settings.get('branch_id') || branch?.id || null;
  return {
    marketId,
    branchId,
    tax: branchTax(settings, branch),
    sellerName: sellerSetting ?? (market?.name_ar || market?.name_en || marketNameEn),
    vatNumber: settings.get('vat_number') ?? validVatNumber(market?.vat_number) ?? null,
    marketNameEn,
    marketNameAr,
    nameEn: branch?.name_en || marketNameEn,
    nameAr: branch?.name_ar || marketNameAr,
  };
}

/** What a till that knows no branch says when asked to sell. */
export const NO_BRANCH_MESSAGE =
  'this till knows its market but not its branch, and every order must carry the branch it was sold in: pass --branch-id ID to `pos sync`, or set it with `pos settings set branch_id ID`';
