import {
  kitchenOrderOf,
  type KitchenBoardView,
  type KitchenDisplayRouteView,
  type KitchenItemView,
  type KitchenOrder,
  type KitchenTicketView,
} from '../../src-shared/kitchen/index.ts';
import { parseInput, type TillEvent } from '../../src-shared/api/index.ts';
import { type KitchenApi, type KitchenInputs, type KitchenSetupApi } from '../../src-shared/kitchen/index.ts';
import { type OrderRecord } from '../../src-shared/selling/index.ts';
import { TillError } from '../../src-shared/errors/index.ts';
import type { Clock } from '../clock/index.ts';
import type { TillDatabase } from '../db/index.ts';
import { settingOrDefault } from '../settings/index.ts';
import { listStations, stationByCode, type Station } from '../stations/index.ts';
import { currentStationKey } from '../stations/index.ts';
import type { SentRound } from './sent-round.ts';
import { DisplayPresence, type PresenceHandle, type PresenceSocket } from './display-presence.ts';
import { readDisplayRoutes, type DisplayRoute } from './display-routes.ts';
import { kitchenDisplayRoutes, routeDisplay } from './display-setup.ts';
import { printOnFallback, ticketLabel } from './kitchen-paper.ts';
import {
  bumpKitchenTicketRow,
  insertKitchenTicket,
  kitchenItemsOf,
  kitchenLineOfRow,
  lastBumpedTicket,
  openKitchenTickets,
  readKitchenTicket,
  reopenKitchenTicket,
  toggleKitchenItem,
  unprintedOpenTickets,
  type KitchenItemRow,
  type KitchenTicketRow,
  type NewKitchenTicket,
} from './kitchen-ticket-store.ts';

export interface KitchenOptions {
  db: TillDatabase;
  clock: Clock;
  /** The host's events: a display's screens hear `kitchen` after each commit that changed its tickets. */
  emit: (event: TillEvent) => void;
  /** Wakes the print queue after fallback tickets were committed. */
  printQueued: () => void;
  heartbeatMs?: number;
}

/**
 * The kitchen displays on the hub (issue 21, part 4). A sale's kitchen lines
 * at checkout and a tab's round when it is sent become tickets on the
 * displays their categories are routed to, in that same transaction; after
 * the commit each display hears a `kitchen` event. A display that is
 * offline gets its tickets on paper instead (once each), and shows them all
 * again when it comes back.
 */
export class KitchenService implements KitchenApi, KitchenSetupApi {
  /** Which displays hold a live socket (the web host reports its sockets here). */
  readonly presence: DisplayPresence;
  /** Displays whose tickets changed in the transaction under way, told once it committed. */
  private readonly changed = new Set<number>();

  constructor(private readonly options: KitchenOptions) {
    this.presence = new DisplayPresence(options.clock, (code) => this.wentOffline(code), options.heartbeatMs);
  }

  private get db() {
    return this.options.db;
  }

  /** The `alsoWriteAtCheckout` part: a sale's tickets, in the checkout's transaction (a tab's payment sent its rounds already). */
  atCheckout(order: OrderRecord, what: { kitchen: boolean } = { kitchen: true }): void {
    if (order.kind !== 'SALE' || !what.kitchen) return;
    // In a savepoint, as the print jobs: should it fail, the sale still commits (its paper tickets print) and the log says why.
    try {
      this.db.transaction(() =>
        this.write(kitchenOrderOf(order), { source: 'sale', order_number: order.number, table_name: order.table_id, order_type: order.type }),
      )();
    } catch (error) {
      process.emitWarning(`no kitchen display tickets were written for order ${order.number}: ${String(error)}`);
    }
  }

  /** The tab service's `kitchenRoundAtSend` part: a round's tickets in the send's transaction. */
  atRound(round: SentRound): void {
    this.write(round.ticket, { source: 'round', order_number: null, table_name: round.label, order_type: null });
  }

