// One job to the bytes its printer takes: the document for the job's kind
// under the printer's flags, rendered in the printer's mode. Shared by the
// queue, the preview and `pos print`, so all three lay a receipt out alike.

import type { PrinterSettings } from '../../../src-shared/catalog/index.ts';
import { kitchenOrderOf } from '../../../src-shared/kitchen/index.ts';
import type { OrderRecord } from '../../../src-shared/selling/index.ts';
import { composeKitchenTicket } from '../compose/compose-kitchen-ticket.ts';
import { composeReceipt } from '../compose/compose-receipt.ts';
import { renderDocumentToEscPos } from '../escpos/render-escpos.ts';
import type { PaperWidth } from '../layout/paper.ts';
import type { ReceiptDocument } from '../layout/receipt-document.ts';
import type { PrintContext } from '../setup/print-context.ts';
import type { PrintKind } from '../setup/till-printers.ts';
import type { RenderRequest } from '../render-worker/render-request.ts';

/** What a document depends on of its printer. */
export interface PrinterSetup {
  name: string;
  settings: PrinterSettings;
  width: PaperWidth;
  /** Kitchen routing; null prints every line. */
  categories: ReadonlySet<number> | null;
}

/** The document to print, or null when a kitchen printer has none of the order's lines. */
export function documentFor(order: OrderRecord, kind: PrintKind, printer: PrinterSetup, context: PrintContext, reprint: boolean): ReceiptDocument | null {
  if (kind === 'kitchen') {
    return composeKitchenTicket(kitchenOrderOf(order), {
      flags: printer.settings,
      width: printer.width,
      station: printer.name,
      categories: printer.categories,
      reprint,
    });
  }
  return composeReceipt(order, {
    flags: printer.settings,
    width: printer.width,
    header: context.header,
    methodNames: context.methodNames,
    logo: printer.settings.PRINT_IMAGE ? context.logo() : null,
    reprint,
    buyer: context.buyerOf(order.uuid),
  });
}

/** RASTER sends the whole receipt as one image; otherwise ASCII goes as text and Arabic as images between. */
export function renderForPrinter(doc: ReceiptDocument, printer: Pick<PrinterSetup, 'settings' | 'width'>): Promise<Uint8Array> {
  return renderDocumentToEscPos(doc, { width: printer.width, mode: printer.settings.RASTER ? 'raster' : 'text' });
}

/** The same, as a request a render worker can take. */
export function renderRequestFor(doc: ReceiptDocument, printer: Pick<PrinterSetup, 'settings' | 'width'>): RenderRequest {
  return { doc, width: printer.width, output: printer.settings.RASTER ? 'escpos-raster' : 'escpos-text' };
}
