import { beforeEach, describe, expect, it } from 'vitest';
import type { KitchenBoardView } from '../../../src-shared/kitchen/index.ts';
import type { ProductCard } from '../../../src-shared/selling/index.ts';
import type { TillApi } from '../../../src-shared/api/index.ts';
import { eventually } from '../../support/manual-clock.ts';
import { threeStations, type Station } from '../stations/station-branch.ts';
import { FOOD, kitchenDisplay, openDisplay, type KitchenDisplay } from './kitchen-board.ts';
import { pairingHubPerTest } from '../../support/pairing-hub.ts';
import { refusal } from '../../support/refusal.ts';

// Issue 21, part 4, over real WebSockets on one hub: a sale's food at
// checkout and a tab's round when it is sent reach the kitchen display in
// the same transaction, and the display hears of it after that commit;
// bump an item (a toggle), bump a ticket, recall it, the all-day counts.
// A display is less than a cashier: it signs nobody in and sells nothing,
// and a counter cannot bump.

const hub = pairingHubPerTest(21);
let stations: Station[];
let cards: ProductCard[];
let display: KitchenDisplay;

beforeEach(async () => {
  ({ stations } = await threeStations(hub.web, hub.service));
  cards = [];
  for (const category_id of [1, 2, ...FOOD]) cards.push(...(await stations[0]!.api.products({ category_id })).items.filter((p) => p.price !== null));
  display = await openDisplay(hub.web, await kitchenDisplay(hub.web));
});

const food = () => cards.filter((p) => FOOD.includes(p.category_id));
const drinks = () => cards.filter((p) => !FOOD.includes(p.category_id));

/** The display's board as it is when it hears its next `kitchen` event after `act` (the board read on the event, as the screen does). */
async function boardAfter(act: () => Promise<unknown>): Promise<KitchenBoardView> {
  const before = display.heard.length;
  await act();
  await eventually('the kitchen event', () => display.heard.slice(before).some((e) => e.type === 'kitchen'));
  return display.api.kitchenBoard();
}

async function sell(api: TillApi, lines: { product_id: string; quantity: number }[]) {
  let cart = await api.cart();
  for (const line of lines) cart = await api.addItem(line);
  return api.checkout({ payments: [{ method_key: 'CASH', amount: cart.total }] });
}

