// A tab's round sent to the kitchen (issue 21): its tickets are written in
// the same transaction that marks the lines sent, routed by category as a
// sale's are (bound kitchen printers with PRINT_AUTO whose categories the
// round has lines in). Each ticket is composed now and queued as a
// document: the round is not an order yet, and the guests pay later.

import type { KitchenOrder } from '../../../src-shared/kitchen/index.ts';
import type { TillDatabase } from '../../db/index.ts';
import { composeKitchenTicket } from '../compose/compose-kitchen-ticket.ts';
import { readTillPrinters } from '../setup/till-printers.ts';
import { insertDocumentJob } from './print-job-store.ts';

/** The hook TillService calls when a round is sent: one document job per kitchen printer the round reaches; returns their printers. */
export function enqueueKitchenRound(db: TillDatabase, options: { now?: () => number } = {}): (round: KitchenOrder) => string[] {
  const now = options.now ?? Date.now;
  return (round) => {
    const at = now();
    const printed: string[] = [];
    for (const printer of readTillPrinters(db)) {
      if (printer.kind !== 'kitchen' || !printer.bound || !printer.settings.PRINT_AUTO) continue;
      const doc = composeKitchenTicket(round, {
        flags: printer.settings,
        width: printer.width,
        station: printer.name,
        categories: printer.categories,
        reprint: false,
      });
      if (!doc) continue;
      insertDocumentJob(db, printer.id, doc, at);
      printed.push(printer.id);
    }
    return printed;
  };
}
