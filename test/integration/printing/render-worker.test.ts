// The render worker draws exactly what the inline renderer draws, answers
// every job in order, and a worker that dies fails only the jobs it held.

import { afterAll, describe, expect, it } from 'vitest';
import { printerSettings } from '../../../src-shared/catalog/index.ts';
import { kitchenOrderOf } from '../../../src-shared/kitchen/index.ts';
import { composeReceipt, type ReceiptDocument } from '../../../src-main/printing/index.ts';
import { composeKitchenTicket } from '../../../src-main/printing/compose/compose-kitchen-ticket.ts';
import { inlineRenderer, RenderWorkerError, WorkerRenderer } from '../../../src-main/printing/render-worker/document-renderer.ts';
import { type RenderOutput } from '../../../src-main/printing/render-worker/render-request.ts';
import { paidDineInSale } from '../../support/paid-sale.ts';

const order = paidDineInSale({
  uuid: '00000000-0000-4000-8000-000000000031',
  number: '031',
  business_day: '2026-11-23',
  table_id: '4',
  subtotal: 3300,
  discount_total: 0,
  tax: 430,
  total: 3300,
  tendered: 4000,
  change_due: 700,
  order_discount: null,
  zatca_qr: 'AQ1CYWl0IEFsIFFhaHdh',
  created_at: Date.UTC(2026, 10, 23, 9, 0),
  lines: [
    {
      line_no: 1,
      product_id: 'p1',
      category_id: 1,
      name_en: 'Spanish latte',
      name_ar: 'سبانيش لاتيه',
      quantity: 1,
      unit_price: 1800,
      gross: 1800,
      discount: 0,
      tax: 235,
      total: 1800,
      line_discount: null,
      modifiers: [{ modifier_id: 'm1', name_en: 'Oat milk', name_ar: 'حليب الشوفان', price: 200 }],
      notes: 'less sugar',
    },
    {
      line_no: 2,
      product_id: 'p2',
      category_id: 5,
      name_en: 'Date cake',
      name_ar: 'كيكة التمر',
      quantity: 1,
      unit_price: 1500,
      gross: 1500,
      discount: 0,
      tax: 195,
      total: 1500,
      line_discount: null,
      modifiers: [],
      notes: null,
    },
  ],
  payments: [{ method_key: 'CASH', amount: 3300 }],
});

const receipt: ReceiptDocument = composeReceipt(order, {
  flags: printerSettings(['MULTILINGUAL', 'PRODUCT_SHOW', 'DRAWER_OPEN']),
  width: 80,
  header: { marketEn: 'Qahwa House', marketAr: 'بيت القهوة', branchEn: 'Olaya', branchAr: 'العليا', vatNumber: '310123456700003' },
  methodNames: { CASH: 'Cash' },
  logo: null,
  reprint: false,
});
const ticket: ReceiptDocument = composeKitchenTicket(kitchenOrderOf(order), {
  flags: printerSettings(['MULTILINGUAL', 'PRODUCT_SHOW']),
  width: 58,
  station: 'Kitchen',
  categories: null,
  reprint: false,
})!;

describe('the render worker', () => {
  const worker = new WorkerRenderer();
  afterAll(() => worker.close());

  it.each<RenderOutput>(['escpos-text', 'escpos-raster', 'png'])('draws %s byte for byte as the inline renderer does', async (output) => {
    for (const [doc, width] of [
      [receipt, 80],
      [ticket, 58],
    ] as const) {
      const [threaded, inline] = await Promise.all([worker.render({ doc, width, output }), inlineRenderer.render({ doc, width, output })]);
      expect(threaded.length).toBeGreaterThan(100);
      expect(Buffer.from(threaded).equals(Buffer.from(inline))).toBe(true);
    }
  });

  it("writes the PDF flag's file", async () => {
    const pdf = await worker.render({ doc: receipt, width: 80, output: 'pdf', title: 'Receipt 031' });
    expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
  });

  it('answers many jobs at once, each with its own bytes', async () => {
    const docs = Array.from({ length: 12 }, (_, i): ReceiptDocument => ({
      blocks: [
        { kind: 'text', text: `Order ${i}` },
        { kind: 'bilingual', en: `Tea ${i}`, ar: 'شاي' },
      ],
    }));
    const threaded = await Promise.all(docs.map((doc) => worker.render({ doc, width: 80, output: 'escpos-text' })));
    const inline = await Promise.all(docs.map((doc) => inlineRenderer.render({ doc, width: 80, output: 'escpos-text' })));
    threaded.forEach((bytes, i) => expect(Buffer.from(bytes).equals(Buffer.from(inline[i]!))).toBe(true));
  });

  it('fails a bad job with its own message and keeps rendering', async () => {
    await expect(worker.render({ doc: receipt, width: 80, output: 'tiff' as RenderOutput })).rejects.toThrow(/unknown render output "tiff"/);
    expect((await worker.render({ doc: ticket, width: 58, output: 'escpos-text' })).length).toBeGreaterThan(0);
  });

  it('fails the jobs a dead worker held, and starts a new one for the next job', async () => {
    const pending = worker.render({ doc: receipt, width: 80, output: 'escpos-raster' });
    // Watched before the close, as the print queue watches its jobs: close() fails them at once.
    const failed = expect(pending).rejects.toBeInstanceOf(RenderWorkerError);
    await worker.close();
    await failed;
    expect((await worker.render({ doc: ticket, width: 58, output: 'escpos-text' })).length).toBeGreaterThan(0);
  });
});
