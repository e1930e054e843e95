// The preview a cashier sees before (re)printing: the same document the
// queue would print, drawn by the same layout engine as full-raster mode.
// Text-mode printers draw ASCII lines in their own font, so only the
// glyphs can differ, never where things are or what they say; the QR code
// is the real, scannable symbol, at the size the printer's GS ( k prints it.

import { printerSettings, type PrinterSettings } from '../../../src-shared/catalog/index.ts';
import type { TillDatabase } from '../../db/index.ts';
import { readOrder } from '../../orders/index.ts';
import type { PaperWidth } from '../layout/paper.ts';
import { documentFor, type PrinterSetup } from '../queue/job-document.ts';
import { inlineRenderer, type DocumentRenderer } from '../render-worker/document-renderer.ts';
import { readPrintContext } from '../setup/print-context.ts';
import { readTillPrinter, type PrintKind } from '../setup/till-printers.ts';
import { TillError } from '../../../src-shared/errors/index.ts';

/** A preview by paper width alone shows a full bilingual receipt. */
export const PREVIEW_FLAGS: PrinterSettings = printerSettings(['MULTILINGUAL', 'PRODUCT_SHOW']);

/**
 * PNG bytes of an order's receipt (or kitchen ticket) as `printer` would
 * print it: a printer id uses that printer's flags, width and routing; a
 * paper width uses PREVIEW_FLAGS and every line.
 */
export async function renderReceiptPreview(
  db: TillDatabase,
  orderUuid: string,
  printer: string | PaperWidth,
  options: { kind?: PrintKind; reprint?: boolean; renderer?: DocumentRenderer } = {},
): Promise<Buffer> {
  const order = readOrder(db, orderUuid);
  if (!order) throw new TillError('not_found', `this till has no order ${orderUuid}; nothing to preview`);
  const kind = options.kind ?? 'receipt';
  let setup: PrinterSetup;
  if (typeof printer === 'number') {
    setup = { name: 'Preview', settings: PREVIEW_FLAGS, width: printer, categories: null };
  } else {
    const found = readTillPrinter(db, printer);
    if (!found) throw new TillError('not_found', `there is no printer ${printer} in the catalog; sync, or preview by paper width`);
    setup = { name: found.name, settings: found.settings, width: found.width, categories: kind === 'kitchen' ? found.categories : null };
  }
  const doc = documentFor(order, kind, setup, readPrintContext(db), options.reprint ?? false);
  if (!doc) throw new TillError('printer_error', `printer "${setup.name}" makes none of order ${order.number}'s lines: there is no ticket to preview`);
  const png = await (options.renderer ?? inlineRenderer).render({ doc, width: setup.width, output: 'png' });
  return Buffer.from(png.buffer, png.byteOffset, png.byteLength);
}