describe('the kitchen display on the hub', () => {
  it('a sale and a round reach the board after their commit; bump per item and ticket, recall, all-day counts', { timeout: 180_000 }, async () => {
    const [a, b] = stations.map((s) => s.api);
    const [burger, fries] = food();
    // Needs no cashier: the display's first call answers with nothing signed in there.
    expect(await display.api.kitchenBoard()).toMatchObject({
      station: { id: display.id, code: 'K' },
      tickets: [],
      last_bumped: null,
      warn_minutes: 10,
      late_minutes: 20,
    });

    // A sale at counter B: its food only (the drink goes to the Bar's paper), numbered as B numbers its sales.
    let order!: Awaited<ReturnType<typeof sell>>;
    let board = await boardAfter(
      async () =>
        (order = await sell(b!, [
          { product_id: burger!.id, quantity: 2 },
          { product_id: drinks()[0]!.id, quantity: 1 },
        ])),
    );
    expect(board.tickets).toHaveLength(1);
    expect(board.tickets[0]).toMatchObject({ source: 'sale', order_number: order.number, round: null, bumped_at: null, fallback_printed_at: null });
    expect(board.tickets[0]!.items.map((i) => [i.product_id, i.quantity, i.name_en])).toEqual([[burger!.id, 2, burger!.name_en]]);
    expect(board.all_day).toEqual([{ product_id: burger!.id, name_en: burger!.name_en, name_ar: burger!.name_ar, quantity: 2 }]);

    // A tab's round from counter A, sent by counter B: a second ticket, naming the table and the round.
    const table = (await a!.floor())[0]!;
    let tab = await a!.openTab({ table_id: table.id, guests: 2 });
    tab = await a!.addRound({
      tab_id: tab.id,
      version: tab.version,
      lines: [
        { product_id: fries!.id, quantity: 3, notes: 'no salt' },
        { product_id: burger!.id, quantity: 1 },
      ],
    });
    const sentTab = tab;
    board = await boardAfter(() => b!.sendRound({ tab_id: sentTab.id, version: sentTab.version }));
    expect(board.tickets).toHaveLength(2);
    const round = board.tickets[1]!;
    expect(round).toMatchObject({ source: 'round', order_number: null, table: table.name, round: 1, order_type: null });
    expect(round.items.map((i) => [i.product_id, i.quantity, i.notes])).toEqual([
      [fries!.id, 3, 'no salt'],
      [burger!.id, 1, null],
    ]);
    expect(board.all_day).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ product_id: burger!.id, quantity: 3 }),
        expect.objectContaining({ product_id: fries!.id, quantity: 3 }),
      ]),
    );

    // Bump one item: it leaves the all-day count; bump it again: it is back (a toggle).
    const fryItem = round.items[0]!;
    board = await display.api.bumpKitchenItem({ ticket_id: round.id, item_id: fryItem.item_id });
    expect(board.tickets[1]!.items[0]!.bumped_at).not.toBeNull();
    expect(board.all_day.find((c) => c.product_id === fries!.id)).toBeUndefined();
    board = await display.api.bumpKitchenItem({ ticket_id: round.id, item_id: fryItem.item_id });
    expect(board.tickets[1]!.items[0]!.bumped_at).toBeNull();
    expect(board.all_day.find((c) => c.product_id === fries!.id)?.quantity).toBe(3);

    // Bump both tickets, the sale first: recall brings back the last bumped (the round), then the sale.
    board = await display.api.bumpKitchenTicket({ ticket_id: board.tickets[0]!.id });
    expect(board.last_bumped).toEqual({ id: `${order.uuid}@${display.id}`, label: order.number });
    board = await display.api.bumpKitchenTicket({ ticket_id: round.id });
    expect(board.tickets).toEqual([]);
    expect(board.all_day).toEqual([]);
    expect(board.last_bumped).toEqual({ id: round.id, label: `${table.name} R1` });
    board = await display.api.recallKitchenTicket();
    expect(board.tickets.map((t) => t.id)).toEqual([round.id]);
    board = await display.api.recallKitchenTicket();
    expect(board.tickets.map((t) => t.id)).toEqual([`${order.uuid}@${display.id}`, round.id]);
    expect(await refusal(display.api.recallKitchenTicket())).toMatchObject({ code: 'not_found', reason: { code: 'kitchen.nothingToRecall' } });

    // A sale with no food makes no ticket; paying the tab makes none either (its rounds went when they were sent).
    const heard = display.heard.length;
    await sell(b!, [{ product_id: drinks()[1]!.id, quantity: 1 }]);
    tab = await a!.tab({ tab_id: tab.id });
    await a!.payTab({ tab_id: tab.id, version: tab.version, payments: [{ method_key: 'CASH', amount: tab.total }] });
    expect((await display.api.kitchenBoard()).tickets).toHaveLength(2);
    expect(display.heard.slice(heard).filter((e) => e.type === 'kitchen')).toEqual([]);
  });

  it('a display sells nothing and hears only its kitchen; a counter cannot bump or read a board', { timeout: 180_000 }, async () => {
    const [a, b] = stations.map((s) => s.api);
    // The display: no selling, no cart, no floor, no cashiers; its screen's start-up basics answer.
    for (const call of [
      display.api.addItem({ product_id: food()[0]!.id, quantity: 1 }),
      display.api.cart(),
      display.api.checkout({ payments: [{ method_key: 'CASH', amount: 100 }] }),
      display.api.floor(),
      display.api.cashiers(),
      display.api.unlock({ cashier_id: stations[1]!.cashierId, pin: '1357' }),
    ])
      expect(await refusal(call)).toMatchObject({ code: 'not_allowed', reason: { code: 'kitchen.notForDisplay' } });
    expect((await display.api.thisStation()).kind).toBe('kitchen_display');
    expect((await display.api.session()).paired).toBe(true);
    // Counters: no board, no bumps, no recall.
    for (const api of [a!, b!]) {
      for (const call of [
        api.kitchenBoard(),
        api.bumpKitchenTicket({ ticket_id: 'x' }),
        api.bumpKitchenItem({ ticket_id: 'x', item_id: 'y' }),
        api.recallKitchenTicket(),
      ])
        expect(await refusal(call)).toMatchObject({ code: 'not_allowed', reason: { code: 'kitchen.displayOnly' } });
    }
    // Events: a counter hears the tab but never the kitchen; the display hears its kitchen only.
    const counterHeard: string[] = [];
    (await hub.web.connect({ origin: hub.web.origin, cookie: await hub.web.managerCookie() })).onEvent((e) => counterHeard.push(e.type));
    const board = await boardAfter(async () => {
      const tab = await a!.openTab({ label: 'Bar 3' });
      const added = await a!.addRound({ tab_id: tab.id, version: tab.version, lines: [{ product_id: food()[0]!.id, quantity: 1 }] });
      await a!.sendRound({ tab_id: added.id, version: added.version });
    });
    expect(board.tickets[0]).toMatchObject({ table: 'Bar 3', round: 1 });
    await eventually('the counter hears the tab', () => counterHeard.includes('tab'));
    expect(counterHeard).not.toContain('kitchen');
    expect(new Set(display.heard.map((e) => e.type))).toEqual(new Set(['kitchen']));
    // A ticket of another display, or none at all, is not this display's to bump.
    expect(await refusal(display.api.bumpKitchenTicket({ ticket_id: 'nope' }))).toMatchObject({ code: 'not_found', reason: { code: 'kitchen.unknownTicket' } });
  });
});
