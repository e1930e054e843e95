// A receipt document to the bytes a printer receives, in one of two modes:
//  - text: ASCII lines as printer text (fast, small, the printer's crisp
//    font); every other line (Arabic above all) as a raster between them;
//  - raster: the whole receipt drawn by us, the QR code included, sent as
//    GS v 0 bands, for printers whose font or code page cannot be trusted
//    at all: exactly the preview's dots.

import type { PaperSpec, PaperWidth } from '../layout/paper.ts';
import { paperSpec } from '../layout/paper.ts';
import { DEFAULT_QR_MODULE_SIZE, fittedQrModuleSize } from '../layout/qr-size.ts';
import type { ReceiptBlock, ReceiptDocument, TextBlock } from '../layout/receipt-document.ts';
import { isPrintableAscii } from '../layout/script.ts';
import { printableDocument } from '../layout/without-emoji.ts';
import { layoutColumns } from '../layout/wrap-text.ts';
import { drawLayouts, releaseCanvasMemory } from '../raster/draw-layout.ts';
import { sliceRows, type MonoBitmap } from '../raster/mono-bitmap.ts';
import { prepareImages } from '../raster/prepare-images.ts';
import { layoutBlocks, type PreparedImages } from '../raster/raster-layout.ts';
import { renderDocumentRaster } from '../raster/render-raster.ts';
import { EscPosBuilder } from './escpos-builder.ts';

export type EscPosMode = 'text' | 'raster';

export interface EscPosRenderOptions {
  width: PaperWidth;
  mode: EscPosMode;
  /** Rows per GS v 0 command; see DEFAULT_BAND_HEIGHT. */
  bandHeight?: number;
}

export async function renderDocumentToEscPos(doc: ReceiptDocument, options: EscPosRenderOptions): Promise<Uint8Array> {
  if (options.mode === 'raster') return renderRasterMode(doc, options);
  if (options.mode === 'text') return renderTextMode(doc, options);
  throw new RangeError(`unknown ESC/POS mode ${JSON.stringify(options.mode)}: use 'text' or 'raster'`);
}

function isTextLine(block: TextBlock): boolean {
  // Line breaks are the layout's business (wrapText), not characters to print.
  return isPrintableAscii(block.text.replace(/\r?\n/g, '')) && isPrintableAscii(block.right ?? '');
}

async function renderTextMode(document: ReceiptDocument, options: EscPosRenderOptions): Promise<Uint8Array> {
  // Emoji are left out (no font draws them): "Latte ☕" prints as the text "Latte", not a raster with a box.
  const doc = printableDocument(document);
  const paper = paperSpec(options.width);
  const images = await prepareImages(doc.blocks, paper);
  await releaseCanvasMemory();
  // Every line printed as a picture, drawn together before any is sent: their new lines share the canvas's readbacks.
  const pictured = doc.blocks.filter((block) => (block.kind === 'text' ? !isTextLine(block) : block.kind === 'bilingual' || block.kind === 'image'));
  const drawn = rastersOf(pictured, paper, images);
  const pictures = new Map(pictured.map((block, i) => [block, drawn[i]!]));
  const out = new EscPosBuilder().init();
  const raster = (block: ReceiptBlock): void => {
    out.raster(pictures.get(block)!, options.bandHeight);
  };
  for (const block of doc.blocks) {
    switch (block.kind) {
      case 'text': {
        if (!isTextLine(block)) {
          raster(block);
          break;
        }
        const width = block.width ?? 1;
        const lines = layoutColumns(block.text, block.right, Math.floor(paper.columns / width));
        // With an amount column the padding does the aligning.
        out.setAlign(block.right ? 'left' : (block.align ?? 'left'));
        out.setBold(block.bold ?? false).setSize(width, block.height ?? 1);
        for (const line of lines) out.text(line).newline();
        break;
      }
      case 'divider':
        out.setAlign('left').setBold(false).setSize(1, 1);
        out.text((block.style === 'double' ? '=' : '-').repeat(paper.columns)).newline();
        break;
      case 'feed':
        out.feedLines(block.lines);
        break;
      case 'qr':
        out.setAlign('center').qr(block.data, fittedQrModuleSize(block.moduleSize ?? DEFAULT_QR_MODULE_SIZE, block.data, paper.dots));
        break;
      case 'cut':
        out.cut(block.partial ?? false);
        break;
      case 'drawer':
        out.drawerKick(block.pin ?? 2);
        break;
      case 'bilingual':
      case 'image':
        raster(block);
        break;
    }
  }
  return out.bytes();
}

/** Each block drawn paper-wide on its own, so its position never depends on the printer honouring ESC a for rasters. */
function rastersOf(blocks: readonly ReceiptBlock[], paper: PaperSpec, images: PreparedImages): MonoBitmap[] {
  return drawLayouts(blocks.map((block) => layoutBlocks([block], paper, images)));
}

async function renderRasterMode(doc: ReceiptDocument, options: EscPosRenderOptions): Promise<Uint8Array> {
  const { layout, bitmap } = await renderDocumentRaster(doc, options.width);
  const out = new EscPosBuilder().init();
  let from = 0;
  const flush = (to: number): void => {
    if (to > from) out.raster(sliceRows(bitmap, from, to), options.bandHeight);
    from = to;
  };
  for (const item of layout.items) {
    const { block } = item;
    if (block.kind === 'cut') {
      flush(item.top);
      out.cut(block.partial ?? false);
    } else if (block.kind === 'drawer') {
      flush(item.top);
      out.drawerKick(block.pin ?? 2);
    }
  }
  flush(layout.height);
  return out.bytes();
}
