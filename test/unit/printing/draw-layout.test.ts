// Drawing lines into dots (src-main/printing/raster/draw-layout.ts): new
// lines are stacked on one canvas and read back together, and a document
// lets Node free the pixels of the ones drawn before it.

import { describe, expect, it } from 'vitest';
import { registerPrintingFonts, type ReceiptDocument } from '../../../src-main/printing/index.ts';
import { renderDocumentToEscPos } from '../../../src-main/printing/escpos/render-escpos.ts';
import { paperSpec } from '../../../src-main/printing/layout/paper.ts';
import { clearQrCache } from '../../../src-main/printing/layout/qr-matrix.ts';
import type { ReceiptBlock } from '../../../src-main/printing/layout/receipt-document.ts';
import { clearStripCache, drawLayout, drawLayouts } from '../../../src-main/printing/raster/draw-layout.ts';
import { layoutBlocks, type LaidOutItem, type RasterLayout } from '../../../src-main/printing/raster/raster-layout.ts';

registerPrintingFonts();
const paper = paperSpec(80);

/** A layout of one item that paints a black bar from `above` rows over its top to `below` rows under its bottom. */
function overflowing(height: number, above: number, below: number, label: string): RasterLayout {
  const block: ReceiptBlock = { kind: 'text', text: label };
  const item: LaidOutItem = {
    block,
    top: 0,
    height,
    draw: (ctx) => {
      ctx.fillStyle = '#000';
      ctx.fillRect(10, -above, 100, height + above + below);
      ctx.fillRect(200, height - 3, 50, 2);
    },
  };
  return { paper, width: paper.dots, height, items: [item] };
}

const lines: ReceiptBlock[] = [
  { kind: 'bilingual', en: 'Pistachio kunafa', ar: 'كنافة بالفستق', right: '22.00' },
  { kind: 'text', text: 'الرقم الضريبي 310123456700003', height: 2, width: 2 },
  { kind: 'text', text: '  + oat milk, less sugar, extra hot, in a takeaway cup with a lid', right: '2.00' },
  { kind: 'divider', style: 'double' },
  { kind: 'text', text: 'شكرا لزيارتكم', bold: true, align: 'center' },
];

describe('strips drawn together', () => {
  it('are the strips drawn one by one, ink past a strip cut off as on a canvas of its own', () => {
    const layouts = [
      overflowing(36, 12, 20, 'a'),
      ...lines.map((block) => layoutBlocks([block], paper, new Map())),
      overflowing(40, 0, 30, 'b'),
      // Its bar reaches up into the strip stacked above it.
      overflowing(36, 30, 0, 'c'),
      layoutBlocks(lines, paper, new Map()),
      // Taller than one canvas-full: the stack is read back more than once.
      ...Array.from({ length: 40 }, (_, i) => layoutBlocks([{ kind: 'text', text: `Line ${i} سطر` }], paper, new Map())),
      overflowing(36, 12, 20, 'd'),
      // A line twice in one document: drawn once.
      overflowing(36, 12, 20, 'd'),
    ];
    const alone = layouts.map((layout) => {
      clearStripCache();
      return drawLayout(layout);
    });
    clearStripCache();
    const together = drawLayouts(layouts);
    expect(together.map((bitmap) => Buffer.from(bitmap.data).toString('base64'))).toEqual(alone.map((bitmap) => Buffer.from(bitmap.data).toString('base64')));
    // The bars really do reach past their strips, and a strip drawn again from the cache is the same.
    expect(alone[0]!.data.some((byte) => byte !== 0)).toBe(true);
    expect(Buffer.from(drawLayouts([layouts[0]!])[0]!.data).equals(Buffer.from(alone[0]!.data))).toBe(true);
  });
});

describe('receipts drawn back to back, never yielding between them', () => {
  it('do not keep every receipt’s pixels until the caller yields', async () => {
    const doc: ReceiptDocument = {
      blocks: Array.from({ length: 30 }, (_, i): ReceiptBlock => ({
        kind: 'bilingual',
        en: `Item ${i} with oat milk`,
        ar: `صنف ${i} بحليب الشوفان`,
        right: `${i}.00`,
      })),
    };
    const render = async () => {
      // Cold: every line drawn anew, as for an order never printed before.
      clearStripCache();
      clearQrCache();
      await renderDocumentToEscPos(doc, { width: 80, mode: 'raster' });
    };
    await render();
    const before = process.memoryUsage().rss;
    for (let i = 0; i < 60; i++) await render();
    // Each receipt reads back about 2.5 MB of pixels (576 × 1,080 dots, 4 bytes a dot): kept, 60 of them are 150 MB.
    const grownMb = (process.memoryUsage().rss - before) / 1e6;
    expect(grownMb).toBeLessThan(100);
  });
});
