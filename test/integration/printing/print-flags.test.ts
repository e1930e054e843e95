// One test per printer flag: real orders checked out through TillService
// against a replica pulled from the emulator, printed by the queue over TCP
// to a virtual printer, and decoded back from the bytes it captured.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrinterFlag } from '../../../src-shared/catalog/index.ts';
import type { OrderView } from '../../../src-shared/selling/index.ts';
import { bindPrinter, LOGO_SETTING, renderReceiptPreview, shippedLogoPath } from '../../../src-main/printing/index.ts';
import { setSetting } from '../../../src-main/settings/index.ts';
import { EXTRA_SPACE_LINES } from '../../../src-main/printing/compose/compose-receipt.ts';
import { readPrintJobs } from '../../../src-main/printing/queue/print-job-store.ts';
import { type DecodedEscPos, type EscPosCommand } from '../../../src-main/printing/escpos/decode-escpos.ts';
import { type PrinterSink } from '../../../src-main/printing/virtual-printer/printer-sink.ts';
import { scanQr, stackBands } from '../../unit/printing/qr-scan.ts';
import { openPrintingShop, type PrintingShop, type Sale } from './printing-shop.ts';
import { allowAppPrograms, installAppProgram } from '../../support/app-program.ts';

let shop: PrintingShop;
let cashier: PrinterSink;
beforeAll(async () => {
  shop = await openPrintingShop({ bind: ['Cashier'] });
  cashier = shop.sinks.get('Cashier')!;
});
afterAll(async () => {
  await shop.close();
});

const DRINK: Sale = { items: [{ categoryId: 1, quantity: 2, modifiers: 1, notes: 'no sugar' }, { categoryId: 5 }] };

/** Sets the Cashier's flags (PRINT_AUTO always, so it prints at checkout), sells, and returns what the Cashier printed for it. */
async function receiptWith(on: readonly PrinterFlag[], sale: Sale = DRINK): Promise<{ order: OrderView; printed: DecodedEscPos[] }> {
  await shop.setFlags('Cashier', ['PRINT_AUTO', ...on]);
  const before = cashier.jobs.length;
  const order = await shop.sell(sale);
  await shop.settle();
  const jobs = readPrintJobs(shop.db, order.uuid);
  const done = jobs.filter((j) => j.state === 'done').length;
  // A send resolves before the sink has saved the job; APP_TO_APP jobs never reach the sink.
  if (done > 0 && !on.includes('APP_TO_APP')) await cashier.waitForJobs(before + done);
  return { order, printed: cashier.jobs.slice(before).map((job) => job.decoded) };
}

const ofType = <T extends EscPosCommand['type']>(decoded: DecodedEscPos, type: T) =>
  decoded.commands.filter((c): c is Extract<EscPosCommand, { type: T }> => c.type === type);

function only(printed: DecodedEscPos[]): DecodedEscPos {
  expect(printed).toHaveLength(1);
  return printed[0]!;
}

