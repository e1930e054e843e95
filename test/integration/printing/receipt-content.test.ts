// What a printed receipt carries, read back from the bytes the virtual
// printer captured: the ZATCA QR exactly as checkout made it, the Arabic
// header as a raster matching a reference checked by eye, both paper
// widths, and a preview that is the printed raster dot for dot, its QR
// code scanning (jsQR) to the stored payload.
// Regenerate the reference after an intended change with UPDATE_PRINTING_FIXTURES=1.

import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { loadImage } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeZatcaQr } from '../../../src-shared/zatca/index.ts';
import { bindPrinter, renderReceiptPreview, type PaperWidth } from '../../../src-main/printing/index.ts';
import { monoBitmapToPng } from '../../../src-main/printing/raster/png.ts';
import { readPrintJobs } from '../../../src-main/printing/queue/print-job-store.ts';
import { type DecodedEscPos } from '../../../src-main/printing/escpos/decode-escpos.ts';
import { type MonoBitmap } from '../../../src-main/printing/raster/mono-bitmap.ts';
import { diffBitmaps, loadPngAsBitmap } from '../../unit/printing/pixel-diff.ts';
import { scanQr, stackBands } from '../../unit/printing/qr-scan.ts';
import { openPrintingShop, type PrintingShop, type Sale } from './printing-shop.ts';

const FIXTURES = fileURLToPath(new URL('../../fixtures/printing/', import.meta.url));
const UPDATE = process.env['UPDATE_PRINTING_FIXTURES'] === '1';
const TOLERANCE = 0.02;

let shop: PrintingShop;
beforeAll(async () => {
  shop = await openPrintingShop({ bind: ['Cashier'], flags: { Cashier: ['PRINT_AUTO', 'MULTILINGUAL', 'PRODUCT_SHOW'] } });
});
afterAll(async () => {
  await shop.close();
});

const SALE: Sale = { items: [{ categoryId: 1, quantity: 2, modifiers: 1 }, { categoryId: 5 }], pay: 'CASH', tendered: 100_00 };

async function printReceipt(width: PaperWidth = 80, sale: Sale = SALE) {
  bindPrinter(shop.db, shop.printer('Cashier').id, { paperWidth: width });
  const sink = shop.sinks.get('Cashier')!;
  const before = sink.jobs.length;
  const order = await shop.sell(sale);
  await shop.settle();
  expect(readPrintJobs(shop.db, order.uuid)).toMatchObject([{ state: 'done' }]);
  const [job] = (await sink.waitForJobs(before + 1)).slice(before);
  return { order, decoded: job!.decoded, job: job! };
}

const rasters = (decoded: DecodedEscPos): MonoBitmap[] => decoded.commands.flatMap((c) => (c.type === 'raster' ? [c.bitmap] : []));

describe('the printed receipt', () => {
  it('carries the ZATCA QR with exactly the payload checkout stored', async () => {
    const { order, decoded } = await printReceipt();
    expect(order.zatca_qr).toBeTruthy();
    const stored = decoded.commands.filter((c) => c.type === 'qr-store');
    expect(stored.map((c) => c.data)).toEqual([order.zatca_qr]);
    expect(decoded.text).toContain(`[qr ${order.zatca_qr}]`);
    // And it says what the receipt says.
    const tlv = decodeZatcaQr(order.zatca_qr!);
    expect(tlv.vatNumber).toBe('310123456700003');
    expect(decoded.problems).toEqual([]);
  });

  for (const width of [80, 58] as const) {
    it(`prints the market's Arabic name as a raster matching its reference (${width} mm)`, async () => {
      const { decoded } = await printReceipt(width);
      // The English name is text; the Arabic name below it is the first raster.
      expect(decoded.text.split('\n')[0]).toContain('Qahwa House');
      const [arabic] = rasters(decoded);
      expect(arabic).toMatchObject({ width: width === 80 ? 576 : 384, height: 72 });
      const path = `${FIXTURES}receipt-market-name-ar-${width}mm.png`;
      if (UPDATE) {
        await mkdir(FIXTURES, { recursive: true });
        await writeFile(path, monoBitmapToPng(arabic!));
      }
      expect(existsSync(path), `${path} is missing: run with UPDATE_PRINTING_FIXTURES=1 and check it by eye`).toBe(true);
      const diff = diffBitmaps(arabic!, await loadPngAsBitmap(path));
      expect(diff.ink).toBeGreaterThan(500);
      expect(diff.ratio).toBeLessThanOrEqual(TOLERANCE);
    });
  }

  it("fits every text line in the paper's columns at both widths", async () => {
    for (const [width, columns] of [
      [80, 48],
      [58, 32],
    ] as const) {
      const { decoded } = await printReceipt(width);
      const lines = decoded.text.split('\n').filter((line) => !line.startsWith('['));
      for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(columns);
      for (const raster of rasters(decoded)) expect(raster.width).toBe(width === 80 ? 576 : 384);
    }
  });

  it('previews exactly what a RASTER printer prints, dot for dot, QR code included', async () => {
    await shop.setFlags('Cashier', ['PRINT_AUTO', 'MULTILINGUAL', 'PRODUCT_SHOW', 'RASTER']);
    try {
      const { order, decoded, job } = await printReceipt(80);
      expect(order.zatca_qr).toBeTruthy();
      const preview = await loadPngAsBitmap(await writeTemp(await renderReceiptPreview(shop.db, order.uuid, shop.printer('Cashier').id)));
      // The whole receipt is one image: no printer-encoded QR code.
      expect(decoded.commands.filter((c) => c.type.startsWith('qr-'))).toEqual([]);
      const printed = stackBands(rasters(decoded));
      expect(printed.height).toBe(preview.height);
      expect(diffBitmaps(printed, preview).differing).toBe(0);
      // The ZATCA QR scans, with exactly the payload checkout stored, off the
      // preview and off the image the printer saved.
      expect(scanQr(preview)).toBe(order.zatca_qr);
      expect(job.files.png).toHaveLength(1);
      expect(scanQr(await loadPngAsBitmap(job.files.png[0]!))).toBe(order.zatca_qr);
      const image = await loadImage(await renderReceiptPreview(shop.db, order.uuid, 58));
      expect(image.width).toBe(384);
    } finally {
      await shop.setFlags('Cashier', ['PRINT_AUTO', 'MULTILINGUAL', 'PRODUCT_SHOW']);
    }
  });

  it('previews a text-mode receipt with the real QR code the printer encodes (58 and 80 mm)', async () => {
    for (const width of [80, 58] as const) {
      const { order, decoded } = await printReceipt(width);
      expect(decoded.commands.filter((c) => c.type === 'qr-store').map((c) => c.data)).toEqual([order.zatca_qr]);
      const preview = await loadPngAsBitmap(await writeTemp(await renderReceiptPreview(shop.db, order.uuid, width)));
      expect(preview.width).toBe(width === 80 ? 576 : 384);
      expect(scanQr(preview)).toBe(order.zatca_qr);
    }
  });
});

async function writeTemp(png: Buffer): Promise<string> {
  const path = shop.service.dir.file(`preview-${Date.now()}.png`);
  await writeFile(path, png);
  return path;
}
