import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { NO_ACCOUNT_FACTS } from '../../../src-shared/wire/index.ts';
import { openDatabase, type TillDatabase } from '../../../src-main/db/index.ts';
import { accountAsMe, MissingMarketError, resolveScope } from '../../../src-main/sync/index.ts';
import { readStoredSetting as readSetting, setSetting as writeSetting } from '../../../src-main/settings/index.ts';
import { tempDir } from '../../support/temp-dir.ts';

const dir = tempDir('till-scope-');
let db: TillDatabase;
afterAll(() => dir.cleanup());
afterEach(() => {
  if (db?.open) db.close();
});

function fresh(name: string): TillDatabase {
  db = openDatabase(dir.file(name));
  return db;
}

describe('who the till sells for', () => {
  it('takes the flags over the settings over /me, and remembers the flags', () => {
    const db = fresh('a.db');
    const facts = { ...NO_ACCOUNT_FACTS, market_id: 'me-market', branch_id: 'me-branch' };
    expect(resolveScope(db, {}, facts)).toMatchObject({ marketId: 'me-market', marketSource: 'me', branchId: 'me-branch', branchSource: 'me' });
    writeSetting(db, 'branch_id', 'set-branch');
    expect(resolveScope(db, {}, facts)).toMatchObject({ marketId: 'me-market', branchId: 'set-branch', branchSource: 'setting' });
    expect(resolveScope(db, { marketId: 'flag-market' }, facts)).toMatchObject({ marketId: 'flag-market', marketSource: 'flag' });
    expect(readSetting(db, 'market_id')).toBe('flag-market');
    expect(resolveScope(db, {}, NO_ACCOUNT_FACTS)).toMatchObject({ marketId: 'flag-market', marketSource: 'setting' });
  });

  it('names the flags and settings when nothing gives a market', () => {
    const db = fresh('b.db');
    expect(() => resolveScope(db, { branchId: 'b' }, NO_ACCOUNT_FACTS)).toThrow(MissingMarketError);
    expect(() => resolveScope(db, {}, NO_ACCOUNT_FACTS)).toThrow(/--market-id.*--branch-id.*market_id.*branch_id/s);
  });

  it('keeps the account for the rest of the till with documented defaults when /me said nothing', () => {
    const me = accountAsMe(NO_ACCOUNT_FACTS, { marketId: 'm', branchId: 'b', marketSource: 'flag', branchSource: 'flag' });
    expect(me).toStrictEqual({
      user: { id: '', name: '', role: '' },
      market: { id: 'm', name_en: '', name_ar: '', vat_number: null, currency: null },
      branch: { id: 'b', name_en: '', name_ar: '', vat_rate: '15.00', prices_include_tax: true },
    });
    const told = accountAsMe(
      { ...NO_ACCOUNT_FACTS, market_name_en: 'Cafe', tax_rate: '5.00', prices_include_tax: false, vat_number: '300000000000003' },
      { marketId: 'm', branchId: null, marketSource: 'me', branchSource: 'none' },
    );
    expect(told.market).toStrictEqual({ id: 'm', name_en: 'Cafe', name_ar: 'Cafe', vat_number: '300000000000003', currency: null });
    // The branch's tax is known, its id is not: none, never the market's id (the till then refuses to sell).
    expect(told.branch).toMatchObject({ id: '', vat_rate: '5.00', prices_include_tax: false });
  });
});
