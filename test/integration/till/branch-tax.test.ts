import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type TillDatabase } from '../../../src-main/db/index.ts';
import { writeReplicaMeta } from '../../../src-main/catalog/index.ts';
import { setSettingFromText } from '../../../src-main/settings/index.ts';
import { readBranchProfile } from '../../../src-main/catalog/index.ts';
import { DecimalFormatError } from '../../../src-shared/money/index.ts';
import { DEFAULT_BRANCH_TAX } from '../../../src-shared/pricing/index.ts';
import { tempDir } from '../../support/temp-dir.ts';

// The branch's tax is read once, where the wire meets the till (the decimal
// string of /me's vat_rate becomes hundredths of a percent here); pricing
// only ever sees the BranchTax this makes.

const dir = tempDir('till-branch-tax-');
afterAll(() => dir.cleanup());
let files = 0;
const BRANCH = { id: 'b1', name_en: 'Olaya', name_ar: 'العليا', vat_rate: '15.00', prices_include_tax: false };
const MARKET = { id: 'm1', name_en: 'Qahwa', name_ar: 'قهوة' };

function tillWithMe(branch: typeof BRANCH | null): TillDatabase {
  const db = openDatabase(dir.file(`till-${++files}.db`));
  writeReplicaMeta(db, { me: { market: MARKET, branch } as never, lastPull: null });
  return db;
}

describe("the branch's tax", () => {
  it('defaults to 15% with prices including tax when /me names no branch', () => {
    expect(readBranchProfile(tillWithMe(null))!.tax).toEqual(DEFAULT_BRANCH_TAX);
  });

  it("reads GET /me's branch: the decimal rate in hundredths of a percent", () => {
    expect(readBranchProfile(tillWithMe(BRANCH))!.tax).toEqual({ vatRate: 1500, pricesIncludeTax: false });
    expect(readBranchProfile(tillWithMe({ ...BRANCH, vat_rate: '5' }))!.tax).toEqual({ vatRate: 500, pricesIncludeTax: false });
  });

  it('refuses a rate that is not a decimal, or a negative one, naming where it came from', () => {
    const percent = tillWithMe({ ...BRANCH, vat_rate: '15%' });
    expect(() => readBranchProfile(percent)).toThrow(DecimalFormatError);
    expect(() => readBranchProfile(percent)).toThrow(/branch b1 vat_rate: "15%"/);
    expect(() => readBranchProfile(tillWithMe({ ...BRANCH, vat_rate: '-1.00' }))).toThrow(/VAT rate -100/);
  });

  it('takes the tax.* settings over /me', () => {
    const db = tillWithMe(BRANCH);
    setSettingFromText(db, 'tax.rate', '5');
    setSettingFromText(db, 'tax.prices_include_tax', 'true');
    expect(readBranchProfile(db)!.tax).toEqual({ vatRate: 500, pricesIncludeTax: true });
  });
});
