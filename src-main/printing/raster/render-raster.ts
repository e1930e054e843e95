// Document to dots through the shared layout engine: what full-raster
// printing sends and what the preview shows are the same bitmap.

import type { PaperWidth } from '../layout/paper.ts';
import { paperSpec } from '../layout/paper.ts';
import type { ReceiptDocument } from '../layout/receipt-document.ts';
import { printableDocument } from '../layout/without-emoji.ts';
import { drawLayout, releaseCanvasMemory } from './draw-layout.ts';
import type { MonoBitmap } from './mono-bitmap.ts';
import { monoBitmapToPng } from './png.ts';
import { prepareImages } from './prepare-images.ts';
import { layoutBlocks, type RasterLayout } from './raster-layout.ts';

export interface RenderedRaster {
  layout: RasterLayout;
  bitmap: MonoBitmap;
}

export async function renderDocumentRaster(document: ReceiptDocument, width: PaperWidth): Promise<RenderedRaster> {
  // No emoji font ships: they are left out, never drawn as boxes.
  const doc = printableDocument(document);
  const paper = paperSpec(width);
  const images = await prepareImages(doc.blocks, paper);
  const layout = layoutBlocks(doc.blocks, paper, images);
  await releaseCanvasMemory();
  return { layout, bitmap: drawLayout(layout) };
}

/**
 * The receipt as a black-and-white PNG, dot for dot what full-raster mode
 * prints, the QR code included.
 */
export async function renderDocumentToPng(doc: ReceiptDocument, options: { width: PaperWidth }): Promise<Buffer> {
  const { bitmap } = await renderDocumentRaster(doc, options.width);
  return monoBitmapToPng(bitmap);
}
