// The printer that takes this till's documents that are not an order's
// (reports, the drawer kick): the one asked for, else the first bound
// receipt printer. The print queue prints them (PrintQueue.enqueueDocument).

import type { TillDatabase } from '../db/index.ts';
import { readTillPrinter, readTillPrinters, type TillPrinter } from './setup/till-printers.ts';
import { TillError } from '../../src-shared/errors/index.ts';

export function receiptPrinter(db: TillDatabase, printerId?: string): TillPrinter {
  const printer = printerId === undefined ? readTillPrinters(db).find((p) => p.kind === 'receipt' && p.bound) : readTillPrinter(db, printerId);
  if (!printer || !printer.bound) throw new TillError('printer_error', 'no receipt printer is bound on this till: bind one on the Branch screen');
  return printer;
}
