// A kitchen display's ticket on paper (issue 21): while the display is
// offline, the ticket prints on a kitchen printer instead, marked "display
// offline" in both languages. The caller writes it in its own transaction
// with the ticket's fallback mark, so it prints once.

import type { KitchenOrder } from '../../../src-shared/kitchen/index.ts';
import type { TillDatabase } from '../../db/index.ts';
import { composeKitchenTicket } from '../compose/compose-kitchen-ticket.ts';
import { readTillPrinter } from '../setup/till-printers.ts';
import { insertDocumentJob } from './print-job-store.ts';

/** Queues `ticket` (only the display's lines) on `printerId`; false when that printer is not bound here (nothing can print it). */
export function enqueueFallbackTicket(db: TillDatabase, printerId: string, ticket: KitchenOrder, display: string, at: number): boolean {
  const printer = readTillPrinter(db, printerId);
  if (!printer?.bound) return false;
  const doc = composeKitchenTicket(ticket, {
    flags: printer.settings,
    width: printer.width,
    station: display,
    categories: null,
    reprint: false,
    fallback: true,
  });
  if (!doc) return false;
  insertDocumentJob(db, printer.id, doc, at);
  return true;
}