  /** After the commit that wrote or changed tickets: each display changed hears of it, and fallback paper prints. */
  committed(): void {
    if (this.changed.size === 0) return;
    const stations = [...this.changed];
    this.changed.clear();
    this.options.printQueued();
    for (const station_id of stations) this.options.emit({ type: 'kitchen', station_id });
  }

  /** The web host hangs up on every screen (it stops): no display went offline. */
  serverClosing(): void {
    this.presence.stop();
  }

  /** The web host's socket of a station: followed when the station is a kitchen display, else null. */
  connect(code: string, socket: PresenceSocket): PresenceHandle | null {
    return stationByCode(this.db, code)?.kind === 'kitchen_display' ? this.presence.connect(code, socket) : null;
  }

  private write(order: KitchenOrder, head: Pick<NewKitchenTicket, 'source' | 'order_number' | 'table_name' | 'order_type'>): void {
    const routes = readDisplayRoutes(this.db);
    if (routes.length === 0) return;
    const displays = new Map(
      listStations(this.db)
        .filter((s) => s.kind === 'kitchen_display')
        .map((s) => [s.id, s]),
    );
    const at = this.options.clock.now();
    // Numbered before routing, so an item keeps its line's number (a sale's line_no) on every display.
    const numbered = order.lines.map((line, i) => ({ line, no: i + 1 }));
    for (const route of routes) {
      const station = displays.get(route.station_id);
      if (!station) continue;
      const routed = new Set(route.categories);
      const lines = numbered.filter(({ line }) => routed.has(line.category_id) && line.quantity > 0);
      if (lines.length === 0) continue;
      const id = `${order.id}@${station.id}`;
      const inserted = insertKitchenTicket(this.db, {
        id,
        station_id: station.id,
        source_id: order.id,
        ...head,
        round: order.round,
        created_at: at,
        items: lines.map(({ line, no }) => ({ item_id: `${id}:${no}`, ...line })),
      });
      if (!inserted) continue;
      this.changed.add(station.id);
      // Nobody is at the display: the kitchen gets it on paper now, as well as on the board for when the display is back.
      if (!this.presence.online(station.code)) this.toPaper(readKitchenTicket(this.db, id)!, route, station, at);
    }
  }

  private toPaper(ticket: KitchenTicketRow, route: DisplayRoute | undefined, station: Station, at: number): void {
    printOnFallback(this.db, ticket, kitchenItemsOf(this.db, [ticket.id]), route, station.name, at);
  }

  /** A display's last screen went: its open tickets not yet on paper print on the fallback printers, each once. */
  private wentOffline(code: string): void {
    const station = stationByCode(this.db, code);
    if (station?.kind !== 'kitchen_display') return;
    const route = readDisplayRoutes(this.db).find((r) => r.station_id === station.id);
    const at = this.options.clock.now();
    this.db.transaction(() => {
      for (const ticket of unprintedOpenTickets(this.db, station.id)) this.toPaper(ticket, route, station, at);
    })();
    this.changed.add(station.id);
    this.committed();
  }

  /** The calling screen's display; a counter (or any other screen) is refused. */
  private display(): Station {
    const station = stationByCode(this.db, currentStationKey());
    if (station?.kind !== 'kitchen_display') {
      throw new TillError('not_allowed', 'only a kitchen display station shows kitchen tickets: pair this screen as a kitchen display on the Branch screen', {
        code: 'kitchen.displayOnly',
      });
    }
    return station;
  }

  async kitchenDisplays(): Promise<KitchenDisplayRouteView[]> {
    return kitchenDisplayRoutes(this.db);
  }

  async routeKitchenDisplay(input: KitchenInputs['routeKitchenDisplay']): Promise<KitchenDisplayRouteView[]> {
    return routeDisplay(this.db, parseInput('routeKitchenDisplay', input), this.options.clock.now());
  }

  async kitchenBoard(): Promise<KitchenBoardView> {
    return this.board(this.display());
  }

