import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CustomerDisplayView } from '../../../src-shared/stations/index.ts';
import type { TillEvent } from '../../../src-shared/api/index.ts';
import { TillError } from '../../../src-shared/errors/index.ts';
import { setSetting } from '../../../src-main/settings/index.ts';
import { addStation } from '../../../src-main/stations/index.ts';
import type { TillConnection } from '../../../src-renderer/transport/till-connection.ts';
import { emulatedService, type EmulatedService } from '../../support/emulated-service.ts';
import { eventually, ManualClock } from '../../support/manual-clock.ts';
import { pairDevice, startWebHost, type WebHost } from '../../support/till-web-host.ts';

// Issue 21, part 5: a customer display faces one counter. Over real
// WebSockets: it follows that counter's cart as the cashier rings it up,
// shows the change due and the receipt's QR after the payment, goes back to
// the branch's name after `customer_display.thank_you_seconds` on the
// host's clock; it needs no cashier and can neither sell nor read anything
// else, and nobody else hears its view.

const THANK_YOU_SECONDS = 30;

let service: EmulatedService;
let web: WebHost;
let clock: ManualClock;

beforeEach(async () => {
  service = await emulatedService({ seed: 21 });
  clock = new ManualClock();
  web = await startWebHost(service, { pairing: true, clock });
});
afterEach(async () => {
  await web.close();
  await service.close();
});

/** Every event a connection hears, in order. */
function heard(connection: TillConnection): TillEvent[] {
  const events: TillEvent[] = [];
  connection.onEvent((event) => events.push(event));
  return events;
}

const views = (events: TillEvent[]) => events.flatMap((e) => (e.type === 'customer-display' ? [e.view] : []));

/** Waits for the display's next pushed view after the first `seen` ones, and returns it. */
async function nextView(events: TillEvent[], seen: number, what: string): Promise<CustomerDisplayView> {
  await eventually(what, () => views(events).length > seen);
  return views(events).at(-1)!;
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as TillError,
  );

/** Counter A (the manager screen, Huda signed in with a shift) and its customer display D, paired as a tablet. */
async function counterWithDisplay() {
  const counter = await web.connect({ origin: web.origin, cookie: await web.managerCookie() });
  await counter.api.signIn({ base_url: service.emulator.baseUrl, token: service.emulator.token });
  await counter.api.addCashier({ name: 'Huda', role: 'manager', pin: '2468' });
  await counter.api.openShift({ float: 10_000 });
  setSetting(web.db, 'customer_display.thank_you_seconds', THANK_YOU_SECONDS);
  setSetting(web.db, 'receipt.seller_name_en', 'Qahwa House Olaya');
  expect((await counter.api.thisStation()).code).toBe('A');
  addStation(web.db, { name: 'Customer screen', code: 'D', kind: 'customer_display', shows_cart_of: 'A' }, clock.now());
  const display = await web.connect({ origin: web.origin, cookie: await pairDevice(web, 'D') });
  const cards = (await counter.api.search({ query: 'a', limit: 200 })).filter((p) => !p.requires_choice).slice(0, 20);
  const products = cards.filter((p) => p.price !== null).map((p) => p.id);
  return { counter, display, products: products as [string, string, ...string[]] };
}

