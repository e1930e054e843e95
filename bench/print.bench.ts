/**
 * npm run bench:print — composing and rendering a 20-line bilingual receipt
 * (MULTILINGUAL, PRODUCT_SHOW, modifiers, notes, the ZATCA QR) to the
 * ESC/POS bytes a printer takes, in text mode (ASCII as text, Arabic as
 * rasters between) and in RASTER mode (the whole receipt one image), at
 * 80 mm. Drawn lines are cached (raster/draw-layout.ts), so each mode is
 * measured cold (cache cleared before every run: a receipt of lines never
 * printed before) and warm (the same receipt again: a reprint, or a day of
 * the same menu). Target: raster under 50 ms, judged cold at p99.
 *
 * Bounds, measured in the same run with code written here, not ours:
 *   bare GS v 0:  a same-size 1-bit bitmap (the raster receipt's W × H dots)
 *                 framed as GS v 0 bands: the bytes alone;
 *   bare canvas:  a same-size canvas filled white, read back (getImageData),
 *                 thresholded to 1 bit and framed as GS v 0: the floor for
 *                 any receipt drawn through a canvas, before any text is drawn.
 */
import { createCanvas } from '@napi-rs/canvas';
import { printerSettings } from '../src-shared/catalog/index.ts';
import { formatMinor } from '../src-shared/money/index.ts';
import type { OrderLineRecord, OrderRecord } from '../src-shared/selling/index.ts';
import { encodeZatcaQr, formatZatcaTimestamp } from '../src-shared/zatca/index.ts';
import { composeReceipt, registerPrintingFonts, renderDocumentToPng } from '../src-main/printing/index.ts';
import { clearQrCache } from '../src-main/printing/layout/qr-matrix.ts';
import { clearStripCache } from '../src-main/printing/raster/draw-layout.ts';
import { renderRequest } from '../src-main/printing/render-worker/render-request.ts';
import { renderDocumentToEscPos } from '../src-main/printing/escpos/render-escpos.ts';
import { type ReceiptOptions } from '../src-main/printing/compose/compose-options.ts';
import { paidDineInSale } from '../test/support/paid-sale.ts';
import { ms, percentile, writeResults } from './bench-support.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 300);
const WARM_UP = 20;
const TARGET_RASTER_MS = 50;

const MENU: ReadonlyArray<readonly [string, string, number]> = [
  ['Espresso', 'إسبريسو', 900],
  ['Americano', 'أمريكانو', 1100],
  ['Cortado', 'كورتادو', 1400],
  ['Flat white', 'فلات وايت', 1600],
  ['Cappuccino', 'كابتشينو', 1500],
  ['Spanish latte', 'سبانيش لاتيه', 1800],
  ['Caramel macchiato', 'كراميل ماكياتو', 1900],
  ['Saudi coffee', 'قهوة سعودية', 1200],
  ['Turkish coffee', 'قهوة تركية', 1000],
  ['Hot chocolate', 'شوكولاتة ساخنة', 1600],
  ['Iced latte', 'آيس لاتيه', 1700],
  ['Cold brew', 'كولد برو', 1600],
  ['Mocha frappé', 'فرابيه موكا', 2100],
  ['Karak tea', 'شاي كرك', 800],
  ['Butter croissant', 'كرواسون بالزبدة', 900],
  ['Halloumi sandwich', 'ساندويتش حلومي', 2400],
  ['Eggs Benedict', 'بيض بنديكت', 3400],
  ['Shakshuka', 'شكشوكة', 2800],
  ['Date cake', 'كيكة التمر', 1500],
  ['Pistachio kunafa', 'كنافة بالفستق', 2200],
];

function benchOrder(): OrderRecord {
  const createdAt = Date.UTC(2025, 0, 5, 9, 30);
  const lines: OrderLineRecord[] = MENU.map(([en, ar, price], index) => {
    const quantity = 1 + (index % 3);
    const gross = price * quantity;
    const tax = Math.round((gross * 15) / 115);
    return {
      line_no: index + 1,
      product_id: `p${index}`,
      category_id: 1 + (index % 9),
      name_en: en,
      name_ar: ar,
      quantity,
      unit_price: price,
      gross,
      discount: 0,
      tax,
      total: gross,
      line_discount: null,
      modifiers: index % 2 === 0 ? [{ modifier_id: `m${index}`, name_en: 'Oat milk', name_ar: 'حليب الشوفان', price: 200 }] : [],
      notes: index % 5 === 0 ? 'less sugar' : null,
    };
  });
  const total = lines.reduce((sum, l) => sum + l.total, 0);
  const tax = lines.reduce((sum, l) => sum + l.tax, 0);
  return paidDineInSale({
    uuid: '00000000-0000-4000-8000-000000000020',
    number: '020',
    business_day: '2025-01-05',
    table_id: '12',
    subtotal: total,
    discount_total: 0,
    tax,
    total,
    tendered: total + 1000,
    change_due: 1000,
    order_discount: null,
    zatca_qr: encodeZatcaQr({
      sellerName: 'بيت القهوة',
      vatNumber: '310123456700003',
      timestamp: formatZatcaTimestamp(createdAt),
      total: formatMinor(total),
      vatTotal: formatMinor(tax),
    }),
    created_at: createdAt,
    lines,
    payments: [{ method_key: 'CASH', amount: total }],
  });
}

