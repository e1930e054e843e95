/**
 * What goes to the kitchen (issue 24): a sale's lines at checkout or one
 * round of a tab, as the kitchen ticket prints it and the kitchen displays
 * keep it. No prices and no money: the kitchen only makes things, so a round
 * that is not an order yet needs no stand-in order to be printed.
 */

import type { OrderType } from '../pricing/index.ts';
import type { OrderRecord } from '../selling/index.ts';
import { kitchenLine, type KitchenLine } from './kitchen-line.ts';

export interface KitchenOrder {
  /** The sale's uuid, or the tab's round (`<tab>:round:<n>`): a display's tickets are keyed by it. */
  id: string;
  /** How the kitchen calls it: the sale's number, or the tab's name and round ('T4 R2'). */
  number: string;
  type: OrderType;
  /** The table's name, printed beside the type; null: none. */
  table: string | null;
  /** When it was sent, epoch ms. */
  created_at: number;
  /** A tab's round; null for a sale. */
  round: number | null;
  notes: string | null;
  /** In order: a sale's line i is its line_no i + 1. */
  lines: KitchenLine[];
}

/** A sale as the kitchen reads it. */
export function kitchenOrderOf(order: OrderRecord): KitchenOrder {
  return {
    id: order.uuid,
    number: order.number,
    type: order.type,
    table: order.table_id,
    created_at: order.created_at,
    round: null,
    notes: order.notes,
    lines: order.lines.map(kitchenLine),
  };
}
