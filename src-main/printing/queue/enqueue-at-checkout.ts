// Print jobs are written in the checkout transaction (DESIGN.md step 3), so
// a sale that is on disk always has its receipt and tickets on disk too;
// nothing here touches a printer, so a printer that is off cannot fail the
// sale. Which jobs, under the printers' flags:
//  - only printers this till uses (bound), and only with PRINT_AUTO (the
//    others print on demand, through reprint);
//  - receipt printers: a receipt, unless the order is postpaid (PAY_LATER)
//    and the printer lacks PRINT_POSTPAID;
//  - kitchen printers: a ticket for a sale with lines in their categories
//    (refunds are not cooked).

import type { OrderRecord } from '../../../src-shared/till/index.ts';
import type { TillDatabase } from '../../db/index.ts';
import { isPostpaid } from '../compose/compose-receipt.ts';
import { readTillPrinters, type PrintKind, type TillPrinter } from '../setup/till-printers.ts';
import { insertPrintJob } from './print-job-store.ts';

export interface DueJob {
  printerId: string;
  kind: PrintKind;
}

/** Whether `printer` prints this kind of document for `order` on its own (checkout, not on demand). */
export function printsAutomatically(printer: TillPrinter, order: OrderRecord, kind: PrintKind): boolean {
  if (!printer.bound || !printer.settings.PRINT_AUTO || printer.kind !== kind) return false;
  if (kind === 'receipt') return !isPostpaid(order) || printer.settings.PRINT_POSTPAID;
  return order.kind === 'SALE' && order.lines.some((line) => printer.categories.has(line.category_id));
}

/** The jobs checkout writes for `order`: one per printer and kind due under the flags. */
export function jobsDueAtCheckout(printers: readonly TillPrinter[], order: OrderRecord): DueJob[] {
  return printers.filter((printer) => printsAutomatically(printer, order, printer.kind)).map((printer) => ({ printerId: printer.id, kind: printer.kind }));
}

/**
 * The `alsoWriteAtCheckout` hook of TillService. Its writes run in a
 * savepoint: should they fail (a bug, a damaged printer row) the sale still
 * commits without print jobs, and `onError` hears why; the receipt can then
 * be printed with reprint.
 */
export function enqueuePrintJobsAtCheckout(
  db: TillDatabase,
  options: { now?: () => number; onError?: (error: unknown, order: OrderRecord) => void } = {},
): (order: OrderRecord) => void {
  const now = options.now ?? Date.now;
  const onError =
    options.onError ??
    ((error: unknown, order: OrderRecord) => process.emitWarning(`no print jobs were written for order ${order.number}: ${String(error)}; reprint it`));
  const write = db.transaction((order: OrderRecord) => {
    const at = now();
    for (const job of jobsDueAtCheckout(readTillPrinters(db), order)) {
      insertPrintJob(db, { order_uuid: order.uuid, printer_id: job.printerId, kind: job.kind, reason: 'checkout' }, at);
    }
  });
  return (order) => {
    try {
      write(order);
    } catch (error) {
      onError(error, order);
    }
  };
}