const order = benchOrder();
const options = (raster: boolean): ReceiptOptions => ({
  flags: { ...printerSettings(['MULTILINGUAL', 'PRODUCT_SHOW', 'DRAWER_OPEN']), RASTER: raster },
  width: 80,
  header: { marketEn: 'Qahwa House', marketAr: 'بيت القهوة', branchEn: 'Olaya branch', branchAr: 'فرع العليا', vatNumber: '310123456700003' },
  methodNames: { CASH: 'Cash' },
  logo: null,
  reprint: false,
});

async function measure(name: string, cold: boolean, work: () => Promise<Uint8Array | Buffer>) {
  for (let i = 0; i < WARM_UP; i++) await work();
  const samples: number[] = [];
  let bytes = 0;
  for (let i = 0; i < RUNS; i++) {
    if (cold) {
      // A new order's lines and QR code were never drawn or encoded before.
      clearStripCache();
      clearQrCache();
    }
    const start = performance.now();
    bytes = (await work()).length;
    samples.push(performance.now() - start);
  }
  const result = { runs: RUNS, p50_ms: round(percentile(samples, 50)), p99_ms: round(percentile(samples, 99)), max_ms: round(Math.max(...samples)), bytes };
  console.log(`${name.padEnd(28)} p50 ${ms(result.p50_ms).padStart(9)}  p99 ${ms(result.p99_ms).padStart(9)}  ${bytes} bytes`);
  return result;
}

const round = (value: number) => Math.round(value * 100) / 100;

registerPrintingFonts();
console.log(`20-line bilingual receipt, 80 mm, ${RUNS} runs after ${WARM_UP} warm-up runs each:`);
const textRun = () => renderDocumentToEscPos(composeReceipt(order, options(false)), { width: 80, mode: 'text' });
const rasterRun = () => renderDocumentToEscPos(composeReceipt(order, options(true)), { width: 80, mode: 'raster' });
const text = await measure('ESC/POS text, cold', true, textRun);
const raster = await measure('ESC/POS raster, cold', true, rasterRun);
const textWarm = await measure('ESC/POS text, warm', false, textRun);
const rasterWarm = await measure('ESC/POS raster, warm', false, rasterRun);
const preview = await measure('PNG preview, cold', true, () => renderDocumentToPng(composeReceipt(order, options(false)), { width: 80 }));

// The raster receipt's size in dots: the PNG preview is the same bitmap (IHDR width and height).
const png = await renderRequest({ doc: composeReceipt(order, options(true)), width: 80, output: 'png' });
const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
const W = view.getUint32(16);
const H = view.getUint32(20);
const BAND = 128;
const bareGsv0 = (bits: Uint8Array): Uint8Array => {
  const rowBytes = Math.ceil(W / 8);
  const parts: Uint8Array[] = [];
  for (let top = 0; top < H; top += BAND) {
    const rows = Math.min(BAND, H - top);
    parts.push(Uint8Array.of(0x1d, 0x76, 0x30, 0, rowBytes & 0xff, rowBytes >> 8, rows & 0xff, rows >> 8));
    parts.push(bits.subarray(top * rowBytes, (top + rows) * rowBytes));
  }
  return Buffer.concat(parts);
};
const bitsOnly = await measure(`bare GS v 0, ${W}x${H} dots`, false, async () => bareGsv0(new Uint8Array(Math.ceil(W / 8) * H)));
const canvasBound = await measure(`bare canvas+GS v 0, ${W}x${H}`, false, async () => {
  const canvas = createCanvas(W, H);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, W, H);
  const rgba = ctx.getImageData(0, 0, W, H).data;
  const rowBytes = Math.ceil(W / 8);
  const bits = new Uint8Array(rowBytes * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = (y * W + x) * 4;
      if (rgba[i]! + rgba[i + 1]! + rgba[i + 2]! < 384) bits[y * rowBytes + (x >> 3)]! |= 0x80 >> (x & 7);
    }
  }
  return bareGsv0(bits);
});
const ratio = (a: number, b: number) => Number((a / b).toFixed(1));
console.log(
  `raster cold p99 = ${ratio(raster.p99_ms, canvasBound.p99_ms)}x the bare canvas bound, ${ratio(raster.p99_ms, bitsOnly.p99_ms)}x the bare GS v 0 bound; ` +
    `warm ${ratio(rasterWarm.p99_ms, canvasBound.p99_ms)}x; text cold ${ratio(text.p99_ms, canvasBound.p99_ms)}x the canvas bound`,
);
const met = raster.p99_ms < TARGET_RASTER_MS;
console.log(`Raster target (< ${TARGET_RASTER_MS} ms, cold p99): ${met ? 'met' : 'NOT met'} at ${ms(raster.p99_ms)} (p50 ${ms(raster.p50_ms)}).`);
const file = writeResults('print', {
  lines: order.lines.length,
  paper_mm: 80,
  target_raster_ms: TARGET_RASTER_MS,
  target_met: met,
  text_cold: text,
  raster_cold: raster,
  text_warm: textWarm,
  raster_warm: rasterWarm,
  preview_cold: preview,
  bitmap_dots: { width: W, height: H },
  bound_bare_gsv0: bitsOnly,
  bound_bare_canvas: canvasBound,
  raster_cold_p99_over_canvas_bound: ratio(raster.p99_ms, canvasBound.p99_ms),
  raster_cold_p99_over_gsv0_bound: ratio(raster.p99_ms, bitsOnly.p99_ms),
  raster_warm_p99_over_canvas_bound: ratio(rasterWarm.p99_ms, canvasBound.p99_ms),
  text_cold_p99_over_canvas_bound: ratio(text.p99_ms, canvasBound.p99_ms),
});
console.log(`Results written to ${file}`);
