// Print jobs are written in the checkout transaction (docs/decisions.md, "Checkout in one transaction"), so
// a sale that is on disk always has its receipt and tickets on disk too;
// nothing here touches a printer, so a printer that is off cannot fail the
// sale. Which jobs, under the printers' flags:
//  - only printers this till uses (bound), and only with PRINT_AUTO (the
//    others print on demand, through reprint);
//  - receipt printers: a receipt, unless the order is postpaid (PAY_LATER)
//    and the printer lacks PRINT_POSTPAID;
//  - kitchen printers: a ticket for a sale with lines in their categories
//    (refunds are not cooked), whichever station sold it;
//  - receipts print on the selling station's receipt printer, or, for a
//    station without one, on the receipt printers no other station took;
//  - a station with a drawer printer that gets no receipt of this order
//    (and a cash payment) gets the drawer kick as a job of its own.

import type { OrderRecord } from '../../../src-shared/selling/index.ts';
import type { TillDatabase } from '../../db/index.ts';
import { hasCashPayment, isPostpaid } from '../compose/compose-receipt.ts';
import { DRAWER_GIVE_UP_MS, DRAWER_KICK } from '../layout/drawer-kick.ts';
import { printsReceiptsFor, readStationPrinting, type StationPrinting } from '../setup/station-printers.ts';
import { readTillPrinters, type PrintKind, type TillPrinter } from '../setup/till-printers.ts';
import { insertDocumentJob, insertPrintJob } from './print-job-store.ts';

/** What a checkout prints beside the receipt: a tab's lines went to the kitchen when their rounds were sent. */
export interface CheckoutPrints {
  kitchen: boolean;
}

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

/** The jobs checkout writes for `order`: one per printer and kind due under the flags, receipts on the selling station's printers. */
export function jobsDueAtCheckout(printers: readonly TillPrinter[], order: OrderRecord, station: StationPrinting | null = null): DueJob[] {
  return printers
    .filter((printer) => printsAutomatically(printer, order, printer.kind) && (printer.kind === 'kitchen' || printsReceiptsFor(printer.id, station)))
    .map((printer) => ({ printerId: printer.id, kind: printer.kind }));
}

/** The drawer printer that needs a kick of its own: the station has one, cash moved, and no receipt of this order prints there. */
export function drawerKickDue(order: OrderRecord, station: StationPrinting | null, jobs: readonly DueJob[]): string | null {
  const drawer = station?.drawerPrinterId ?? null;
  if (drawer === null || !hasCashPayment(order)) return null;
  return jobs.some((job) => job.kind === 'receipt' && job.printerId === drawer) ? null : drawer;
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
): (order: OrderRecord, what?: CheckoutPrints) => void {
  const now = options.now ?? Date.now;
  const onError =
    options.onError ??
    ((error: unknown, order: OrderRecord) => process.emitWarning(`no print jobs were written for order ${order.number}: ${String(error)}; reprint it`));
  const write = db.transaction((order: OrderRecord, what: CheckoutPrints) => {
    const at = now();
    const station = readStationPrinting(db, order.station);
    const jobs = jobsDueAtCheckout(readTillPrinters(db), order, station).filter((job) => what.kitchen || job.kind !== 'kitchen');
    for (const job of jobs) {
      insertPrintJob(db, { order_uuid: order.uuid, printer_id: job.printerId, kind: job.kind, reason: 'checkout' }, at);
    }
    const drawer = drawerKickDue(order, station, jobs);
    if (drawer !== null) insertDocumentJob(db, drawer, DRAWER_KICK, at, at + DRAWER_GIVE_UP_MS);
  });
  return (order, what = { kitchen: true }) => {
    try {
      write(order, what);
    } catch (error) {
      onError(error, order);
    }
  };
}
