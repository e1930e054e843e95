// The Branch screen's Receipt and Till tabs write keys of the settings store
// (src-shared/settings/setting-keys.ts), through the same checks as
// `pos settings set`: what one writes the other reads, and a value either
// refuses is refused by both, changing nothing.

import { afterEach, describe, expect, it } from 'vitest';
import { BranchSetup } from '../../../src-main/branch/index.ts';
import { getSetting, listSettings, setSettingFromText, unsetSetting } from '../../../src-main/settings/index.ts';
import { readPrintContext } from '../../../src-main/printing/index.ts';
import { openPrintingShop, type PrintingShop } from '../printing/printing-shop.ts';

const open: PrintingShop[] = [];
afterEach(async () => {
  for (const shop of open.splice(0)) await shop.close();
});

const receipt = {
  seller_name_en: 'Qahwa House Olaya',
  seller_name_ar: 'بيت القهوة العليا',
  vat_number: '300000000000003',
  logo_file: '',
  header_en: 'Open daily 7-23',
  header_ar: 'مفتوح يومياً',
  footer_en: 'See you soon',
  footer_ar: 'نراكم قريباً',
};

describe('branch settings in the settings store', () => {
  it('the Receipt tab writes declared keys that pos settings lists and receipts print', async () => {
    const shop = await openPrintingShop({ bind: [], startQueue: false });
    open.push(shop);
    const branch = new BranchSetup({ db: shop.db });
    await branch.saveReceiptSettings(receipt);
    expect(getSetting(shop.db, 'receipt.seller_name_en')).toBe('Qahwa House Olaya');
    expect(getSetting(shop.db, 'seller_name')).toBe('بيت القهوة العليا');
    expect(getSetting(shop.db, 'receipt.footer_ar')).toBe('نراكم قريباً');
    const listed = listSettings(shop.db).settings.filter((s) => s.key.startsWith('receipt.'));
    expect(listed.map((s) => [s.key, s.is_set])).toEqual([
      ['receipt.seller_name_en', true],
      ['receipt.header_en', true],
      ['receipt.header_ar', true],
      ['receipt.footer_en', true],
      ['receipt.footer_ar', true],
    ]);
    expect(readPrintContext(shop.db).header).toMatchObject({
      marketEn: 'Qahwa House Olaya',
      headerEn: 'Open daily 7-23',
      footerAr: 'نراكم قريباً',
      vatNumber: '300000000000003',
    });

    // Set from the command line, seen on the screen; an empty field gives the service's value back.
    setSettingFromText(shop.db, 'receipt.header_en', 'Closed on Fridays');
    expect((await branch.branchSetup()).receipt.header_en).toBe('Closed on Fridays');
    await branch.saveReceiptSettings({ ...receipt, header_en: '' });
    expect(getSetting(shop.db, 'receipt.header_en')).toBeNull();
  });

  it('refuses what the store refuses, and changes nothing', async () => {
    const shop = await openPrintingShop({ bind: [], startQueue: false });
    open.push(shop);
    const branch = new BranchSetup({ db: shop.db });
    await branch.saveReceiptSettings(receipt);
    const before = JSON.stringify(listSettings(shop.db));
    // 15 digits, but not a ZATCA VAT number: the same rule as `pos settings set vat_number`.
    await expect(branch.saveReceiptSettings({ ...receipt, vat_number: '123456789012345' })).rejects.toThrow(
      /vat_number: a VAT number of 15 digits that starts and ends with 3/,
    );
    expect(() => setSettingFromText(shop.db, 'vat_number', '123456789012345')).toThrow(/starts and ends with 3/);
    await expect(branch.saveReceiptSettings({ ...receipt, footer_en: 'Thanks\u202e' })).rejects.toThrow(
      /footer_en: no control or direction-override characters/,
    );
    await expect(branch.saveTillSettings({ day_cutoff_hour: 13, idle_lock_minutes: 0 })).rejects.toThrow(/day_cutoff_hour: 0 to 12/);
    expect(() => setSettingFromText(shop.db, 'till.day_cutoff_hour', '13')).toThrow(/a whole number from 0 to 12/);
    expect(JSON.stringify(listSettings(shop.db))).toBe(before);
  });

  it('the Till tab and pos settings share till.day_cutoff_hour and till.idle_lock_minutes; the tab neither shows nor writes till.code', async () => {
    const shop = await openPrintingShop({ bind: [], startQueue: false });
    open.push(shop);
    const branch = new BranchSetup({ db: shop.db });
    expect((await branch.branchSetup()).till).toEqual({ day_cutoff_hour: 0, idle_lock_minutes: 5 });
    setSettingFromText(shop.db, 'till.code', 'TK');
    setSettingFromText(shop.db, 'till.idle_lock_minutes', '0');
    expect((await branch.branchSetup()).till).toEqual({ day_cutoff_hour: 0, idle_lock_minutes: 0 });
    // Numbers take the station's code (the first counter's was made from till.code with the database, 'A' when unset).
    expect((await shop.sell({ items: [{ categoryId: 1 }] })).number).toBe('A-001');
    // An old screen still sending a code changes nothing with it.
    await branch.saveTillSettings({ code: '', day_cutoff_hour: 4, idle_lock_minutes: 10 } as { day_cutoff_hour: number; idle_lock_minutes: number });
    expect([getSetting(shop.db, 'till.code'), getSetting(shop.db, 'till.day_cutoff_hour'), getSetting(shop.db, 'till.idle_lock_minutes')]).toEqual([
      'TK',
      4,
      10,
    ]);
    unsetSetting(shop.db, 'till.day_cutoff_hour');
    expect((await branch.branchSetup()).till.day_cutoff_hour).toBe(0);
  });
});
