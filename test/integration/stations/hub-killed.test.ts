import Database from 'better-sqlite3';
import type { WebSocket } from 'ws';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CartView, OrderView } from '../../../src-shared/selling/index.ts';
import type { TillApi } from '../../../src-shared/api/index.ts';
import { emulatedService, type EmulatedService } from '../../support/emulated-service.ts';
import { browserStation, startServeHub, type ServeHub } from '../../support/serve-hub.ts';
import { threeServedStations } from './station-branch.ts';

// Issue 20: the hub (`pos serve`, its own process) is killed with SIGKILL
// while three stations have carts open and one payment is on its way.
// Restarted on the same file: every open cart is still there, line for line;
// every order the stations heard "paid" is there once, the payment in flight
// is either an order or still its cart (never both, never neither), and the
// one outbox uploads each order once. The carts are looked for in the hub's
// file (station_carts, by station code); the browsers' sessions from the
// launch URL end with the hub process (station-binding.test.ts shows a
// station's screens finding their carts after a restart).

let service: EmulatedService;
let hub: ServeHub | null = null;
const sockets: WebSocket[] = [];

beforeEach(async () => {
  service = await emulatedService({ seed: 25 });
});
afterEach(async () => {
  sockets.splice(0).forEach((s) => s.terminate());
  await hub?.stop();
  hub = null;
  await service.close();
});

/** A browser at a station (`code`: the one it chose, as its till_station cookie; none: the first counter). */
const station = (at: ServeHub, code?: string): Promise<TillApi> => browserStation(at, code, sockets);

const linesOf = (cart: Pick<CartView, 'lines'>) => cart.lines.map((l) => [l.product_id, l.quantity]);

describe('the hub killed with open carts on three stations', () => {
  it('comes back with every cart, every paid order once, and the payment in flight recorded once or not at all', { timeout: 240_000 }, async () => {
    const dbFile = service.dir.file('hub.db');
    hub = await startServeHub(dbFile);
    const { stations, products } = await threeServedStations(hub, service, sockets);

    // Two sales each, all three at once; the hub answered "paid" for these.
    const paid: OrderView[] = [];
    for (let round = 0; round < 2; round++) {
      const carts = await Promise.all(stations.map((api, i) => api.addItem({ product_id: products[i]!, quantity: round + 1 })));
      paid.push(...(await Promise.all(stations.map((api, i) => api.checkout({ payments: [{ method_key: 'CASH', amount: carts[i]!.total }] })))));
    }
    // Then each opens a cart; the third station's payment leaves just as the hub dies.
    const open: CartView[] = [];
    for (const [i, api] of stations.entries()) {
      await api.addItem({ product_id: products[3 + i]!, quantity: i + 2 });
      open.push(await api.addItem({ product_id: products[6 + i]!, quantity: 1 }));
    }
    const inFlight = stations[2]!.checkout({ payments: [{ method_key: 'CASH', amount: open[2]!.total }] }).catch((error: unknown) => error);
    const died = new Promise((done) => hub!.child.once('exit', done));
    hub.child.kill('SIGKILL');
    await died;
    await inFlight;

    hub = await startServeHub(dbFile);
    const db = new Database(dbFile, { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const orders = db.prepare('SELECT uuid, number, business_day FROM orders').all() as { uuid: string; number: string; business_day: string }[];
      const uuids = new Set(orders.map((o) => o.uuid));
      // Every order announced is there, once.
      for (const order of paid) expect(uuids.has(order.uuid), order.number).toBe(true);
      expect(new Set(orders.map((o) => `${o.business_day} ${o.number}`)).size).toBe(orders.length);
      // As the hub keeps them (a row per line in station_cart_lines, by station, of the station's current cart: migration 0031): each line's product and quantity.
      const rows = db
        .prepare(
          `SELECT l.station, l.line FROM station_cart_lines l
           WHERE l.cart_no = coalesce((SELECT c.cart_no FROM station_carts c WHERE c.station = l.station), 0) ORDER BY l.station, l.position`,
        )
        .all() as { station: string; line: string }[];
      const byStation = new Map<string, [string, number][]>();
      for (const row of rows) {
        const line = JSON.parse(row.line) as { product: { id: string }; quantity: number };
        byStation.set(row.station, [...(byStation.get(row.station) ?? []), [line.product.id, line.quantity]]);
      }
      const kept = [...byStation.values()];
      // The first two stations' carts are kept line for line.
      expect(kept).toContainEqual(linesOf(open[0]!));
      expect(kept).toContainEqual(linesOf(open[1]!));
      // The third: an order (the payment committed before the kill) or its cart, never both and never neither.
      const third = linesOf(open[2]!);
      const thirdPaid = orders.length === paid.length + 1;
      expect(orders.length === paid.length || thirdPaid).toBe(true);
      expect(kept.filter((lines) => JSON.stringify(lines) === JSON.stringify(third))).toHaveLength(thirdPaid ? 0 : 1);
      expect(kept).toHaveLength(thirdPaid ? 2 : 3);
      const outbox = db.prepare('SELECT order_uuid, count(*) AS n FROM outbox GROUP BY order_uuid').all() as { order_uuid: string; n: number }[];
      expect(outbox.map((row) => row.n)).toEqual(orders.map(() => 1));

      // The restarted hub uploads what is pending: the service holds each order once.
      const again = await station(hub);
      await again.syncNow();
      await expect.poll(async () => (await again.syncStatus()).pending, { timeout: 120_000 }).toBe(0);
      expect(new Set(service.emulator.orders.keys())).toEqual(uuids);
      expect((await again.syncStatus()).synced).toBe(orders.length);
    } finally {
      db.close();
    }
  });
});