describe('a customer display follows its counter over WebSockets', () => {
  it('shows each line as it is rung up, changed and removed; then the change due and the QR; then idle on the clock', async () => {
    const { counter, display, products } = await counterWithDisplay();
    const events = heard(display);
    const counterEvents = heard(counter);

    // Before the first sale: the branch's name, no cashier needed at the display.
    const idle = await display.api.customerDisplay();
    expect(idle).toMatchObject({ state: 'idle', station: { code: 'D' }, counter: { code: 'A' }, branch: { name_en: 'Qahwa House Olaya' } });
    expect(idle.branch.name_ar).not.toBe('');

    const added = await counter.api.addItem({ product_id: products[0], quantity: 1 });
    let view = await nextView(events, 0, 'the first line on the display');
    expect(view).toMatchObject({ state: 'cart', total: added.total });
    if (view.state !== 'cart') throw new Error('not a cart');
    expect(view.lines).toEqual([expect.objectContaining({ name_en: added.lines[0]!.name_en, name_ar: added.lines[0]!.name_ar, quantity: 1 })]);

    // Counted before each call: its view may arrive before its answer (the host promises no order between the two).
    let seen = views(events).length;
    const two = await counter.api.addItem({ product_id: products[1], quantity: 2 });
    view = await nextView(events, seen, 'the second line');
    expect(view).toMatchObject({ state: 'cart', total: two.total, lines: [{ quantity: 1 }, { quantity: 2 }] });

    seen = views(events).length;
    const changed = await counter.api.updateItem({ line_id: two.lines[1]!.line_id, quantity: 3 });
    view = await nextView(events, seen, 'the changed quantity');
    expect(view).toMatchObject({ state: 'cart', total: changed.total, lines: [{ quantity: 1 }, { quantity: 3 }] });

    seen = views(events).length;
    const removed = await counter.api.removeItem({ line_id: changed.lines[0]!.line_id });
    view = await nextView(events, seen, 'the removed line');
    expect(view).toMatchObject({ state: 'cart', total: removed.total, lines: [{ name_en: removed.lines[0]!.name_en, quantity: 3 }] });

    // Paid in cash with more than the total: the change due and the receipt's own QR payload.
    const before = views(events).length;
    const order = await counter.api.checkout({ payments: [{ method_key: 'CASH', amount: removed.total }], cash_tendered: removed.total + 1_000 });
    expect(order.zatca_qr).not.toBeNull();
    await eventually('the paid view', () =>
      views(events)
        .slice(before)
        .some((v) => v.state === 'paid'),
    );
    view = views(events).at(-1)!;
    expect(view).toMatchObject({ state: 'paid', order_number: order.number, total: order.total, change_due: 1_000, qr: order.zatca_qr });
    expect(await display.api.customerDisplay()).toMatchObject({ state: 'paid', change_due: 1_000 });

    // The thank-you lasts the setting's seconds on the host's clock, not the machine's.
    const paidCount = views(events).length;
    clock.advance(THANK_YOU_SECONDS * 1000 - 1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(views(events)).toHaveLength(paidCount);
    clock.advance(1);
    view = await nextView(events, paidCount, 'idle after the thank-you');
    expect(view).toMatchObject({ state: 'idle', branch: { name_en: 'Qahwa House Olaya' } });

    // The counter's own screen never heard the display's view.
    expect(views(counterEvents)).toEqual([]);
  });

  it('ends the thank-you when the next sale starts', async () => {
    const { counter, display, products } = await counterWithDisplay();
    const events = heard(display);
    const cart = await counter.api.addItem({ product_id: products[0], quantity: 1 });
    await counter.api.checkout({ payments: [{ method_key: 'CASH', amount: cart.total }] });
    await eventually('the paid view', () => views(events).some((v) => v.state === 'paid'));
    const next = await counter.api.addItem({ product_id: products[1], quantity: 1 });
    await eventually('the next sale', () => views(events).at(-1)?.state === 'cart');
    expect(views(events).at(-1)).toMatchObject({ state: 'cart', total: next.total });
    // The old thank-you's timer no longer turns the display idle under the new sale.
    clock.advance(THANK_YOU_SECONDS * 1000);
    await new Promise((resolve) => setImmediate(resolve));
    expect(views(events).at(-1)?.state).toBe('cart');
    expect((await display.api.customerDisplay()).state).toBe('cart');
  });

  it('a voided cart takes the display back to idle at once', async () => {
    const { counter, display, products } = await counterWithDisplay();
    const events = heard(display);
    await counter.api.addItem({ product_id: products[0], quantity: 1 });
    await eventually('the cart', () => views(events).at(-1)?.state === 'cart');
    await counter.api.voidCart();
    await eventually('idle', () => views(events).at(-1)?.state === 'idle');
  });
});

describe('a customer display is a screen, not a till', () => {
  it('can neither sell nor read the cart, orders, tabs or other stations; a counter cannot ask for a display view', async () => {
    const { counter, display, products } = await counterWithDisplay();
    for (const call of [
      () => display.api.addItem({ product_id: products[0], quantity: 1 }),
      () => display.api.checkout({ payments: [{ method_key: 'CASH', amount: 100 }] }),
      () => display.api.cart(),
      () => display.api.orders({}),
      () => display.api.tabs(),
      () => display.api.stations(),
      () => display.api.staffState(),
      () => display.api.session(),
      () => display.api.setDisplayCounter({ code: 'D', counter: null }),
      () => display.api.unlock({ cashier_id: 'x', pin: '2468' }),
    ] as (() => Promise<unknown>)[]) {
      const refused = await refusal(call());
      expect(refused).toBeInstanceOf(TillError);
      expect(refused).toMatchObject({ code: 'not_allowed', reason: { code: 'station.displayOnly', params: { code: 'D' } } });
    }
    // Its own station and its view it may read.
    expect((await display.api.thisStation()).kind).toBe('customer_display');
    expect(await refusal(counter.api.customerDisplay())).toMatchObject({ reason: { code: 'customerDisplay.notADisplay' } });
  });

  it('hears only its own view: not the events every counter hears, not another display’s', async () => {
    const { counter, display, products } = await counterWithDisplay();
    addStation(web.db, { name: 'Counter B', code: 'B' }, clock.now());
    addStation(web.db, { name: 'Screen E', code: 'E', kind: 'customer_display', shows_cart_of: 'B' }, clock.now());
    const other = await web.connect({ origin: web.origin, cookie: await pairDevice(web, 'E') });
    const events = heard(display);
    const otherEvents = heard(other);
    const counterEvents = heard(counter);
    // A tab opened at A is a broadcast (`tab`) to every counter; the display hears none of it.
    const tab = await counter.api.openTab({ label: 'Window seat' });
    await counter.api.addRound({ tab_id: tab.id, version: tab.version, lines: [{ product_id: products[0], quantity: 1 }] });
    await counter.api.addItem({ product_id: products[0], quantity: 1 });
    await eventually('the cart on D', () => views(events).length > 0);
    await eventually('the tab on the counter', () => counterEvents.some((e) => e.type === 'tab'));
    expect(events.every((e) => e.type === 'customer-display')).toBe(true);
    expect(otherEvents).toEqual([]);
    expect((await other.api.customerDisplay()).state).toBe('idle');
  });

  it('a manager points a display at another counter (till API and store), and it shows that one at once', async () => {
    const { counter, display, products } = await counterWithDisplay();
    addStation(web.db, { name: 'Counter B', code: 'B' }, clock.now());
    const events = heard(display);
    await counter.api.addItem({ product_id: products[0], quantity: 1 });
    await eventually('A’s cart', () => views(events).at(-1)?.state === 'cart');
    const stations = await counter.api.setDisplayCounter({ code: 'D', counter: 'B' });
    expect(stations.find((s) => s.code === 'D')?.shows_cart_of).toBe('B');
    await eventually('B’s (empty) cart', () => views(events).at(-1)?.counter?.code === 'B');
    expect(views(events).at(-1)?.state).toBe('idle');
    // Only a counter in use, and only for a customer display.
    expect(await refusal(counter.api.setDisplayCounter({ code: 'D', counter: 'D' }))).toMatchObject({ reason: { code: 'station.notACounter' } });
    expect(await refusal(counter.api.setDisplayCounter({ code: 'B', counter: 'A' }))).toMatchObject({ reason: { code: 'station.notCustomerDisplay' } });
  });
});
