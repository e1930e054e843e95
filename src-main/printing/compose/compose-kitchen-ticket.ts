// The kitchen's ticket: what to make, big enough to read from the pass, and
// no prices (the kitchen does not need them and the customer never sees
// this paper). Only the lines routed to this printer; none, no ticket.

import type { KitchenLine, KitchenOrder } from '../../../src-shared/kitchen/index.ts';
import type { ReceiptBlock, ReceiptDocument } from '../layout/receipt-document.ts';
import type { KitchenTicketOptions } from './compose-options.ts';
import { EXTRA_SPACE_LINES } from './compose-receipt.ts';
import { localDateTime } from './format.ts';
import { LABELS, ORDER_TYPE_LABELS } from './labels.ts';

/** The lines of `order` (a kitchen order or a stored sale: only the categories are read) this printer makes, in order. */
export function routedLines<L extends Pick<KitchenLine, 'category_id'>>(order: { lines: readonly L[] }, categories: ReadonlySet<number> | null): readonly L[] {
  return categories === null ? order.lines : order.lines.filter((line) => categories.has(line.category_id));
}

/** Null when none of the order's lines are routed to this printer: it prints nothing. */
export function composeKitchenTicket(order: KitchenOrder, options: KitchenTicketOptions): ReceiptDocument | null {
  const lines = routedLines(order, options.categories);
  if (lines.length === 0) return null;
  const bilingual = options.flags.MULTILINGUAL;
  const type = ORDER_TYPE_LABELS[order.type] ?? { en: order.type, ar: order.type };
  const table = order.table ? ` - ${LABELS.table.en} ${order.table}` : '';
  const tableAr = order.table ? ` - ${LABELS.table.ar} ${order.table}` : '';

  const blocks: ReceiptBlock[] = [
    { kind: 'text', text: options.station.toUpperCase(), align: 'center', bold: true },
    { kind: 'text', text: `#${order.number}`, align: 'center', bold: true, width: 2, height: 2 },
    { kind: 'text', text: `${type.en.toUpperCase()}${table}`, align: 'center', bold: true, height: 2 },
  ];
  if (bilingual) blocks.push({ kind: 'text', text: `${type.ar}${tableAr}`, align: 'center', bold: true, height: 2 });
  blocks.push({ kind: 'text', text: localDateTime(order.created_at), align: 'center' });
  if (options.reprint) blocks.push({ kind: 'text', text: LABELS.copy.en, align: 'center', bold: true });
  // The chef must know the display missed it: in both languages whatever the printer's flags.
  if (options.fallback) {
    blocks.push({ kind: 'text', text: LABELS.displayOffline.en, align: 'center', bold: true });
    blocks.push({ kind: 'text', text: LABELS.displayOffline.ar, align: 'center', bold: true });
  }
  blocks.push({ kind: 'divider', style: 'double' });

  for (const line of lines) {
    blocks.push({ kind: 'text', text: `${line.quantity} x ${line.name_en}`, bold: true, width: 2, height: 2 });
    if (bilingual && line.name_ar !== '') blocks.push({ kind: 'text', text: line.name_ar, bold: true, height: 2 });
    for (const modifier of line.modifiers) {
      blocks.push({ kind: 'text', text: `  + ${modifier.name_en}`, height: 2 });
      if (bilingual && modifier.name_ar !== '') blocks.push({ kind: 'text', text: `+ ${modifier.name_ar}`, height: 2 });
    }
    if (line.notes) blocks.push({ kind: 'text', text: `  ! ${line.notes}`, bold: true, height: 2 });
    blocks.push({ kind: 'divider' });
  }
  if (order.notes) blocks.push({ kind: 'text', text: `${LABELS.note.en}: ${order.notes}`, bold: true, height: 2 });
  if (options.flags.HAS_SPACE) blocks.push({ kind: 'feed', lines: EXTRA_SPACE_LINES });
  blocks.push({ kind: 'cut', partial: true });
  return { blocks };
}
