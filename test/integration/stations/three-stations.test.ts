import { describe, expect, it } from 'vitest';
import type { OrderView } from '../../../src-shared/selling/index.ts';
import { expectNumbersGaplessPerStation, threeStations } from './station-branch.ts';
import { pairingHubPerTest } from '../../support/pairing-hub.ts';

// Issue 20, "Tests and figures": three stations of one hub selling at once
// over real WebSockets. Carts and cashiers stay apart, every order is its
// station's (its cashier, its drawer's shift, its numbers), numbers are unique
// and gapless, and the one outbox uploads each order once.

const hub = pairingHubPerTest(21);

const SALES_PER_STATION = 4;

describe('three stations selling at once', () => {
  it('keeps carts and cashiers apart, files each order under its station, and uploads each once', { timeout: 120_000 }, async () => {
    const { stations, products } = await threeStations(hub.web, hub.service);
    // Station i rings up its own two products; nobody else ever taps them.
    const own = stations.map((_, i) => [products[2 * i]!, products[2 * i + 1]!]);
    const orders = new Map<string, OrderView[]>(stations.map((s) => [s.name, []]));

    for (let sale = 0; sale < SALES_PER_STATION; sale++) {
      // Every tap of every station in flight together, interleaved on the hub.
      await Promise.all(
        stations.map(async (station, i) => {
          await station.api.addItem({ product_id: own[i]![0]!, quantity: i + 1 });
          await station.api.addItem({ product_id: own[i]![1]!, quantity: 1 });
        }),
      );
      const carts = await Promise.all(stations.map((s) => s.api.cart()));
      carts.forEach((cart, i) => {
        expect(
          cart.lines.map((l) => [l.product_id, l.quantity]),
          stations[i]!.name,
        ).toEqual([
          [own[i]![0], i + 1],
          [own[i]![1], 1],
        ]);
      });
      // Each screen's cashier is its own, whatever the others signed in as.
      const staff = await Promise.all(stations.map((s) => s.api.staffState()));
      expect(staff.map((s) => s.cashier?.id)).toEqual(stations.map((s) => s.cashierId));

      // All three pay at once.
      const paid = await Promise.all(stations.map((s, i) => s.api.checkout({ payments: [{ method_key: 'CASH', amount: carts[i]!.total }] })));
      paid.forEach((order, i) => orders.get(stations[i]!.name)!.push(order));
      const after = await Promise.all(stations.map((s) => s.api.cart()));
      expect(after.map((c) => c.lines.length)).toEqual([0, 0, 0]);
    }

    const drawers = await Promise.all(stations.map((s) => s.api.staffState()));
    const shiftOf = hub.web.db.prepare('SELECT shift_id FROM orders WHERE uuid = ?');
    stations.forEach((station, i) => {
      for (const order of orders.get(station.name)!) {
        expect(
          order.lines.map((l) => l.product_id),
          station.name,
        ).toEqual(own[i]);
        expect(order.cashier_id, station.name).toBe(station.cashierId);
        // The cash went into this station's drawer (its open shift).
        expect((shiftOf.get(order.uuid) as { shift_id: string }).shift_id, station.name).toBe(drawers[i]!.shift!.id);
      }
    });
    expectNumbersGaplessPerStation(orders);
    const all = [...orders.values()].flat();
    expect(new Set(all.map((o) => o.number)).size).toBe(all.length);

    // One outbox, one entry per order; the upload sends each order once and the service holds each once.
    const outbox = hub.web.db.prepare('SELECT order_uuid, count(*) AS n FROM outbox GROUP BY order_uuid').all() as { order_uuid: string; n: number }[];
    expect(outbox.map((row) => row.n)).toEqual(all.map(() => 1));
    expect(new Set(outbox.map((row) => row.order_uuid))).toEqual(new Set(all.map((o) => o.uuid)));
    await stations[0]!.api.syncNow();
    await expect.poll(async () => (await stations[0]!.api.syncStatus()).pending, { timeout: 60_000 }).toBe(0);
    const status = await stations[0]!.api.syncStatus();
    expect(status.synced).toBe(all.length);
    expect(status.rejected).toBe(0);
    expect(new Set(hub.service.emulator.orders.keys())).toEqual(new Set(all.map((o) => o.uuid)));
    const uploadedNumbers = [...hub.service.emulator.orders.values()].map((r) => String(r.order.number));
    expect(uploadedNumbers.sort()).toEqual(all.map((o) => o.number).sort());
  });
});
