import type { DecimalString } from '../catalog/index.ts';
import { formatMinor, parseDecimalRounded } from '../money/index.ts';
import { cleanLine } from '../text/index.ts';
import { MAX_NAME_CHARS } from './schema-from-table.ts';

// `GET /me` is named by the spec ("Me: Detail (GET)") but its path and shape
// are not shown. So it is a bonus, never a gate: whatever facts it carries,
// under the member names a service plausibly uses, flat or nested, are read;
// anything missing or odd is simply not known. Flags (`--market-id`,
// `--branch-id`) and the till's local settings stand in.

/** What the till can learn about its account from `/me`; null: not known. */
export interface AccountFacts {
  market_id: string | null;
  branch_id: string | null;
  market_name_en: string | null;
  market_name_ar: string | null;
  branch_name_en: string | null;
  branch_name_ar: string | null;
  user_name: string | null;
  /** The seller's VAT registration number, as sent (the settings validate its form). */
  vat_number: string | null;
  /** VAT rate in percent, two places ("15.00"). */
  tax_rate: DecimalString | null;
  /** Whether catalog prices already include VAT. */
  prices_include_tax: boolean | null;
  /** The market's currency, an ISO 4217 code ("SAR", "KWD"): it says how many decimal places money has. */
  currency: string | null;
}

export type AccountFact = keyof AccountFacts;

export const NO_ACCOUNT_FACTS: AccountFacts = Object.freeze({
  market_id: null,
  branch_id: null,
  market_name_en: null,
  market_name_ar: null,
  branch_name_en: null,
  branch_name_ar: null,
  user_name: null,
  vat_number: null,
  tax_rate: null,
  prices_include_tax: null,
  currency: null,
});

/**
 * Where each fact may sit, in the order tried (dotted paths inside `data`,
 * or inside the body itself when it has no envelope). The table in docs/service-contract.md
 * is generated from this list.
 */
export const ME_MEMBER_PATHS: { readonly [F in AccountFact]: readonly string[] } = {
  market_id: ['market.id', 'market_id', 'user.market_id', 'tenant.id', 'tenant_id', 'merchant.id', 'merchant_id', 'branch.market_id'],
  branch_id: ['branch.id', 'branch_id', 'user.branch_id'],
  market_name_en: ['market.name_en', 'market_name_en', 'market.name', 'market_name', 'tenant.name_en', 'merchant.name_en'],
  market_name_ar: ['market.name_ar', 'market_name_ar', 'tenant.name_ar', 'merchant.name_ar'],
  branch_name_en: ['branch.name_en', 'branch_name_en', 'branch.name', 'branch_name'],
  branch_name_ar: ['branch.name_ar', 'branch_name_ar'],
  user_name: ['user.name', 'name', 'user_name'],
  vat_number: ['market.vat_number', 'vat_number', 'market.tax_number', 'tax_number', 'branch.vat_number', 'market.vat_no', 'vat_no'],
  tax_rate: ['branch.vat_rate', 'vat_rate', 'branch.tax_rate', 'tax_rate', 'market.vat_rate', 'market.tax_rate', 'tax.rate'],
  prices_include_tax: [
    'branch.prices_include_tax',
    'prices_include_tax',
    'market.prices_include_tax',
    'branch.is_tax_included',
    'is_tax_included',
    'tax.prices_include_tax',
    'tax.included',
  ],
  currency: ['market.currency', 'market.currency_code', 'currency', 'currency_code', 'market.currency.code', 'currency.code', 'branch.currency'],
};

function at(root: unknown, path: string): unknown {
  let value = root;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = Array.isArray(value) ? value[Number(key)] : (value as Record<string, unknown>)[key];
  }
  return value;
}

const MAX_ID = 200;

function asId(value: unknown): string | null {
  if (typeof value === 'string' && value.trim() !== '' && value.length <= MAX_ID) return value.trim();
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  return null;
}

/** A name from `/me`: cleaned of control and bidi-override characters like every name the till reads. */
function asText(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > MAX_NAME_CHARS) return null;
  const clean = cleanLine(value).trim();
  return clean !== '' ? clean : null;
}

function asRate(value: unknown): DecimalString | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  try {
    const { minor } = parseDecimalRounded(typeof value === 'string' ? value.trim().replace(/%$/, '') : value, 'tax rate');
    return minor >= 0 && minor <= 10_000 ? formatMinor(minor) : null;
  } catch {
    return null;
  }
}

function asCurrency(value: unknown): string | null {
  return typeof value === 'string' && /^[A-Za-z]{3}$/.test(value.trim()) ? value.trim().toUpperCase() : null;
}

function asBool(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === '1' || value === 'true') return true;
  if (value === 0 || value === '0' || value === 'false') return false;
  return null;
}

const READ: { [F in AccountFact]: (value: unknown) => AccountFacts[F] } = {
  market_id: asId,
  branch_id: asId,
  market_name_en: asText,
  market_name_ar: asText,
  branch_name_en: asText,
  branch_name_ar: asText,
  user_name: asText,
  vat_number: asId,
  tax_rate: asRate,
  prices_include_tax: asBool,
  currency: asCurrency,
};

/**
 * Every fact `/me`'s body gives, under any of the names in ME_MEMBER_PATHS;
 * never throws. A body in the success envelope is read inside `data`.
 */
export function readMe(body: unknown): AccountFacts {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return { ...NO_ACCOUNT_FACTS };
  const data = (body as Record<string, unknown>).data;
  const root = data !== null && typeof data === 'object' && !Array.isArray(data) ? data : body;
  const facts = { ...NO_ACCOUNT_FACTS } as Record<AccountFact, unknown>;
  for (const fact of Object.keys(ME_MEMBER_PATHS) as AccountFact[]) {
    for (const path of ME_MEMBER_PATHS[fact]) {
      const value = (READ[fact] as (value: unknown) => unknown)(at(root, path));
      if (value !== null) {
        facts[fact] = value;
        break;
      }
    }
  }
  return facts as unknown as AccountFacts;
}
