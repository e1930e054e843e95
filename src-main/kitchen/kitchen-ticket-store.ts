// The kitchen display's tickets and items (tables kitchen_tickets and
// kitchen_items): written in the transaction that sends them to the kitchen,
// bumped, recalled, and marked once printed on a fallback printer.

import { sql, type Selectable } from 'kysely';
import { kitchenLine, type KitchenLine, type KitchenModifier } from '../../src-shared/kitchen/index.ts';
import { all, first, q, run, type TillDatabase, type TillSchema } from '../db/index.ts';

export interface NewKitchenItem extends KitchenLine {
  item_id: string;
}

/** What the sending transaction writes: the table's columns but those a display sets later, with its items. */
export type NewKitchenTicket = Omit<KitchenTicketRow, 'bumped_at' | 'bump_seq' | 'fallback_printed_at'> & { items: NewKitchenItem[] };

export type KitchenTicketRow = Selectable<TillSchema['kitchen_tickets']>;

export type KitchenItemRow = Selectable<TillSchema['kitchen_items']>;

/** A stored item as the kitchen makes it (its modifiers are kept as JSON). */
export function kitchenLineOfRow(item: KitchenItemRow): KitchenLine {
  return kitchenLine({ ...item, modifiers: JSON.parse(item.modifiers) as KitchenModifier[] });
}

/** Writes a ticket and its items; false when it was written before (a sale's tickets are written once, whichever path reaches them first). */
export function insertKitchenTicket(db: TillDatabase, ticket: NewKitchenTicket): boolean {
  const { items, ...row } = ticket;
  const inserted = run(
    db,
    q
      .insertInto('kitchen_tickets')
      .values({ ...row, bumped_at: null, bump_seq: null, fallback_printed_at: null })
      .onConflict((c) => c.doNothing()),
  );
  if (inserted.changes === 0) return false;
  items.forEach((item, position) => {
    run(db, q.insertInto('kitchen_items').values({ ...item, ticket_id: ticket.id, position, modifiers: JSON.stringify(item.modifiers), bumped_at: null }));
  });
  return true;
}

const tickets = () => q.selectFrom('kitchen_tickets').selectAll();

export function readKitchenTicket(db: TillDatabase, id: string): KitchenTicketRow | undefined {
  return first(db, tickets().where('id', '=', id));
}

/** A display's open tickets, oldest first. */
export function openKitchenTickets(db: TillDatabase, stationId: number): KitchenTicketRow[] {
  // Written in the same millisecond, they keep the order they were written in (rowid).
  return all(
    db,
    tickets()
      .where('station_id', '=', stationId)
      .where('bumped_at', 'is', null)
      .orderBy('created_at')
      .orderBy(sql`rowid`),
  );
}

/** The items of these tickets, in each ticket's order. */
export function kitchenItemsOf(db: TillDatabase, ticketIds: readonly string[]): KitchenItemRow[] {
  if (ticketIds.length === 0) return [];
  return all(db, q.selectFrom('kitchen_items').selectAll().where('ticket_id', 'in', ticketIds).orderBy('ticket_id').orderBy('position'));
}

/** Toggles one item's bump; false when the ticket has no such item. */
export function toggleKitchenItem(db: TillDatabase, ticketId: string, itemId: string, at: number): boolean {
  const item = first(db, q.selectFrom('kitchen_items').select('bumped_at').where('ticket_id', '=', ticketId).where('item_id', '=', itemId));
  if (!item) return false;
  run(
    db,
    q
      .updateTable('kitchen_items')
      .set({ bumped_at: item.bumped_at === null ? at : null })
      .where('ticket_id', '=', ticketId)
      .where('item_id', '=', itemId),
  );
  return true;
}

/** Marks the whole ticket done, after every bump before it at its display (recall brings back the latest). */
export function bumpKitchenTicketRow(db: TillDatabase, ticket: KitchenTicketRow, at: number): void {
  const last = first(
    db,
    q
      .selectFrom('kitchen_tickets')
      .select((eb) => eb.fn.max('bump_seq').as('seq'))
      .where('station_id', '=', ticket.station_id),
  );
  run(
    db,
    q
      .updateTable('kitchen_tickets')
      .set({ bumped_at: at, bump_seq: (last?.seq ?? 0) + 1 })
      .where('id', '=', ticket.id),
  );
}

/** The ticket bumped last at this display, or undefined. */
export function lastBumpedTicket(db: TillDatabase, stationId: number): KitchenTicketRow | undefined {
  return first(db, tickets().where('station_id', '=', stationId).where('bump_seq', 'is not', null).orderBy('bump_seq', 'desc').limit(1));
}

/** Brings a bumped ticket back open (its items keep their own bumps). */
export function reopenKitchenTicket(db: TillDatabase, id: string): void {
  run(db, q.updateTable('kitchen_tickets').set({ bumped_at: null, bump_seq: null }).where('id', '=', id));
}

/** A display's open tickets not yet printed on a fallback printer. */
export function unprintedOpenTickets(db: TillDatabase, stationId: number): KitchenTicketRow[] {
  return openKitchenTickets(db, stationId).filter((t) => t.fallback_printed_at === null);
}

export function markFallbackPrinted(db: TillDatabase, id: string, at: number): void {
  run(db, q.updateTable('kitchen_tickets').set({ fallback_printed_at: at }).where('id', '=', id).where('fallback_printed_at', 'is', null));
}
