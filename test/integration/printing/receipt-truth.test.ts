// Issue 19, part 5: receipts tell the truth. Real orders checked out against
// a replica pulled from the emulator, printed by the queue over TCP to a
// virtual printer and decoded back: no logo until the branch sets one (the
// demo sets its own), each name printed once when /me gives none, emoji in
// product names left out (no font draws them), never a box.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { printerSettings, type PrinterFlag } from '../../../src-shared/catalog/index.ts';
import type { OrderView } from '../../../src-shared/selling/index.ts';
import { startDemoServices } from '../../../src-main/cli/demo-services.ts';
import { openDatabase } from '../../../src-main/db/index.ts';
import { composeReceipt, LOGO_SETTING, shippedLogoPath } from '../../../src-main/printing/index.ts';
import { renderDocumentToEscPos } from '../../../src-main/printing/escpos/render-escpos.ts';
import { decodeEscPos, type DecodedEscPos, type EscPosCommand } from '../../../src-main/printing/escpos/decode-escpos.ts';
import { withoutEmoji } from '../../../src-main/printing/layout/without-emoji.ts';
import { readPrintContext } from '../../../src-main/printing/index.ts';
import { getSetting, setSetting, setSettingFromText, unsetSetting } from '../../../src-main/settings/index.ts';
import { tempDir } from '../../support/temp-dir.ts';
import { openPrintingShop, type PrintingShop, type Sale } from './printing-shop.ts';

let shop: PrintingShop;
beforeAll(async () => {
  shop = await openPrintingShop({ bind: ['Cashier'] });
});
afterAll(async () => {
  await shop.close();
});

const ofType = <T extends EscPosCommand['type']>(decoded: DecodedEscPos, type: T) =>
  decoded.commands.filter((c): c is Extract<EscPosCommand, { type: T }> => c.type === type);

async function receiptWith(on: readonly PrinterFlag[], sale: Sale = { items: [{ categoryId: 1 }] }): Promise<DecodedEscPos> {
  await shop.setFlags('Cashier', ['PRINT_AUTO', ...on]);
  const sink = shop.sinks.get('Cashier')!;
  const before = sink.jobs.length;
  await shop.sell(sale);
  await shop.settle();
  const jobs = await sink.waitForJobs(before + 1);
  expect(jobs.length).toBe(before + 1);
  return jobs.at(-1)!.decoded;
}

describe('the logo', () => {
  it('is not printed until the branch sets one, even on a PRINT_IMAGE printer', async () => {
    expect(getSetting(shop.db, LOGO_SETTING)).toBeNull();
    const printed = await receiptWith(['PRINT_IMAGE']);
    expect(ofType(printed, 'raster')).toEqual([]);
    expect(printed.text).toContain('Qahwa House');
  });

  it('is the branch’s own once set', async () => {
    setSetting(shop.db, LOGO_SETTING, shippedLogoPath());
    try {
      const printed = await receiptWith(['PRINT_IMAGE']);
      const [logo] = ofType(printed, 'raster');
      expect(logo).toMatchObject({ width: 576, height: 112 });
    } finally {
      unsetSetting(shop.db, LOGO_SETTING);
    }
  });

  it('the demo sets its own, explicitly, as a branch would', async () => {
    const dir = tempDir('till-demo-logo-');
    const db = openDatabase(dir.file('demo.db'));
    const demo = await startDemoServices(db, { dataDir: dir.path, products: 20 });
    try {
      expect(getSetting(db, LOGO_SETTING)).toBe(shippedLogoPath());
    } finally {
      await demo.close();
      db.close();
      dir.cleanup();
    }
  });
});

