// One rendering job as plain data, so that it can cross to a worker thread
// (structured clone) and back as bytes. The same function renders it on
// either side: the worker and the inline renderer cannot drift apart.

import { renderDocumentToEscPos } from '../escpos/render-escpos.ts';
import type { PaperWidth } from '../layout/paper.ts';
import type { ReceiptDocument } from '../layout/receipt-document.ts';
import { renderDocumentToPdf } from '../output/document-pdf.ts';
import { renderDocumentToPng } from '../raster/render-raster.ts';

/** escpos-text / escpos-raster: the bytes a printer takes; png: the preview; pdf: the PDF flag's file. */
export type RenderOutput = 'escpos-text' | 'escpos-raster' | 'png' | 'pdf';

export interface RenderRequest {
  doc: ReceiptDocument;
  width: PaperWidth;
  output: RenderOutput;
  /** The PDF's title. */
  title?: string;
}

export async function renderRequest(request: RenderRequest): Promise<Uint8Array> {
  switch (request.output) {
    case 'escpos-text':
      return renderDocumentToEscPos(request.doc, { width: request.width, mode: 'text' });
    case 'escpos-raster':
      return renderDocumentToEscPos(request.doc, { width: request.width, mode: 'raster' });
    case 'png':
      return renderDocumentToPng(request.doc, { width: request.width });
    case 'pdf':
      return renderDocumentToPdf(request.doc, { width: request.width, ...(request.title === undefined ? {} : { title: request.title }) });
    default:
      throw new RangeError(`unknown render output ${JSON.stringify((request as { output: unknown }).output)}: use escpos-text, escpos-raster, png or pdf`);
  }
}