  async bumpKitchenItem(input: KitchenInputs['bumpKitchenItem']): Promise<KitchenBoardView> {
    const { ticket_id, item_id } = parseInput('bumpKitchenItem', input);
    const station = this.display();
    this.db.transaction(() => {
      this.ticketAt(station, ticket_id);
      if (!toggleKitchenItem(this.db, ticket_id, item_id, this.options.clock.now())) throw unknownTicket(ticket_id);
      this.changed.add(station.id);
    })();
    this.committed();
    return this.board(station);
  }

  async bumpKitchenTicket(input: KitchenInputs['bumpKitchenTicket']): Promise<KitchenBoardView> {
    const { ticket_id } = parseInput('bumpKitchenTicket', input);
    const station = this.display();
    this.db.transaction(() => {
      const ticket = this.ticketAt(station, ticket_id);
      // Bumped already (on another screen of this display): nothing more to do.
      if (ticket.bumped_at !== null) return;
      bumpKitchenTicketRow(this.db, ticket, this.options.clock.now());
      this.changed.add(station.id);
    })();
    this.committed();
    return this.board(station);
  }

  async recallKitchenTicket(): Promise<KitchenBoardView> {
    const station = this.display();
    this.db.transaction(() => {
      const last = lastBumpedTicket(this.db, station.id);
      if (!last) throw new TillError('not_found', 'nothing was bumped at this display yet: there is no ticket to recall', { code: 'kitchen.nothingToRecall' });
      reopenKitchenTicket(this.db, last.id);
      this.changed.add(station.id);
    })();
    this.committed();
    return this.board(station);
  }

  private ticketAt(station: Station, ticketId: string): KitchenTicketRow {
    const ticket = readKitchenTicket(this.db, ticketId);
    if (!ticket || ticket.station_id !== station.id) throw unknownTicket(ticketId);
    return ticket;
  }

  private board(station: Station): KitchenBoardView {
    const tickets = openKitchenTickets(this.db, station.id);
    const items = new Map<string, KitchenItemRow[]>();
    for (const item of kitchenItemsOf(
      this.db,
      tickets.map((t) => t.id),
    ))
      items.set(item.ticket_id, [...(items.get(item.ticket_id) ?? []), item]);
    const views = tickets.map((t) => ticketView(t, items.get(t.id) ?? []));
    const last = lastBumpedTicket(this.db, station.id);
    return {
      station: { id: station.id, code: station.code, name: station.name },
      tickets: views,
      all_day: allDay(views),
      last_bumped: last ? { id: last.id, label: ticketLabel(last) } : null,
      warn_minutes: settingOrDefault(this.db, 'kitchen.warn_minutes'),
      late_minutes: settingOrDefault(this.db, 'kitchen.late_minutes'),
    };
  }
}

function unknownTicket(id: string): TillError {
  return new TillError('not_found', `this display has no ticket or item ${id}: it may have been bumped on another screen; look at the board again`, {
    code: 'kitchen.unknownTicket',
  });
}

function ticketView(row: KitchenTicketRow, items: readonly KitchenItemRow[]): KitchenTicketView {
  return {
    id: row.id,
    source: row.source === 'round' ? 'round' : 'sale',
    order_number: row.order_number,
    table: row.table_name,
    order_type: row.order_type,
    round: row.round,
    created_at: row.created_at,
    bumped_at: row.bumped_at,
    fallback_printed_at: row.fallback_printed_at,
    items: items.map((item): KitchenItemView => ({ item_id: item.item_id, ...kitchenLineOfRow(item), bumped_at: item.bumped_at })),
  };
}

/** What is still to make across the open tickets, per product, most first. */
function allDay(tickets: readonly KitchenTicketView[]): KitchenBoardView['all_day'] {
  const counts = new Map<string, KitchenBoardView['all_day'][number]>();
  for (const ticket of tickets)
    for (const item of ticket.items) {
      if (item.bumped_at !== null) continue;
      const count = counts.get(item.product_id);
      if (count) count.quantity += item.quantity;
      else counts.set(item.product_id, { product_id: item.product_id, name_en: item.name_en, name_ar: item.name_ar, quantity: item.quantity });
    }
  return [...counts.values()].sort((a, b) => b.quantity - a.quantity || a.name_en.localeCompare(b.name_en));
}
