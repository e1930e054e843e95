import { createCanvas } from '@napi-rs/canvas';
import { composeReceipt, noFlags, registerPrintingFonts, renderDocumentToEscPos } from './src-main/printing/index.ts';
import { layoutBlocks } from './src-main/printing/raster/raster-layout.ts';
import { prepareImages } from './src-main/printing/raster/prepare-images.ts';
import { monochromeFromRgba, monochromeToRgba } from './src-main/printing/raster/mono-bitmap.ts';
import { monoBitmapToPng } from './src-main/printing/raster/png.ts';
import { paperSpec } from './src-main/printing/layout/paper.ts';
registerPrintingFonts();
const MENU = Array.from({length: 20}, (_, i) => [`Item number ${i}`, 'قهوة سعودية بالهيل', 1000 + i]);
const order: any = { uuid: 'x', number: '020', business_day: '2025-01-05', kind: 'SALE', refund_of: null, status: 'PAID', type: 'DINE_IN', table_id: '12', customer_id: null, market_id: 'm', branch_id: 'b', price_list: 'CASH', vat_rate: 1500, prices_include_tax: true, subtotal: 1, discount_total: 0, tax: 1, total: 1, tendered: 0, change_due: 0, order_discount: null, notes: null, zatca_qr: 'AQVRYWh3YQ==AQVRYWh3YQ==AQVRYWh3YQ==AQVRYWh3YQ==AQVRYWh3YQ==AQVRYWh3YQ==AQVRYWh3YQ==', created_at: 0,
 lines: MENU.map(([en, ar, p], i) => ({ line_no: i, product_id: 'p', category_id: 1, name_en: en, name_ar: ar, quantity: 1, unit_price: p, gross: p, discount: 0, tax: 0, total: p, line_discount: null, modifiers: i%2? [] : [{modifier_id:'m', name_en:'Oat milk', name_ar:'حليب الشوفان', price: 1}], notes: null })), payments: [{method_key:'CASH', amount: 1}] };
const doc = composeReceipt(order, { flags: { ...noFlags(), MULTILINGUAL: true, PRODUCT_SHOW: true }, width: 80, header: { marketEn: 'Q', marketAr: 'ق', branchEn: 'O', branchAr: 'ع', vatNumber: '3' }, methodNames: {}, logo: null, reprint: false });
const paper = paperSpec(80);
const t: Record<string, number> = { layout: 0, draw: 0, getImageData: 0, mono: 0, full: 0, toRgba: 0, png: 0 };
const N = 60;
for (let i = 0; i < N; i++) {
  let s = performance.now();
  const images = await prepareImages(doc.blocks, paper);
  const layout = layoutBlocks(doc.blocks, paper, images);
  t.layout += performance.now() - s; s = performance.now();
  const canvas = createCanvas(layout.width, layout.height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff'; ctx.fillRect(0, 0, layout.width, layout.height);
  for (const item of layout.items) item.draw?.(ctx);
  t.draw += performance.now() - s; s = performance.now();
  const data = ctx.getImageData(0, 0, layout.width, layout.height).data;
  t.getImageData += performance.now() - s; s = performance.now();
  const bm = monochromeFromRgba(data, layout.width, layout.height);
  t.mono += performance.now() - s; s = performance.now();
  await renderDocumentToEscPos(doc, { width: 80, mode: 'raster' });
  t.full += performance.now() - s; s = performance.now();
  monochromeToRgba(bm);
  t.toRgba += performance.now() - s; s = performance.now();
  monoBitmapToPng(bm);
  t.png += performance.now() - s; s = performance.now();
}
for (const k in t) console.log(k, (t[k] / N).toFixed(2));
