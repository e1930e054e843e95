import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TillEvent } from '../../../src-shared/api/index.ts';
import { fdatasyncByPath, openDatabase } from '../../../src-main/db/index.ts';
import { addStation } from '../../../src-main/stations/index.ts';
import type { TillConnection } from '../../../src-renderer/transport/till-connection.ts';
import { emulatedService, type EmulatedService } from '../../support/emulated-service.ts';
import { eventually, ManualClock } from '../../support/manual-clock.ts';
import { addTabletStation, pairDevice, startWebHost, typePairingCode, type WebHost } from '../../support/till-web-host.ts';

// Issue 37, group commit: the hub's till connection commits at synchronous =
// NORMAL, so a commit is not on disk when SQLite returns; what a screen is
// told must wait until it is. A real hub (HTTP and WebSockets on loopback,
// its SQLite file, composed by pairTill as `pos serve` composes it), counter
// A a manager's browser, its customer display D a paired tablet. The sync of
// the -wal is the test's: while it is held, the counter's call is not
// answered and the display hears nothing; once it completes, both go out.

let service: EmulatedService;
let web: WebHost;
let holding = false;
const held: { release: () => void }[] = [];

beforeEach(async () => {
  holding = false;
  held.length = 0;
  service = await emulatedService({ seed: 37 });
  web = await startWebHost(service, {
    pairing: true,
    clock: new ManualClock(Date.UTC(2026, 10, 30, 9, 0)),
    syncWal: (path) => (holding ? new Promise<void>((release) => held.push({ release })) : fdatasyncByPath(path)),
  });
});
afterEach(async () => {
  holding = false;
  held.splice(0).forEach((sync) => sync.release());
  await web.close();
  await service.close();
});

/** Counter A with Huda's shift open, its customer display D, and products to ring up. */
async function counterWithDisplay() {
  const counter = await web.connect({ origin: web.origin, cookie: await web.managerCookie() });
  await counter.api.signIn({ base_url: service.emulator.baseUrl, token: service.emulator.token });
  await counter.api.addCashier({ name: 'Huda', role: 'manager', pin: '2468' });
  await counter.api.openShift({ float: 10_000 });
  addStation(web.db, { name: 'Customer screen', code: 'D', kind: 'customer_display', shows_cart_of: 'A' }, Date.now());
  const display = await web.connect({ origin: web.origin, cookie: await pairDevice(web, 'D') });
  const cards = (await counter.api.search({ query: 'a', limit: 200 })).filter((p) => !p.requires_choice && p.price !== null);
  return { counter, display, products: cards.map((p) => p.id) };
}

function heard(connection: TillConnection): TillEvent[] {
  const events: TillEvent[] = [];
  connection.onEvent((event) => events.push(event));
  return events;
}

/** The hub has had every chance to answer: its loop has turned, and a request to it went there and back on loopback. */
async function hubHadItsTurns(): Promise<void> {
  for (let turn = 0; turn < 10; turn++) await new Promise((next) => setImmediate(next));
  const where = await fetch(`${web.origin}/standby/where`);
  expect(where.status).toBe(200);
  for (let turn = 0; turn < 10; turn++) await new Promise((next) => setImmediate(next));
}

/** Starts `call` with the disk's syncs held; checks that neither its answer nor any event went out; lets the syncs go; returns the answer. */
async function heldUntilSynced<T>(call: () => Promise<T>, events: TillEvent[]): Promise<T> {
  const eventsBefore = events.length;
  holding = true;
  let answered = false;
  const answer = call().finally(() => (answered = true));
  await eventually('the hub asks the disk to sync the commit', () => held.length > 0);
  await hubHadItsTurns();
  expect(answered).toBe(false);
  expect(events.length).toBe(eventsBefore);
  holding = false;
  held.splice(0).forEach((sync) => sync.release());
  const result = await answer;
  await eventually('the display hears of it', () => events.length > eventsBefore);
  return result;
}

describe('group commit on the hub, over its WebSockets', () => {
  it('the hub commits at synchronous = NORMAL; any other connection to the file (the CLI opens it the same way) stays FULL', () => {
    expect(web.db.pragma('synchronous', { simple: true })).toBe(1);
    const cli = openDatabase(web.db.name);
    try {
      expect(cli.pragma('synchronous', { simple: true })).toBe(2);
    } finally {
      cli.close();
    }
  });

  it('a tap is answered, and its cart shown on the display, only once its commit is on disk', async () => {
    const { counter, display, products } = await counterWithDisplay();
    const events = heard(display);
    const cart = await heldUntilSynced(() => counter.api.addItem({ product_id: products[0]!, quantity: 1 }), events);
    expect(cart.lines).toHaveLength(1);
    expect(events.at(-1)).toMatchObject({ type: 'customer-display', view: { state: 'cart', total: cart.total } });
  });

  it('a checkout is answered "paid", and the display shows it paid, only once the sale is on disk', async () => {
    const { counter, display, products } = await counterWithDisplay();
    const events = heard(display);
    const cart = await counter.api.addItem({ product_id: products[0]!, quantity: 2 });
    await eventually('the cart on the display', () => events.some((e) => e.type === 'customer-display' && e.view.state === 'cart'));
    const order = await heldUntilSynced(
      () => counter.api.checkout({ payments: [{ method_key: 'CASH', amount: cart.total }], cash_tendered: cart.total }),
      events,
    );
    expect(order.total).toBe(cart.total);
    await eventually('the paid view', () => events.some((e) => e.type === 'customer-display' && e.view.state === 'paid'));
  });

  it('a read with nothing new committed is answered without waiting for the disk', async () => {
    const { counter } = await counterWithDisplay();
    await counter.api.cart();
    holding = true;
    const before = held.length;
    await expect(counter.api.categories()).resolves.toBeInstanceOf(Array);
    expect(held.length).toBe(before);
  });

  it('a device is told it paired (its cookie) only once its row is on disk', async () => {
    const { code } = web.access.pairing!.issue(addTabletStation(web.db));
    holding = true;
    let answered = false;
    const answer = typePairingCode(web, code).finally(() => (answered = true));
    await eventually('the hub asks the disk to sync the new device', () => held.length > 0);
    await hubHadItsTurns();
    expect(answered).toBe(false);
    holding = false;
    held.splice(0).forEach((sync) => sync.release());
    expect((await answer).status).toBe(303);
  });
});
