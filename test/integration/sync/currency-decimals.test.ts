// Issue 19, part 6: minor units per the market's currency. A 3-decimal
// market (KWD) served over real HTTP by the spec-only stand-in: pull, sell,
// upload, and the amounts on the wire have three places; before, 2.125 was
// rounded to 2.13 on the way in and every total was off.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { currencyDecimals, readCatalog } from '../../../src-main/catalog/index.ts';
import { openDatabase, type TillDatabase } from '../../../src-main/db/index.ts';
import { setSetting } from '../../../src-main/settings/index.ts';
import { OrderUploader, pullCatalog } from '../../../src-main/sync/index.ts';
import { TillService } from '../../../src-main/host/index.ts';
import { ServiceClient } from '../../../src-main/upstream/index.ts';
import { FAST_RETRY } from '../../support/emulated-service.ts';
import { startSpecOnlyService, type SpecOnlyOptions, type SpecOnlyService } from '../../support/spec-only-service.ts';
import { tempDir } from '../../support/temp-dir.ts';
import { printerSettings } from '../../../src-shared/catalog/index.ts';
import { composeReceipt, readPrintContext, sendToAddress, startPrinterSink } from '../../../src-main/printing/index.ts';
import { renderDocumentToEscPos } from '../../../src-main/printing/escpos/render-escpos.ts';
import { LOOPBACK_SINKS } from '../printing/printing-shop.ts';

let service: SpecOnlyService | undefined;
let dir: ReturnType<typeof tempDir>;
let db: TillDatabase;

async function start(options: SpecOnlyOptions): Promise<SpecOnlyService> {
  service = await startSpecOnlyService({ acceptedVersions: ['2.3.0'], ...options });
  return service;
}

beforeEach(() => {
  dir = tempDir('till-currency-');
  db = openDatabase(dir.file('till.db'));
});
afterEach(async () => {
  if (db.open) db.close();
  await service?.close();
  service = undefined;
  dir.cleanup();
});

const client = (s: SpecOnlyService) => new ServiceClient({ baseUrl: s.baseUrl, token: s.token, apiVersion: '2.3.0', timeoutMs: 5_000 });
const pull = (s: SpecOnlyService) => pullCatalog({ client: client(s), db, retry: FAST_RETRY, marketId: s.marketId, branchId: s.branchId });
const cashOf = (name: string) =>
  readCatalog(db)
    .products.find((p) => p.name_en === name)!
    .prices.find((p) => p.priceable_id === 'CASH')!.value;

describe('a 3-decimal currency', () => {
  it('is read, priced, sold and uploaded with three places (setting currency.decimals = 3)', async () => {
    const s = await start({ threePlaces: {} });
    setSetting(db, 'currency.decimals', 3);
    const summary = await pull(s);
    expect(summary.precisionLost).toBe(0);
    expect(currencyDecimals(db)).toBe(3);
    // In fils, read once from the wire's "2.125".
    expect(cashOf('Latte')).toBe(2_125);
    expect(cashOf('Water')).toBe(3_005);
    const latte = readCatalog(db).products.find((p) => p.name_en === 'Latte')!;
    expect(latte.modifiers).toEqual([expect.objectContaining({ name_en: 'Oat milk', price: 375 })]);
    // A percentage stays in hundredths of a percent, whatever the currency.
    expect(latte.prices.find((p) => p.priceable_type === 'ORDER_TYPE')).toMatchObject({ value: 1_000, value_type: 'PERCENT' });

    const till = new TillService({ db, now: () => Date.UTC(2026, 10, 25, 9, 30) });
    await till.addItem({ product_id: latte.id, quantity: 2, modifier_ids: [latte.modifiers[0]!.id] });
    const water = readCatalog(db).products.find((p) => p.name_en === 'Water')!;
    const cart = await till.addItem({ product_id: water.id, quantity: 1 });
    // 2 × (2.125 + 0.375) + 3.005 = 8.005 KWD, in fils.
    expect(cart.lines.map((l) => l.unit_price)).toEqual([2_500, 3_005]);
    expect(cart.total).toBe(8_005);
    // Quick cash counts in dinars: the next 5 is 10.000 KWD, not 10.00 × 100 fils.
    expect(cart.quick_cash).toEqual([8_005, 10_000, 50_000, 100_000]);
    const order = await till.checkout({ payments: [{ method_key: 'CASH', amount: cart.total }] });
    expect(order.total).toBe(8_005);

    // The receipt, printed to a virtual printer over TCP and decoded back: three places too.
    const sink = await startPrinterSink({ port: 0, outDir: dir.file('sink') });
    try {
      const context = readPrintContext(db);
      const doc = composeReceipt(order, {
        flags: printerSettings(['PRODUCT_SHOW']),
        width: 80,
        header: context.header,
        methodNames: context.methodNames,
        logo: null,
        reprint: false,
      });
      await sendToAddress(`tcp://127.0.0.1:${sink.port}`, await renderDocumentToEscPos(doc, { width: 80, mode: 'text' }), LOOPBACK_SINKS);
      const [job] = await sink.waitForJobs(1);
      expect(job!.decoded.text).toMatch(/2 x Latte +5\.000/);
      expect(job!.decoded.text).toMatch(/Subtotal +8\.005/);
      expect(job!.decoded.text).toMatch(/Total +8\.005 SAR/);
      expect(job!.decoded.text).toMatch(/VAT 15% +1\.044/);
    } finally {
      await sink.close();
    }

    const report = await new OrderUploader({ db, client: client(s) }).uploadDue();
    expect(report).toMatchObject({ created: 1 });
    const [wire] = (s.orderPosts[0] as { orders: Record<string, unknown>[] }).orders;
    expect(wire).toMatchObject({
      uuid: order.uuid,
      items: [expect.objectContaining({ unit_price: '2.500', total: '5.000' }), expect.objectContaining({ unit_price: '3.005', total: '3.005' })],
      subtotal: '8.005',
      discount_total: '0.000',
      // VAT 15% included, per line: 5.000 × 15/115 = 0.652, 3.005 × 15/115 = 0.392.
      tax: '1.044',
      total: '8.005',
      payments: [{ payment_method_key: 'CASH', amount: '8.005' }],
    });
  });

  it("takes three places from /me's currency (KWD) when the setting is not set", async () => {
    const s = await start({ threePlaces: { me: true } });
    const summary = await pull(s);
    expect(summary.facts.currency).toBe('KWD');
    expect(summary.precisionLost).toBe(0);
    expect(currencyDecimals(db)).toBe(3);
    expect(cashOf('Cheesecake')).toBe(4_999);
    // The receipt names the currency /me gave.
    expect(readPrintContext(db).header).toMatchObject({ decimals: 3, currency: 'KWD' });
  });

  it('with two places (the default, nothing says otherwise) the same prices are rounded and counted as precision lost', async () => {
    const s = await start({ threePlaces: {} });
    const summary = await pull(s);
    expect(currencyDecimals(db)).toBe(2);
    expect(cashOf('Latte')).toBe(213);
    expect(summary.precisionLost).toBeGreaterThan(0);
  });
});
