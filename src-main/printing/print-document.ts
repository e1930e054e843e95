// One document straight to this till's receipt printer (reports, the
// drawer kick): not an order, so not the order print queue. The caller
// hears whether it printed.

import type { TillDatabase } from '../db/index.ts';
import type { ReceiptDocument } from './layout/receipt-document.ts';
import { renderForPrinter } from './queue/job-document.ts';
import { readTillPrinter, readTillPrinters, type TillPrinter } from './setup/till-printers.ts';
import { sendToCommand } from './transport/send-to-command.ts';
import { sendToPrinter } from './transport/send-to-printer.ts';

export function receiptPrinter(db: TillDatabase, printerId?: string): TillPrinter {
  const printer = printerId === undefined ? readTillPrinters(db).find((p) => p.kind === 'receipt' && p.bound) : readTillPrinter(db, printerId);
  if (!printer || !printer.bound) throw new RangeError('no receipt printer is bound on this till: bind one on the Branch screen');
  return printer;
}

export async function printDocument(db: TillDatabase, doc: ReceiptDocument, printerId?: string): Promise<void> {
  const printer = receiptPrinter(db, printerId);
  const bytes = await renderForPrinter(doc, printer);
  if (printer.settings.APP_TO_APP && printer.appCommand) await sendToCommand(printer.appCommand, bytes);
  else await sendToPrinter(printer.address!, bytes);
}
