import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ShiftView } from '../../../src-shared/shifts/index.ts';
import { type OrderView } from '../../../src-shared/selling/index.ts';
import { type TillApi } from '../../../src-shared/api/index.ts';
import { TillError } from '../../../src-shared/errors/index.ts';
import { MESSAGES_AR, MESSAGES_EN } from '../../../src-shared/i18n/index.ts';
import { ELECTRON_WINDOW, tillFacade } from '../../../src-main/host/index.ts';
import { addStation } from '../../../src-main/stations/index.ts';
import { emulatedService, type EmulatedService } from '../../support/emulated-service.ts';
import { startWebHost, type WebHost } from '../../support/till-web-host.ts';

// Issue 20, parts 3 and 4: every station is its own drawer and its own
// order numbers. Three counters of one hub (the host's window is the first
// counter, A; B and C are stations of the registry) sell at once: each
// order is numbered in its station's own gapless sequence of the day and
// filed under its station, cashier and drawer; the one outbox uploads each
// order once; X and Z are per station, and the day report sums them and
// shows each.

const PINS = { huda: '2468', sara: '1357', omar: '8642' } as const;

let service: EmulatedService;
let web: WebHost;

beforeEach(async () => {
  service = await emulatedService({ seed: 22 });
  web = await startWebHost(service);
});
afterEach(async () => {
  await web.close();
  await service.close();
});

/** A screen bound to station `code` (as a paired tablet is), through the host's authorizer like any connection. */
function stationScreen(code: string): TillApi {
  return tillFacade(web.host, { client: { kind: 'paired-device', id: `tablet-${code}`, address: null }, station: code, authorizer: web.host.authorizer });
}

async function branch() {
  const a = tillFacade(web.host, { client: ELECTRON_WINDOW, authorizer: web.host.authorizer });
  await a.signIn({ base_url: service.emulator.baseUrl, token: service.emulator.token });
  const huda = await a.addCashier({ name: 'Huda', role: 'manager', pin: PINS.huda });
  const sara = await a.addCashier({ name: 'Sara', role: 'cashier', pin: PINS.sara });
  const omar = await a.addCashier({ name: 'Omar', role: 'cashier', pin: PINS.omar });
  addStation(web.db, { name: 'Counter B', code: 'B' }, Date.now());
  addStation(web.db, { name: 'Counter C', code: 'C' }, Date.now());
  const b = stationScreen('B');
  const c = stationScreen('C');
  await b.unlock({ cashier_id: sara.id, pin: PINS.sara });
  await c.unlock({ cashier_id: omar.id, pin: PINS.omar });
  const cards = (await a.search({ query: 'a', limit: 200 })).filter((p) => !p.requires_choice).slice(0, 50);
  const products = cards.filter((p) => p.price !== null).map((p) => p.id);
  return { a, b, c, huda, sara, omar, products };
}

function caught(promise: Promise<unknown>): Promise<TillError> {
  return promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (error: unknown) => error as TillError,
  );
}