describe('printer flags', () => {
  it('MULTILINGUAL adds the Arabic names as rasters; without it the receipt is English text only', async () => {
    const english = only((await receiptWith(['PRODUCT_SHOW'])).printed);
    const bilingual = only((await receiptWith(['PRODUCT_SHOW', 'MULTILINGUAL'])).printed);
    expect(ofType(english, 'raster')).toEqual([]);
    expect(english.text).toContain('Qahwa House');
    expect(english.text).toContain('Total');
    // The market's and the branch's Arabic names, the labels, each item's Arabic name: all rasters.
    expect(ofType(bilingual, 'raster').length).toBeGreaterThan(10);
    expect(bilingual.text).toContain('Qahwa House');
  });

  it('PRODUCT_SHOW prints the item lines with modifiers and notes; without it only the totals', async () => {
    const { order, printed } = await receiptWith(['PRODUCT_SHOW']);
    const withItems = only(printed).text;
    const [first, second] = order.lines;
    expect(withItems).toContain(`2 x ${first!.name_en}`);
    expect(withItems).toContain(`+ ${first!.modifiers[0]!.name_en}`);
    expect(withItems).toContain('Note: no sugar');
    expect(withItems).toContain(`1 x ${second!.name_en}`);
    const totalsOnly = only((await receiptWith([])).printed).text;
    expect(totalsOnly).not.toContain(first!.name_en);
    expect(totalsOnly).toMatch(/Subtotal +\d+\.\d\d/);
    expect(totalsOnly).toMatch(/Total +\d+\.\d\d SAR/);
  });

  it('DRAWER_OPEN kicks the drawer with all 5 bytes of ESC p on cash sales only, and never on a reprint', async () => {
    const cash = await receiptWith(['DRAWER_OPEN'], { ...DRINK, pay: 'CASH', tendered: 100_00 });
    const kicks = ofType(only(cash.printed), 'drawer-kick');
    expect(kicks).toHaveLength(1);
    expect(kicks[0]).toMatchObject({ pin: 2, m: 0, t1: 25, t2: 250, length: 5 });
    expect(only(cash.printed).problems).toEqual([]);
    // Change is on the receipt with what was tendered.
    expect(only(cash.printed).text).toMatch(/Change +\d+\.\d\d/);

    expect(ofType(only((await receiptWith(['DRAWER_OPEN'], { ...DRINK, pay: 'MADA' })).printed), 'drawer-kick')).toEqual([]);
    expect(ofType(only((await receiptWith([], { ...DRINK, pay: 'CASH' })).printed), 'drawer-kick')).toEqual([]);

    const before = cashier.jobs.length;
    shop.queue.reprint(cash.order.uuid, 'receipt');
    await shop.settle();
    const copy = (await cashier.waitForJobs(before + 1)).at(-1)!.decoded;
    expect(copy.text).toContain('** COPY **');
    expect(ofType(copy, 'drawer-kick')).toEqual([]);
  });

  it('PRINT_POSTPAID prints pay-later orders (marked UNPAID); without it they are skipped', async () => {
    const skipped = await receiptWith([], { ...DRINK, pay: 'PAY_LATER' });
    expect(skipped.order.status).toBe('UNPAID');
    expect(skipped.printed).toEqual([]);
    expect(readPrintJobs(shop.db, skipped.order.uuid)).toEqual([]);

    const printed = only((await receiptWith(['PRINT_POSTPAID'], { ...DRINK, pay: 'PAY_LATER' })).printed);
    expect(printed.text).toContain('UNPAID - pay later');
  });

  it('PRINT_IMAGE prints the branch logo above the header', async () => {
    // A till prints no logo until its branch sets one (receipt-truth.test.ts); this branch sets the shipped one.
    setSetting(shop.db, LOGO_SETTING, shippedLogoPath());
    const plain = only((await receiptWith([])).printed);
    const withLogo = only((await receiptWith(['PRINT_IMAGE'])).printed);
    expect(ofType(plain, 'raster')).toEqual([]);
    const [logo] = ofType(withLogo, 'raster');
    // The shipped logo is 288 x 112: half the 80 mm paper, centred in a paper-wide raster.
    expect(logo).toMatchObject({ width: 576, height: 112 });
    const firstText = withLogo.commands.findIndex((c) => c.type === 'text');
    expect(withLogo.commands.indexOf(logo!)).toBeLessThan(firstText);
  });

  it('PRINT_AUTO prints at checkout; without it nothing prints until asked', async () => {
    await shop.setFlags('Cashier', ['PRODUCT_SHOW']);
    const before = cashier.jobs.length;
    const order = await shop.sell(DRINK);
    await shop.settle();
    expect(cashier.jobs.length).toBe(before);
    expect(readPrintJobs(shop.db, order.uuid)).toEqual([]);

    const [id] = shop.queue.reprint(order.uuid, 'receipt');
    await shop.settle();
    const printed = (await cashier.waitForJobs(before + 1)).at(-1)!.decoded;
    expect(printed.text).toContain(`#${order.number}`);
    // The first print on demand is the original, not a copy.
    expect(printed.text).not.toContain('COPY');
    expect(readPrintJobs(shop.db, order.uuid)).toMatchObject([{ id, reason: 'demand', state: 'done' }]);

    expect(only((await receiptWith([])).printed).text).toContain('Total');
  });

  it('APP_TO_APP hands the bytes to the bound command on stdin instead of the network', async () => {
    const out = shop.service.dir.file('app-to-app.bin');
    const script = installAppProgram(
      shop.service.dir.file('spooler.mjs'),
      `import { writeFileSync } from 'node:fs';\nconst chunks = [];\nfor await (const c of process.stdin) chunks.push(c);\nwriteFileSync(process.argv[2], Buffer.concat(chunks));\n`,
    );
    allowAppPrograms(shop.db, [script]);
    const id = shop.printer('Cashier').id;
    bindPrinter(shop.db, id, { appCommand: [script, out] });
    try {
      const { order, printed } = await receiptWith(['APP_TO_APP', 'PRODUCT_SHOW']);
      expect(printed).toEqual([]);
      expect(readPrintJobs(shop.db, order.uuid)).toMatchObject([{ state: 'done' }]);
      const { decodeEscPos } = await import('../../../src-main/printing/escpos/decode-escpos.ts');
      const decoded = decodeEscPos(new Uint8Array(readFileSync(out)));
      expect(decoded.text).toContain(`#${order.number}`);
      expect(decoded.problems).toEqual([]);
    } finally {
      bindPrinter(shop.db, id, { appCommand: null });
    }
  });

  it('HAS_SPACE feeds extra lines before the cut', async () => {
    const tight = only((await receiptWith([])).printed);
    const spaced = only((await receiptWith(['HAS_SPACE'])).printed);
    const beforeCut = (d: DecodedEscPos) => d.commands[d.commands.findIndex((c) => c.type === 'cut') - 1];
    expect(beforeCut(spaced)).toMatchObject({ type: 'feed-lines', lines: EXTRA_SPACE_LINES });
    expect(beforeCut(tight)?.type).not.toBe('feed-lines');
    expect(ofType(spaced, 'cut')).toHaveLength(1);
  });

  it('RASTER sends the whole receipt as paper-wide images, the QR code drawn into them', async () => {
    const { order, printed } = await receiptWith(['RASTER', 'PRODUCT_SHOW', 'MULTILINGUAL']);
    const decoded = only(printed);
    expect(ofType(decoded, 'text')).toEqual([]);
    const rasters = ofType(decoded, 'raster');
    expect(rasters.length).toBeGreaterThan(1);
    for (const raster of rasters) expect(raster.width).toBe(576);
    expect(rasters.reduce((sum, r) => sum + r.height, 0)).toBeGreaterThan(600);
    expect(decoded.commands.filter((c) => c.type.startsWith('qr-'))).toEqual([]);
    expect(scanQr(stackBands(rasters.map((r) => r.bitmap)))).toBe(order.zatca_qr);
    expect(ofType(decoded, 'cut')).toHaveLength(1);
    // Without RASTER the English lines go as text.
    expect(ofType(only((await receiptWith(['PRODUCT_SHOW', 'MULTILINGUAL'])).printed), 'text').length).toBeGreaterThan(5);
  });

  it('PDF also writes the receipt as a PDF of the preview in the receipts folder', async () => {
    const before = existsSync(shop.receiptsDir) ? readdirSync(shop.receiptsDir).length : 0;
    await receiptWith([]);
    expect(existsSync(shop.receiptsDir) ? readdirSync(shop.receiptsDir).length : 0).toBe(before);

    const { order } = await receiptWith(['PDF', 'PRODUCT_SHOW']);
    const file = shop.outcomes.find((o) => o.job.order_uuid === order.uuid)?.pdf;
    expect(file).toMatch(new RegExp(`${order.business_day}_${order.number}_.*\\.pdf$`));
    const pdf = readFileSync(file!);
    const text = pdf.toString('latin1');
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    // Every xref offset points at its object.
    const xrefAt = Number(/startxref\n(\d+)/.exec(text)![1]);
    expect(text.slice(xrefAt, xrefAt + 4)).toBe('xref');
    const offsets = [...text.slice(xrefAt).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    offsets.forEach((offset, i) => expect(text.slice(offset).startsWith(`${i + 1} 0 obj`)).toBe(true));
    // The image is the preview, dot for dot.
    const preview = await renderReceiptPreview(shop.db, order.uuid, shop.printer('Cashier').id);
    const { loadImage } = await import('@napi-rs/canvas');
    const png = await loadImage(preview);
    const width = Number(/\/Width (\d+)/.exec(text)![1]);
    const height = Number(/\/Height (\d+)/.exec(text)![1]);
    expect([width, height]).toEqual([png.width, png.height]);
    const start = text.indexOf('stream\n', text.indexOf('/Subtype /Image')) + 7;
    const length = Number(/\/Subtype \/Image[^>]*\/Length (\d+)/.exec(text)![1]);
    const pixels = inflateSync(pdf.subarray(start, start + length));
    expect(pixels.length).toBe(Math.ceil(width / 8) * height);
  });
});
