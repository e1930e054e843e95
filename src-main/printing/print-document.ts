// The printer that takes this till's documents that are not an order's
// (reports, the drawer kick): the one asked for, else the calling station's
// (station-printers.ts), else the first bound receipt printer. The print
// queue prints them (PrintQueue.enqueueDocument).

import type { TillDatabase } from '../db/index.ts';
import { printsReceiptsFor, readStationPrinting } from './setup/station-printers.ts';
import { readTillPrinter, readTillPrinters, type TillPrinter } from './setup/till-printers.ts';

const NO_RECEIPT_PRINTER = 'no receipt printer is bound on this till: bind one on the Branch screen';

/** The printer a station's reports print on: the one asked for, the station's receipt printer, or the branch's. */
export function receiptPrinter(db: TillDatabase, printerId?: string, station?: string | null): TillPrinter {
  if (printerId !== undefined) {
    const printer = readTillPrinter(db, printerId);
    if (!printer?.bound) throw new RangeError(NO_RECEIPT_PRINTER);
    return printer;
  }
  const printing = readStationPrinting(db, station);
  const bound = readTillPrinters(db).filter((p) => p.kind === 'receipt' && p.bound);
  const printer = bound.find((p) => printsReceiptsFor(p.id, printing)) ?? bound[0];
  if (!printer) throw new RangeError(NO_RECEIPT_PRINTER);
  return printer;
}

/** The printer whose drawer a station opens: its drawer printer, else the printer its receipts print on. */
export function drawerPrinter(db: TillDatabase, station: string | null): TillPrinter {
  const drawer = readStationPrinting(db, station)?.drawerPrinterId ?? null;
  if (drawer !== null) {
    const printer = readTillPrinter(db, drawer);
    if (!printer?.bound)
      throw new RangeError(`the drawer printer of station ${station ?? '-'} is not bound on this till: give it an address on the Branch screen`);
    return printer;
  }
  return receiptPrinter(db, undefined, station);
}