describe('emoji in product names', () => {
  it('print as the name without them, as plain text: no raster, no box, no "?"', async () => {
    const tenant = shop.service.emulator.tenant;
    const product = tenant.products.find((p) => p.category_id === 1 && p.is_active && p.deleted_at === null)!;
    const plainName = product.name_en;
    product.name_en = `${plainName} ☕️`;
    try {
      const printed = await receiptWith(['PRODUCT_SHOW'], { items: [{ categoryId: 1 }] });
      expect(printed.text).toContain(`1 x ${plainName} `);
      expect(printed.text).not.toContain('?');
      expect(printed.text).not.toContain('☕');
      // Text mode prints any line it cannot write as text as a raster: none here.
      expect(ofType(printed, 'raster')).toEqual([]);
    } finally {
      product.name_en = plainName;
    }
  });

  it('leave the raster exactly as the same line without them (no tofu box), Arabic and Latin', async () => {
    const order = await shop.sell({ items: [{ categoryId: 1 }] });
    await shop.settle();
    const context = readPrintContext(shop.db);
    const named = (en: string, ar: string): OrderView => ({ ...order, lines: order.lines.map((l) => ({ ...l, name_en: en, name_ar: ar })) });
    const render = async (o: OrderView) => {
      const doc = composeReceipt(o, {
        flags: printerSettings(['PRODUCT_SHOW', 'MULTILINGUAL', 'RASTER']),
        width: 80,
        header: context.header,
        methodNames: context.methodNames,
        logo: null,
        reprint: false,
      });
      return decodeEscPos(await renderDocumentToEscPos(doc, { width: 80, mode: 'raster' }));
    };
    const plain = await render(named('Iced Latte', 'لاتيه مثلج'));
    const withEmoji = await render(named('Iced 🧊 Latte ☕️', 'لاتيه مثلج 🧊'));
    const bitmaps = (d: DecodedEscPos) => ofType(d, 'raster').map((r) => Buffer.from(r.bitmap.data).toString('base64'));
    expect(bitmaps(plain).length).toBeGreaterThan(0);
    expect(bitmaps(withEmoji)).toEqual(bitmaps(plain));
    // And an emoji-only name would have drawn ink where it stood: the comparison can fail.
    const flag = await render(named('Iced Latte 🇸🇦', 'لاتيه مثلج'));
    expect(bitmaps(flag)).toEqual(bitmaps(plain));
  });

  it('are taken out with the space around them tidied, keeping what the fonts draw', () => {
    expect(withoutEmoji('Latte ☕ Hot')).toBe('Latte Hot');
    expect(withoutEmoji('☕ Latte')).toBe('Latte');
    expect(withoutEmoji('Latte ☕️')).toBe('Latte');
    expect(withoutEmoji('  + 👍🏽Oat milk')).toBe('  + Oat milk');
    expect(withoutEmoji('Family 👨‍👩‍👧 meal')).toBe('Family meal');
    expect(withoutEmoji('Coca-Cola® Zero™ © 2026')).toBe('Coca-Cola® Zero™ © 2026');
    expect(withoutEmoji('قهوة ☕ عربية')).toBe('قهوة عربية');
  });
});

describe('names when /me gives none', () => {
  it('prints each name once (the seller fallback was printed four times)', async () => {
    await shop.setFlags('Cashier', ['PRINT_AUTO', 'MULTILINGUAL']);
    setSettingFromText(shop.db, 'market_id', 'market-from-settings');
    setSettingFromText(shop.db, 'branch_id', 'branch-from-settings');
    shop.db.prepare("UPDATE replica_meta SET value = 'null' WHERE key = 'me'").run();
    const context = readPrintContext(shop.db);
    expect(context.header).toMatchObject({ marketEn: 'market-from-settings', marketAr: 'market-from-settings', branchEn: 'market-from-settings' });
    const sink = shop.sinks.get('Cashier')!;
    const before = sink.jobs.length;
    await shop.sell({ items: [{ categoryId: 1 }] });
    await shop.settle();
    const printed = (await sink.waitForJobs(before + 1)).at(-1)!.decoded;
    expect(printed.text.split('market-from-settings').length - 1).toBe(1);
  });
});
