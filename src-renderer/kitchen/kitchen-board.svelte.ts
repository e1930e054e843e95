import type { KitchenBoardView, KitchenItemView, KitchenTicketView } from '../../src-shared/kitchen/index.ts';
import type { TillApi, TillEvent } from '../../src-shared/api/index.ts';
import type { TillState } from '../state/index.ts';

/**
 * What one kitchen display shows and does: the board as the hub last
 * answered it (replaced whole, never edited here: the hub decides what is
 * open), and the bump bar's cursor. Every bump answers the new board, and a
 * `kitchen` event for this display reads it again, so two displays of one
 * station (or a counter's send) never leave this one stale.
 */
export class KitchenBoard {
  board = $state.raw<KitchenBoardView | null>(null);
  /** The ticket the bump bar points at; when it left the board, the one now at its place. */
  #selectedId = $state<string | null>(null);
  #selectedPosition = 0;
  private seq = 0;
  private appliedSeq = 0;

  constructor(private readonly till: TillState) {}

  get tickets(): KitchenTicketView[] {
    return this.board?.tickets ?? [];
  }

  /** The selected ticket: the bump bar's Enter bumps it. Always one while the board has tickets. */
  get selected(): KitchenTicketView | null {
    const tickets = this.tickets;
    if (tickets.length === 0) return null;
    return tickets.find((t) => t.id === this.#selectedId) ?? tickets[Math.min(this.#selectedPosition, tickets.length - 1)]!;
  }

  /** Points the bump bar at the ticket at `position` (1 is the oldest); a position with no ticket changes nothing. */
  select(position: number): boolean {
    const ticket = this.tickets[position - 1];
    if (!ticket) return false;
    this.#selectedId = ticket.id;
    this.#selectedPosition = position - 1;
    return true;
  }

  async load(): Promise<void> {
    await this.run((api) => api.kitchenBoard());
  }

  /** Marks one item made, or not made again (a second tap undoes a mistaken one). */
  async bumpItem(ticket: KitchenTicketView, item: KitchenItemView): Promise<void> {
    await this.run((api) => api.bumpKitchenItem({ ticket_id: ticket.id, item_id: item.item_id }));
  }

  /** The whole ticket is done: it leaves the board; a cursor on it stays at its place (on the ticket that moves up). */
  async bumpTicket(ticket: KitchenTicketView): Promise<void> {
    if (this.selected?.id === ticket.id) {
      this.#selectedPosition = this.tickets.findIndex((t) => t.id === ticket.id);
      this.#selectedId = null;
    }
    await this.run((api) => api.bumpKitchenTicket({ ticket_id: ticket.id }));
  }

  async bumpSelected(): Promise<void> {
    const ticket = this.selected;
    if (ticket) await this.bumpTicket(ticket);
  }

  /** The last ticket bumped here comes back open, and the cursor goes to it. */
  async recall(): Promise<void> {
    const recalled = this.board?.last_bumped?.id ?? null;
    if (!recalled) return;
    if (await this.run((api) => api.recallKitchenTicket())) {
      this.#selectedId = recalled;
      const position = this.tickets.findIndex((t) => t.id === recalled);
      if (position >= 0) this.#selectedPosition = position;
    }
  }

  /** The hub says this display's tickets changed (a counter sent, another display of the station bumped). */
  onEvent(event: TillEvent): void {
    if (event.type !== 'kitchen') return;
    if (this.board && event.station_id !== this.board.station.id) return;
    void this.load();
  }

  /** One call that answers the board; a late answer never overwrites a newer one. False when it failed (the notice says why). */
  private async run(work: (api: TillApi) => Promise<KitchenBoardView>): Promise<boolean> {
    const seq = ++this.seq;
    const board = await this.till.attempt(work);
    if (!board) return false;
    if (seq < this.appliedSeq) return true;
    this.appliedSeq = seq;
    this.board = board;
    return true;
  }
}
