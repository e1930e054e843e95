import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { ProductCard } from '../../../src-shared/selling/index.ts';
import type { TillApi } from '../../../src-shared/api/index.ts';
import { DISPLAY_HEARTBEAT_MS } from '../../../src-main/kitchen/index.ts';
import { setLocalRoute } from '../../../src-main/printing/index.ts';
import type { PrinterSink } from '../../../src-main/printing/virtual-printer/printer-sink.ts';
import { emulatedService, type EmulatedService } from '../../support/emulated-service.ts';
import { eventually, ManualClock } from '../../support/manual-clock.ts';
import { startWebHost, type WebHost } from '../../support/till-web-host.ts';
import { threeStations, type Station } from '../stations/station-branch.ts';
import { barOnSink, FOOD, kitchenDisplay, openDisplay } from './kitchen-board.ts';

// Issue 21, part 4: a kitchen display that drops off the network (its socket
// closes, or it stops answering the hub's heartbeat on the hub's clock) gets
// its open tickets, and the new ones while it is away, on its fallback
// printer (a real TCP sink on loopback), marked "display offline" in both
// languages, each once; back online, its board shows every ticket still open.

let service: EmulatedService;
let web: WebHost;
let clock: ManualClock;
let counter: TillApi;
let food: ProductCard[];
let bar: { id: string; sink: PrinterSink };

beforeEach(async () => {
  service = await emulatedService({ seed: 22 });
  clock = new ManualClock();
  web = await startWebHost(service, { pairing: true, clock, printerPolicy: { allowLoopback: true, extraPorts: [] } });
  const { stations } = await threeStations(web, service);
  counter = (stations as Station[])[1]!.api;
  food = [];
  for (const category_id of FOOD) food.push(...(await counter.products({ category_id })).items.filter((p) => p.price !== null));
  bar = await barOnSink(web, service);
});
afterEach(async () => {
  await web.close();
  await bar.sink.close();
  await service.close();
});

async function sell(productId: string, quantity = 1) {
  const cart = await counter.addItem({ product_id: productId, quantity });
  return counter.checkout({ payments: [{ method_key: 'CASH', amount: cart.total }] });
}

const OFFLINE_EN = 'DISPLAY OFFLINE';
const OFFLINE_AR = 'شاشة المطبخ غير متصلة';
/** The fallback tickets the Bar's sink has printed (the Bar's own drink tickets carry no mark; none are sold here). */
const marked = () => bar.sink.jobs.map((job) => job.decoded.text).filter((text) => text.includes(OFFLINE_EN));

describe('a kitchen display offline', () => {
  it(
    'its socket closes: open tickets print once on the fallback printer, marked; new ones too; back, the board shows all open',
    { timeout: 180_000 },
    async () => {
      const k = await kitchenDisplay(web, { fallback: bar.id });
      let screen = await openDisplay(web, k);
      const first = await sell(food[0]!.id, 2);
      const second = await sell(food[1]!.id);
      let board = await screen.api.kitchenBoard();
      expect(board.tickets.map((t) => t.order_number)).toEqual([first.number, second.number]);
      // Online: nothing on paper.
      expect(bar.sink.jobs).toEqual([]);
      expect((await screen.api.bumpKitchenTicket({ ticket_id: board.tickets[1]!.id })).tickets).toHaveLength(1);

      // The display's screen goes away: its one open ticket prints on the Bar, marked in both languages.
      screen.screen.close();
      await bar.sink.waitForJobs(1, 30_000);
      expect(marked()).toHaveLength(1);
      expect(marked()[0]).toContain(first.number);
      // The Arabic line prints as an image (the printer's code page has no Arabic): it follows the English one, and is in the job's document.
      expect(marked()[0]).toMatch(/DISPLAY OFFLINE - paper instead\n\[raster \d+x\d+\]/);
      const documents = web.db.prepare("SELECT document FROM print_jobs WHERE kind = 'document' AND printer_id = ?").all(bar.id) as { document: string }[];
      expect(documents.filter((d) => d.document.includes(OFFLINE_AR))).toHaveLength(1);
      expect(marked()[0]).toContain(food[0]!.name_en);

      // A sale while it is away: on paper at once (and kept for the board).
      const third = await sell(food[2]!.id, 3);
      await bar.sink.waitForJobs(2, 30_000);
      expect(marked()[1]).toContain(third.number);

      // Back: every open ticket is on the board, those printed meanwhile say so; nothing printed twice.
      screen = await openDisplay(web, k);
      board = await screen.api.kitchenBoard();
      expect(board.tickets.map((t) => t.order_number)).toEqual([first.number, third.number]);
      expect(board.tickets.every((t) => t.fallback_printed_at === clock.now())).toBe(true);
      // Gone again: what was printed already does not print again; a new ticket does.
      screen.screen.close();
      const fourth = await sell(food[0]!.id);
      await bar.sink.waitForJobs(3, 30_000);
      expect(marked().map((text) => [first, third, fourth].findIndex((o) => text.includes(o.number)))).toEqual([0, 1, 2]);
    },
  );

  it(
    'a display that stops answering the heartbeat is offline after one silent beat on the hub’s clock; one that answers is not',
    { timeout: 180_000 },
    async () => {
      const k = await kitchenDisplay(web, { fallback: bar.id });
      // The display's one screen, whose network died unseen: its socket stays open but answers no ping (no pong, no frame).
      const silent = new WebSocket(`ws://${web.base}/till`, { headers: { origin: web.origin, cookie: k.cookie }, autoPong: false });
      await new Promise((open) => silent.once('open', open));
      const order = await sell(food[0]!.id);
      // Online until found silent: the first beat pings it, and nothing prints.
      clock.advance(DISPLAY_HEARTBEAT_MS);
      await counter.cart();
      expect(bar.sink.jobs).toEqual([]);
      // The next beat finds no answer: dropped, offline, its ticket on paper.
      clock.advance(DISPLAY_HEARTBEAT_MS);
      await bar.sink.waitForJobs(1, 30_000);
      expect(marked()[0]).toContain(order.number);
      await eventually('the silent socket closed', () => silent.readyState === WebSocket.CLOSED);

      // A screen that answers stays online beat after beat: a sale meanwhile goes to its board, not to paper.
      const live = await openDisplay(web, k);
      for (let beat = 0; beat < 3; beat++) {
        clock.advance(DISPLAY_HEARTBEAT_MS);
        await live.api.kitchenBoard();
      }
      const later = await sell(food[1]!.id);
      const board = await live.api.kitchenBoard();
      expect(board.tickets.map((t) => [t.order_number, t.fallback_printed_at])).toEqual([
        // printed on paper at the second beat, three beats ago
        [order.number, clock.now() - 3 * DISPLAY_HEARTBEAT_MS],
        [later.number, null],
      ]);
    },
  );

  it(
    'no display screen ever connected: a new ticket goes to paper at once, on the category’s kitchen printer when the route names none',
    { timeout: 180_000 },
    async () => {
      // Route bakery (5) to the display with no fallback: the category's own kitchen printer is the Bar, routed here to take it too.
      setLocalRoute(web.db, bar.id, [1, 2, 3, 4, 5], clock.now());
      await kitchenDisplay(web);
      const bakery = (await counter.products({ category_id: 5 })).items.find((p) => p.price !== null)!;
      const order = await sell(bakery.id);
      // The Bar prints its usual kitchen ticket and the display's, marked.
      await bar.sink.waitForJobs(2, 30_000);
      expect(marked()).toHaveLength(1);
      expect(marked()[0]).toContain(order.number);
    },
  );
});