describe('drawers and order numbers per station', () => {
  it(
    'three stations selling at once: numbers gapless per station, each order under its station, cashier and drawer, each uploaded once',
    { timeout: 120_000 },
    async () => {
      const { a, b, c, huda, sara, omar, products } = await branch();
      const screens = [
        { code: 'A', api: a, cashier: huda.id, float: 10_000 },
        { code: 'B', api: b, cashier: sara.id, float: 20_000 },
        { code: 'C', api: c, cashier: omar.id, float: 30_000 },
      ];
      // B opens while A has one open: a shift is one station's drawer.
      const shifts: ShiftView[] = [];
      for (const s of screens) shifts.push(await s.api.openShift({ float: s.float }));
      expect(shifts.map((s) => [s.station, s.float])).toEqual([
        ['A', 10_000],
        ['B', 20_000],
        ['C', 30_000],
      ]);
      expect(new Set(shifts.map((s) => s.id)).size).toBe(3);

      const ROUNDS = 5;
      const orders = new Map<string, OrderView[]>(screens.map((s) => [s.code, []]));
      for (let round = 0; round < ROUNDS; round++) {
        // Every station's taps and payments in flight together, interleaved on the hub.
        const paid = await Promise.all(
          screens.map(async (s, i) => {
            const cart = await s.api.addItem({ product_id: products[(round + i) % products.length]!, quantity: i + 1 });
            return s.api.checkout({ payments: [{ method_key: 'CASH', amount: cart.total }] });
          }),
        );
        paid.forEach((order, i) => orders.get(screens[i]!.code)!.push(order));
      }

      screens.forEach((s, i) => {
        const mine = orders.get(s.code)!;
        // Unique and gapless per station and day, in the order each station paid.
        expect(mine.map((o) => o.number)).toEqual(Array.from({ length: ROUNDS }, (_, n) => `${s.code}-${String(n + 1).padStart(3, '0')}`));
        for (const order of mine) {
          expect(order).toMatchObject({ station: s.code, cashier_id: s.cashier, shift_id: shifts[i]!.id });
        }
      });
      const all = [...orders.values()].flat();
      expect(new Set(all.map((o) => o.number)).size).toBe(all.length);
      // The database agrees, and a second order with the same station number could not be written.
      const rows = web.db.prepare('SELECT station, station_sequence, number FROM orders ORDER BY seq').all() as {
        station: string;
        station_sequence: number;
        number: string;
      }[];
      expect(rows).toHaveLength(all.length);
      for (const row of rows) expect(row.number).toBe(`${row.station}-${String(row.station_sequence).padStart(3, '0')}`);

      // One outbox: one entry per order, whichever station sold it, each sent once ('created', never a resend's 'duplicate').
      const outbox = web.db.prepare('SELECT order_uuid, service_status FROM outbox').all() as { order_uuid: string; service_status: string | null }[];
      expect(new Set(outbox.map((r) => r.order_uuid))).toEqual(new Set(all.map((o) => o.uuid)));
      expect(outbox).toHaveLength(all.length);
      await a.syncNow();
      await expect.poll(async () => (await a.syncStatus()).pending, { timeout: 60_000 }).toBe(0);
      expect(await a.syncStatus()).toMatchObject({ synced: all.length, rejected: 0 });
      const statuses = web.db.prepare('SELECT service_status FROM outbox').all() as { service_status: string }[];
      expect(statuses.every((r) => r.service_status === 'created')).toBe(true);
      expect(service.emulator.orders.size).toBe(all.length);
      expect([...service.emulator.orders.values()].map((r) => String(r.order.number)).sort()).toEqual(all.map((o) => o.number).sort());

      // X per station: each drawer holds its float and its own cash sales only.
      const cashOf = (code: string) => orders.get(code)!.reduce((sum, o) => sum + o.total, 0);
      await b.cashMovement({ kind: 'IN', amount: 500, reason: 'change from the bank' });
      const xs = await Promise.all(screens.map((s) => s.api.shiftReport({})));
      expect(xs.map((x) => [x.kind, x.station, x.orders, x.cash_in])).toEqual([
        ['X', 'A', ROUNDS, 0],
        ['X', 'B', ROUNDS, 500],
        ['X', 'C', ROUNDS, 0],
      ]);
      expect(xs.map((x) => x.cash_expected)).toEqual([10_000 + cashOf('A'), 20_000 + cashOf('B') + 500, 30_000 + cashOf('C')]);

      // Z per station: B counts 1.00 short, A exactly; C stays open.
      // A paired station closes its drawer with a manager's PIN (Huda's).
      const zB = await b.closeShift({ counted: xs[1]!.cash_expected - 100, approval: { manager_pin: PINS.huda } });
      const zA = await a.closeShift({ counted: xs[0]!.cash_expected });
      expect([zA.kind, zA.station, zA.over_short, zB.kind, zB.station, zB.over_short]).toEqual(['Z', 'A', 0, 'Z', 'B', -100]);
      expect((await c.staffState()).shift?.id).toBe(shifts[2]!.id);
      expect((await b.staffState()).shift).toBeNull();

      // The business day: every station summed, and each shown.
      const day = await a.dayReport({});
      expect(day.orders).toBe(all.length);
      expect(day.net).toBe(all.reduce((sum, o) => sum + o.total, 0));
      expect(day.stations.map((l) => [l.station, l.shifts, l.orders, l.net, l.cash_expected, l.over_short])).toEqual([
        ['A', 1, ROUNDS, cashOf('A'), xs[0]!.cash_expected, 0],
        ['B', 1, ROUNDS, cashOf('B'), xs[1]!.cash_expected, -100],
        ['C', 1, ROUNDS, cashOf('C'), xs[2]!.cash_expected, null],
      ]);
      expect(day.stations.reduce((sum, l) => sum + l.cash_expected, 0)).toBe(day.cash_expected);
      // C is not counted yet, so neither is the day.
      expect([day.cash_counted, day.over_short]).toEqual([null, null]);
    },
  );

  it('a cashier works at one station at a time, and answers for one drawer at a time', async () => {
    const { a, b, c, sara, omar } = await branch();
    await c.openShift({ float: 5_000 });

    // Omar is signed in at C: B refuses him, in both languages, after his PIN was checked.
    const elsewhere = await caught(b.unlock({ cashier_id: omar.id, pin: PINS.omar }));
    expect(elsewhere.code).toBe('locked');
    expect(elsewhere.reason).toEqual({ code: 'cashier.signedInElsewhere', params: { name: 'Omar', station: 'C' } });
    expect(MESSAGES_EN['reason.cashier.signedInElsewhere']).toContain('{station}');
    expect(MESSAGES_AR['reason.cashier.signedInElsewhere']).toContain('{station}');
    expect((await caught(b.unlock({ cashier_id: omar.id, pin: '0000' }))).code).toBe('wrong_pin');
    // B keeps its own cashier.
    expect((await b.staffState()).cashier?.id).toBe(sara.id);

    // Once C is locked, Omar may sign in at B, but his drawer is still C's open shift.
    await c.lock();
    await b.lock();
    await b.unlock({ cashier_id: omar.id, pin: PINS.omar });
    const second = await caught(b.openShift({ float: 1_000 }));
    expect(second.code).toBe('shift_open');
    expect(second.reason).toEqual({ code: 'shift.cashierHasShift', params: { name: 'Omar', station: 'C' } });
    expect(MESSAGES_AR['reason.shift.cashierHasShift']).toBeTruthy();

    // Sara opens B's drawer; a second shift at B is refused while hers is open.
    await b.lock();
    await b.unlock({ cashier_id: sara.id, pin: PINS.sara });
    const opened = await b.openShift({ float: 1_000 });
    expect(opened.station).toBe('B');
    await b.lock();
    await b.unlock({ cashier_id: omar.id, pin: PINS.omar });
    expect((await caught(b.openShift({ float: 1_000 }))).reason?.code).toBe('shift.stationHasShift');
    // Omar may still sell at B: the sale goes into B's drawer (Sara's shift), under his name.
    const products = (await a.search({ query: 'a', limit: 200 }))
      .filter((p) => !p.requires_choice)
      .slice(0, 5)
      .filter((p) => p.price !== null);
    const cart = await b.addItem({ product_id: products[0]!.id, quantity: 1 });
    const order = await b.checkout({ payments: [{ method_key: 'CASH', amount: cart.total }] });
    expect(order).toMatchObject({ number: 'B-001', station: 'B', shift_id: opened.id, cashier_id: omar.id });
    // The host's own window (A) has no shift: it cannot sell into B's or C's drawer.
    const cartA = await a.addItem({ product_id: products[0]!.id, quantity: 1 });
    expect((await caught(a.checkout({ payments: [{ method_key: 'CASH', amount: cartA.total }] }))).code).toBe('no_shift');
  });
});
