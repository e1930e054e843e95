// A document as the PDF flag's file: the preview's bitmap, dot for dot.

import type { PaperWidth } from '../layout/paper.ts';
import type { ReceiptDocument } from '../layout/receipt-document.ts';
import { renderDocumentRaster } from '../raster/render-raster.ts';
import { monoBitmapToPdf } from './receipt-pdf.ts';

export async function renderDocumentToPdf(doc: ReceiptDocument, options: { width: PaperWidth; title?: string }): Promise<Buffer> {
  const { bitmap } = await renderDocumentRaster(doc, options.width);
  return monoBitmapToPdf(bitmap, options.title === undefined ? {} : { title: options.title });
}
