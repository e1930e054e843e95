/**
 * What a kitchen display shows (issue 21, part 4): its open tickets, the
 * all-day counts of what is still to make, and what recall would bring
 * back. The hub keeps the tickets (src-main/kitchen); a display reads its
 * board again whenever a `kitchen` event names its station.
 */

import type { KitchenLine } from './kitchen-line.ts';

/** One item of a kitchen ticket: a sale's line or a tab round's line, for one display. */
export interface KitchenItemView extends KitchenLine {
  /** Stable id (the order or tab line and the display). */
  item_id: string;
  /** Epoch ms; null: still to make. */
  bumped_at: number | null;
}

/** A ticket on one kitchen display: a sale's kitchen lines, or one round of a tab. */
export interface KitchenTicketView {
  id: string;
  source: 'sale' | 'round';
  /** 'A-012' for a sale; a tab's paid order number if any, else null. */
  order_number: string | null;
  /** The table's name (a tab on a table) or the tab's label. */
  table: string | null;
  /** dine_in | takeaway | delivery … as the order has it; null: a tab round (dine-in). */
  order_type: string | null;
  /** A tab's round number; null for a sale. */
  round: number | null;
  /** When it reached the kitchen (the commit that sent it), epoch ms. */
  created_at: number;
  /** The whole ticket bumped (done); null: open. */
  bumped_at: number | null;
  /** Set when this ticket was also printed on the fallback printer because its display was offline. */
  fallback_printed_at: number | null;
  items: KitchenItemView[];
}

export interface KitchenAllDayCount {
  product_id: string;
  name_en: string;
  name_ar: string;
  quantity: number;
}

/** What a kitchen display shows: its open tickets oldest first, the all-day counts of what is still to make. */
export interface KitchenBoardView {
  station: { id: number; code: string; name: string };
  tickets: KitchenTicketView[];
  all_day: KitchenAllDayCount[];
  /** The ticket `recallKitchenTicket` would bring back; null: nothing bumped yet. */
  last_bumped: { id: string; label: string } | null;
  /** Minutes after which a ticket's age shows in the warning colour (setting kitchen.warn_minutes, default 10). */
  warn_minutes: number;
  /** Minutes after which it shows in the alarm colour (setting kitchen.late_minutes, default 20). */
  late_minutes: number;
}

/**
 * A kitchen display as the Branch screen's Kitchens tab routes it: the
 * categories it shows (beside the printers': a category goes to a printer,
 * a display, or both) and where its tickets print while it is offline.
 */
export interface KitchenDisplayRouteView {
  station: { id: number; code: string; name: string };
  categories: number[];
  /** Null: each category's own kitchen printer. */
  fallback_printer_id: string | null;
}
