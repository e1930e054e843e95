// A display's ticket on paper while the display is offline (issue 21): each
// item on its route's fallback printer, else on its category's kitchen
// printer; one paper ticket per printer, marked "display offline".

import type { KitchenLine, KitchenOrder } from '../../src-shared/kitchen/index.ts';
import type { OrderType } from '../../src-shared/pricing/index.ts';
import type { TillDatabase } from '../db/index.ts';
import { enqueueFallbackTicket, readTillPrinters } from '../printing/index.ts';
import type { DisplayRoute } from './display-routes.ts';
import { markFallbackPrinted, type KitchenItemRow, type KitchenTicketRow } from './kitchen-ticket-store.ts';

/** Prints the ticket on paper and marks it; false when no bound printer could take any of its items (it stays unmarked). */
export function printOnFallback(
  db: TillDatabase,
  ticket: KitchenTicketRow,
  items: readonly KitchenItemRow[],
  route: DisplayRoute | undefined,
  display: string,
  at: number,
): boolean {
  const kitchenPrinters = readTillPrinters(db).filter((p) => p.kind === 'kitchen' && p.bound);
  const printerOf = (category: number) => route?.fallback_printer_id ?? kitchenPrinters.find((p) => p.categories.has(category))?.id ?? null;
  const byPrinter = new Map<string, KitchenItemRow[]>();
  for (const item of items) {
    const printer = printerOf(item.category_id);
    if (printer !== null) byPrinter.set(printer, [...(byPrinter.get(printer) ?? []), item]);
  }
  let printed = false;
  for (const [printer, lines] of byPrinter) if (enqueueFallbackTicket(db, printer, paperTicket(ticket, lines), display, at)) printed = true;
  if (printed) markFallbackPrinted(db, ticket.id, at);
  return printed;
}

/** The display's ticket as the kitchen ticket prints it: only these items. */
function paperTicket(ticket: KitchenTicketRow, items: readonly KitchenItemRow[]): KitchenOrder {
  return {
    id: ticket.id,
    number: ticketLabel(ticket),
    type: (ticket.order_type ?? 'DINE_IN') as OrderType,
    table: ticket.table_name,
    created_at: ticket.created_at,
    round: ticket.round,
    notes: null,
    lines: items.map((item) => ({
      product_id: item.product_id,
      category_id: item.category_id,
      name_en: item.name_en,
      name_ar: item.name_ar,
      quantity: item.quantity,
      modifiers: JSON.parse(item.modifiers) as KitchenLine['modifiers'],
      notes: item.notes,
    })),
  };
}

/** How the kitchen calls a ticket: the sale's number, or the tab and its round. */
export function ticketLabel(ticket: Pick<KitchenTicketRow, 'order_number' | 'table_name' | 'round'>): string {
  if (ticket.order_number !== null) return ticket.order_number;
  return `${ticket.table_name ?? '?'} R${ticket.round ?? 1}`;
}
