// A service that serves no /me (its shape is not in the spec): the till sells
// and prints from its local settings. Without a VAT number the receipt says
// so where the QR would be, and the status bar warns.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeZatcaQr } from '../../../src-shared/zatca/index.ts';
import { TillService } from '../../../src-main/host/index.ts';
import { composeReceipt, readPrintContext } from '../../../src-main/printing/index.ts';
import { PREVIEW_FLAGS } from '../../../src-main/printing/preview/receipt-preview.ts';
import { setSettingFromText, unsetSetting } from '../../../src-main/settings/index.ts';
import { EventHub, TillHost } from '../../../src-main/host/index.ts';
import { FileSecretStore } from '../../../src-main/secrets/index.ts';
import type { TillDatabase } from '../../../src-main/db/index.ts';
import type { SettingKey } from '../../../src-shared/settings/index.ts';
import { emulatedService, type EmulatedService } from '../../support/emulated-service.ts';
import { sellOneLatte } from '../../support/sell-one-latte.ts';

let service: EmulatedService;
let db: TillDatabase;
beforeAll(async () => {
  service = await emulatedService({ seed: 41 });
  db = service.open('till.db');
  await service.pull(db);
  // As after a pull from a service without /me.
  db.prepare("UPDATE replica_meta SET value = 'null' WHERE key = 'me'").run();
});
afterAll(async () => {
  await service.close();
});

describe('selling and printing with no /me', () => {
  const now = () => Date.UTC(2026, 10, 21, 9, 30);

  it('refuses to sell until something names the market, and says which setting does', async () => {
    const till = new TillService({ db, now });
    await expect(sellOneLatte(till)).rejects.toThrow(/sync first, or set one with `pos settings set market_id ID`/);
  });

  it('sells for the market and branch of the settings, with no QR and a note in its place, and the status bar warns', async () => {
    setSettingFromText(db, 'market_id', 'market-from-settings');
    setSettingFromText(db, 'branch_id', 'branch-from-settings');
    const order = await sellOneLatte(new TillService({ db, now }));
    expect(order).toMatchObject({
      market_id: 'market-from-settings',
      branch_id: 'branch-from-settings',
      zatca_qr: null,
      vat_rate: 1500,
      prices_include_tax: true,
    });
    const context = readPrintContext(db);
    expect(context.header.vatNumber).toBeNull();
    const receipt = composeReceipt(order, {
      flags: PREVIEW_FLAGS,
      width: 80,
      header: context.header,
      methodNames: context.methodNames,
      logo: null,
      reprint: false,
    });
    const texts = receipt.blocks.flatMap((b) => (b.kind === 'text' ? [b.text] : b.kind === 'bilingual' ? [b.en, b.ar] : []));
    expect(texts).toEqual(expect.arrayContaining(['No VAT number: no ZATCA QR code']));
    expect(receipt.blocks.some((b) => b.kind === 'qr')).toBe(false);

    const host = new TillHost({ db, events: new EventHub(), secrets: new FileSecretStore(db) });
    expect(await host.session()).toMatchObject({ vat_number_missing: true, paired: false });
  });

  it('takes the VAT number, seller name and tax from the settings', async () => {
    setSettingFromText(db, 'vat_number', '310122393500003');
    setSettingFromText(db, 'seller_name', 'مقهى الإعدادات');
    setSettingFromText(db, 'tax.rate', '5');
    setSettingFromText(db, 'tax.prices_include_tax', 'false');
    const order = await sellOneLatte(new TillService({ db, now }));
    expect(order).toMatchObject({ vat_rate: 500, prices_include_tax: false });
    expect(order.tax).toBe(Math.round(order.subtotal * 0.05));
    expect(decodeZatcaQr(order.zatca_qr!)).toMatchObject({ sellerName: 'مقهى الإعدادات', vatNumber: '310122393500003' });
    const host = new TillHost({ db, events: new EventHub(), secrets: new FileSecretStore(db) });
    expect(await host.session()).toMatchObject({ vat_number_missing: false });
    const keys: SettingKey[] = ['vat_number', 'seller_name', 'tax.rate', 'tax.prices_include_tax'];
    expect(keys.map((key) => unsetSetting(db, key))).toEqual([true, true, true, true]);
  });
});
