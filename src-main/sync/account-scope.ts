import type { Me } from '../../src-shared/catalog/index.ts';
import type { AccountFacts } from '../../src-shared/wire/index.ts';
import type { TillDatabase } from '../db/index.ts';
import { readStoredSetting, setSetting } from '../settings/index.ts';
import type { PullScope } from './catalog-resources.ts';

/** Nothing names the market this till sells for: neither flags, nor local settings, nor `/me`. */
export class MissingMarketError extends Error {
  override readonly name = 'MissingMarketError';
  constructor() {
    super(
      "No market to sell for: the service's /me did not name one. Pass --market-id ID (and --branch-id ID) to pos sync, " +
        'or set them once on this till with `pos settings --db FILE set market_id ID` and `set branch_id ID` (settings `market_id`, `branch_id`).',
    );
  }
}

export type ScopeSource = 'flag' | 'setting' | 'me' | 'none';

export interface ResolvedScope extends PullScope {
  marketId: string;
  marketSource: ScopeSource;
  branchSource: ScopeSource;
}

const MARKET_SETTING = 'market_id' as const;
const BRANCH_SETTING = 'branch_id' as const;

function nonEmpty(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/**
 * Who the pull is for: the flags win over the till's local settings, which
 * win over what `/me` said. Flags given are remembered as settings, so the
 * next sync, sale and upload need none. Throws MissingMarketError when no
 * source names a market.
 */
export function resolveScope(db: TillDatabase, flags: { marketId?: string; branchId?: string }, facts: AccountFacts): ResolvedScope {
  const pick = (
    flag: string | undefined,
    setting: typeof MARKET_SETTING | typeof BRANCH_SETTING,
    fact: string | null,
  ): { value: string | null; source: ScopeSource } => {
    const fromFlag = nonEmpty(flag);
    if (fromFlag) return { value: fromFlag, source: 'flag' };
    const fromSetting = nonEmpty(readStoredSetting(db, setting));
    if (fromSetting) return { value: fromSetting, source: 'setting' };
    if (fact) return { value: fact, source: 'me' };
    return { value: null, source: 'none' };
  };
  const market = pick(flags.marketId, MARKET_SETTING, facts.market_id);
  const branch = pick(flags.branchId, BRANCH_SETTING, facts.branch_id);
  if (market.value === null) throw new MissingMarketError();
  if (market.source === 'flag') setSetting(db, MARKET_SETTING, market.value);
  if (branch.source === 'flag' && branch.value !== null) setSetting(db, BRANCH_SETTING, branch.value);
  return { marketId: market.value, branchId: branch.value, marketSource: market.source, branchSource: branch.source };
}

/**
 * The account as the rest of the till reads it (replica meta `me`): what
 * `/me` said where it said it, the documented defaults elsewhere (names
 * empty, no VAT number, the branch's tax left to the defaults when unknown).
 */
export function accountAsMe(facts: AccountFacts, scope: ResolvedScope): Me {
  const branchKnown = scope.branchId !== null || facts.tax_rate !== null || facts.prices_include_tax !== null;
  return {
    user: { id: '', name: facts.user_name ?? '', role: '' },
    market: {
      id: scope.marketId,
      name_en: facts.market_name_en ?? facts.market_name_ar ?? '',
      name_ar: facts.market_name_ar ?? facts.market_name_en ?? '',
      vat_number: facts.vat_number,
      currency: facts.currency,
    },
    branch: branchKnown
      ? {
          // No branch named anywhere: none, never the market's id (the till then refuses to sell and says how to set one).
          id: scope.branchId ?? '',
          name_en: facts.branch_name_en ?? facts.branch_name_ar ?? '',
          name_ar: facts.branch_name_ar ?? facts.branch_name_en ?? '',
          vat_rate: facts.tax_rate ?? '15.00',
          prices_include_tax: facts.prices_include_tax ?? true,
        }
      : null,
  };
}
