import { describe, expect, it } from 'vitest';
import { type TillApi, type TransportEnvelope } from '../../../src-shared/api/index.ts';
import { TillError } from '../../../src-shared/errors/index.ts';
import { connectChannel } from '../../../src-renderer/transport/connect-channel.ts';
import { pairDevice } from '../../support/till-web-host.ts';
import { ensureShift, threeStations } from './station-branch.ts';
import { pairingHubPerTest } from '../../support/pairing-hub.ts';

// Issue 20: a station whose Wi-Fi drops mid-sale (its socket cut, not
// closed) reconnects and finds its cart and its cashier, while the other
// stations sell on. A payment cut off before its answer is neither lost nor
// taken twice: the paid cart is gone with the order, so paying again finds
// nothing to pay.

const hub = pairingHubPerTest(22);

/** A tablet's connection whose socket the test can cut as a dropped Wi-Fi does (no closing handshake). */
async function tablet(cookie: string): Promise<{ api: TillApi; cut: () => Promise<void> }> {
  const socket = await hub.web.rawSocket({ origin: hub.web.origin, cookie });
  const connection = connectChannel({
    send: (envelope: TransportEnvelope) => socket.send(JSON.stringify(envelope)),
    onReceive: (listener) => void socket.on('message', (data) => listener(JSON.parse(String(data)) as TransportEnvelope)),
    onClose: (listener) => void socket.once('close', listener),
    close: () => socket.close(),
  });
  const closed = new Promise<void>((done) => socket.once('close', () => done()));
  return {
    api: connection.api,
    cut: async () => {
      socket.terminate();
      await closed;
    },
  };
}

/** The three stations, and a tablet paired beside them (its socket cuttable) with its own cashier, Lina, signed in and its drawer open. */
async function branchWithTablet() {
  const { stations, products } = await threeStations(hub.web, hub.service);
  const cookie = await pairDevice(hub.web);
  const before = await tablet(cookie);
  // Sara and Omar are signed in at B and C, and a cashier works at one station at a time: the tablet gets its own.
  const lina = await stations[0]!.api.addCashier({ name: 'Lina', role: 'cashier', pin: '9753' });
  await before.api.unlock({ cashier_id: lina.id, pin: '9753' });
  await ensureShift(before.api);
  return { stations, products, cookie, before, lina };
}

describe('a station that loses its connection mid-sale', () => {
  it('reconnects to its own cart and cashier while the other stations sell on', { timeout: 120_000 }, async () => {
    const { stations, products, cookie, before, lina } = await branchWithTablet();
    await before.api.addItem({ product_id: products[0]!, quantity: 2 });
    await before.api.addItem({ product_id: products[1]!, quantity: 1 });
    await before.api.setOrderType({ type: 'TAKEAWAY', table_id: null });

    await before.cut();
    // While it is away the others ring up and pay.
    for (const [i, station] of stations.entries()) {
      const cart = await station.api.addItem({ product_id: products[2 + i]!, quantity: 1 });
      await station.api.checkout({ payments: [{ method_key: 'CASH', amount: cart.total }] });
    }

    const after = await tablet(cookie);
    const cart = await after.api.cart();
    expect(cart.lines.map((l) => [l.product_id, l.quantity])).toEqual([
      [products[0], 2],
      [products[1], 1],
    ]);
    expect(cart.order_type).toBe('TAKEAWAY');
    expect((await after.api.staffState()).cashier?.id).toBe(lina.id);
    const order = await after.api.checkout({ payments: [{ method_key: 'CASH', amount: cart.total }] });
    expect(order.cashier_id).toBe(lina.id);
    expect(order.lines.map((l) => l.product_id)).toEqual([products[0], products[1]]);
  });

  it('a payment cut off before its answer is recorded once: paying again finds the cart already paid', { timeout: 120_000 }, async () => {
    const { products, cookie, before } = await branchWithTablet();
    const cart = await before.api.addItem({ product_id: products[4]!, quantity: 3 });
    const count = () => (hub.web.db.prepare('SELECT count(*) AS n FROM orders').get() as { n: number }).n;
    const ordersBefore = count();

    // The payment leaves, and the connection drops before any answer can come back.
    const lost = before.api.checkout({ payments: [{ method_key: 'CASH', amount: cart.total }] });
    void lost.catch(() => undefined);
    await before.cut();

    const after = await tablet(cookie);
    // The hub finished what reached it (or never saw it): either way one answer decides.
    const reopened = await after.api.cart();
    if (reopened.lines.length > 0) {
      expect(count()).toBe(ordersBefore);
      await after.api.checkout({ payments: [{ method_key: 'CASH', amount: reopened.total }] });
    } else {
      const retried = await after.api.checkout({ payments: [{ method_key: 'CASH', amount: cart.total }] }).catch((error: unknown) => error);
      expect(retried).toBeInstanceOf(TillError);
      expect((retried as TillError).code).toBe('empty_cart');
    }
    expect(count()).toBe(ordersBefore + 1);
    const outbox = hub.web.db.prepare('SELECT count(*) AS n FROM outbox').get() as { n: number };
    expect(outbox.n).toBe(count());
  });
});
