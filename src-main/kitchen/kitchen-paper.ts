// A display's ticket on paper while the display is offline (issue 21): each
// item on its route's fallback printer, else on its category's kitchen
// printer; one paper ticket per printer, marked "display offline".

import type { OrderRecord } from '../../src-shared/till/index.ts';
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

/** The ticket as the kitchen ticket's composer reads an order: no prices, only what to make. */
function paperTicket(ticket: KitchenTicketRow, items: readonly KitchenItemRow[]): OrderRecord {
  return {
    uuid: ticket.id,
    number: ticketLabel(ticket),
    business_day: '',
    kind: 'SALE',
    refund_of: null,
    status: 'PAID',
    type: (ticket.order_type ?? 'DINE_IN') as OrderType,
    table_id: ticket.table_name,
    customer_id: null,
    market_id: '',
    branch_id: '',
    price_list: 'CASH',
    vat_rate: 0,
    prices_include_tax: true,
    subtotal: 0,
    discount_total: 0,
    tax: 0,
    total: 0,
    tendered: 0,
    change_due: 0,
    order_discount: null,
    notes: null,
    zatca_qr: null,
    created_at: ticket.created_at,
    payments: [],
    lines: items.map((item, i) => ({
      line_no: i + 1,
      product_id: item.product_id,
      category_id: item.category_id,
      name_en: item.name_en,
      name_ar: item.name_ar,
      quantity: item.quantity,
      unit_price: 0,
      gross: 0,
      discount: 0,
      tax: 0,
      total: 0,
      line_discount: null,
      modifiers: (JSON.parse(item.modifiers) as { name_en: string; name_ar: string }[]).map((m) => ({ modifier_id: '', ...m, price: 0 })),
      notes: item.notes,
    })),
  };
}

/** How the kitchen calls a ticket: the sale's number, or the tab and its round. */
export function ticketLabel(ticket: Pick<KitchenTicketRow, 'order_number' | 'table_name' | 'round'>): string {
  if (ticket.order_number !== null) return ticket.order_number;
  return `${ticket.table_name ?? '?'} R${ticket.round ?? 1}`;
}
