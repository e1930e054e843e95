import { describe, expect, it } from 'vitest';
import { type TillApi } from '../../../src-shared/api/index.ts';
import { TillError } from '../../../src-shared/errors/index.ts';
import { ELECTRON_WINDOW, EventHub, TillHost, tillFacade } from '../../../src-main/host/index.ts';
import { FileSecretStore } from '../../../src-main/secrets/index.ts';
import { pairDevice } from '../../support/till-web-host.ts';
import { pairingHubPerTest } from '../../support/pairing-hub.ts';

// Issue 20, part 1: two browsers on one `pos serve` shared one cart and one
// signed-in cashier. Each connection is now a station with its own session.

const MANAGER_PIN = '2468';
const SARA_PIN = '1357';

const hub = pairingHubPerTest(20);

async function pairedScreen(cookie?: string): Promise<TillApi> {
  return (await hub.web.connect({ origin: hub.web.origin, cookie: cookie ?? (await pairDevice(hub.web)) })).api;
}

/** A branch with a manager (Huda, signed in on the manager screen), a cashier (Sara) and an open shift. */
async function branch() {
  const manager = await hub.managerScreen();
  await manager.signIn({ base_url: hub.service.emulator.baseUrl, token: hub.service.emulator.token });
  const huda = await manager.addCashier({ name: 'Huda', role: 'manager', pin: MANAGER_PIN });
  const sara = await manager.addCashier({ name: 'Sara', role: 'cashier', pin: SARA_PIN });
  await manager.openShift({ float: 10_000 });
  const products = (await manager.search({ query: 'a', limit: 200 })).filter((p) => !p.requires_choice).slice(0, 2);
  return { manager, huda, sara, products: products.map((p) => p.id) };
}

describe('every screen of a branch is its own till', () => {
  it('keeps carts and signed-in cashiers apart between two screens, and each checkout takes only its own items', async () => {
    const { manager, huda, sara, products } = await branch();
    const [first, second] = products as [string, string];
    const device = await pairedScreen();

    const a = await manager.addItem({ product_id: first, quantity: 1 });
    expect(a.lines).toHaveLength(1);
    expect((await device.cart()).lines).toHaveLength(0);

    // The device signing in as Sara does not turn the manager screen's cashier into Sara.
    expect((await device.staffState()).cashier).toBeNull();
    await device.unlock({ cashier_id: sara.id, pin: SARA_PIN });
    expect((await device.staffState()).cashier?.name).toBe('Sara');
    // Its own station, its own drawer: the manager's shift is not the device's.
    await device.openShift({ float: 10_000 });
    expect((await manager.staffState()).cashier?.name).toBe('Huda');

    const b = await device.addItem({ product_id: second, quantity: 3 });
    expect(b.lines.map((l) => l.product_id)).toEqual([second]);
    expect((await manager.cart()).lines.map((l) => l.product_id)).toEqual([first]);

    const orderA = await manager.checkout({ payments: [{ method_key: 'CASH', amount: a.total }] });
    expect(orderA.lines.map((l) => l.product_id)).toEqual([first]);
    expect(orderA.cashier_id).toBe(huda.id);
    // The device's cart is untouched by the other screen's payment.
    expect((await device.cart()).lines).toHaveLength(1);
    const orderB = await device.checkout({ payments: [{ method_key: 'CASH', amount: b.total }] });
    expect(orderB.lines.map((l) => [l.product_id, l.quantity])).toEqual([[second, 3]]);
    expect(orderB.cashier_id).toBe(sara.id);

    // Locking one screen locks only that one.
    await device.lock();
    expect((await manager.staffState()).cashier?.name).toBe('Huda');
  });

  it('a manager signed in on one screen approves nothing on another', async () => {
    const { manager, sara, products } = await branch();
    const device = await pairedScreen();
    await device.unlock({ cashier_id: sara.id, pin: SARA_PIN });
    await device.openShift({ float: 10_000 });
    const cart = await device.addItem({ product_id: products[0]!, quantity: 1 });
    const order = await device.checkout({ payments: [{ method_key: 'CASH', amount: cart.total }] });
    // Huda is signed in on the manager screen; the device's refund still needs her PIN.
    expect((await manager.staffState()).cashier?.role).toBe('manager');
    const refused = await device.refund({ uuid: order.uuid, reason: 'test' }).catch((error: unknown) => error as TillError);
    expect(refused).toBeInstanceOf(TillError);
    expect((refused as TillError).code).toBe('not_allowed');
  });

  it('a screen that reconnects (a reload, a Wi-Fi drop) finds its cart', async () => {
    const { products } = await branch();
    const cookie = await pairDevice(hub.web);
    const before = await pairedScreen(cookie);
    await before.addItem({ product_id: products[0]!, quantity: 2 });
    await before.setOrderType({ type: 'DINE_IN', table_id: null });
    const other = await pairedScreen();
    await other.addItem({ product_id: products[1]!, quantity: 1 });

    const again = await pairedScreen(cookie);
    const cart = await again.cart();
    expect(cart.lines.map((l) => [l.product_id, l.quantity])).toEqual([[products[0], 2]]);
    expect(cart.order_type).toBe('DINE_IN');
    expect((await other.cart()).lines.map((l) => l.product_id)).toEqual([products[1]]);
  });

  it('the open carts are in the database: a restarted hub gives each station its cart, and a paid cart does not come back', async () => {
    const { products } = await branch();
    const window = tillFacade(hub.web.host, { client: ELECTRON_WINDOW, authorizer: hub.web.host.authorizer });
    const counter = tillFacade(hub.web.host, { client: { kind: 'local', id: 'counter-b', address: null }, authorizer: hub.web.host.authorizer });
    await window.addItem({ product_id: products[0]!, quantity: 2 });
    const paid = await counter.addItem({ product_id: products[1]!, quantity: 1 });
    await counter.unlock({ cashier_id: (await counter.cashiers()).find((c) => c.name === 'Sara')!.id, pin: SARA_PIN });
    await counter.checkout({ payments: [{ method_key: 'CASH', amount: paid.total }] });
    await counter.addItem({ product_id: products[0]!, quantity: 5 });

    // A second host on the same file, as after a restart (no state carried over in memory).
    const restarted = new TillHost({ db: hub.web.db, events: new EventHub(), secrets: new FileSecretStore(hub.web.db) });
    const windowAfter = tillFacade(restarted, { client: ELECTRON_WINDOW, authorizer: restarted.authorizer });
    const counterAfter = tillFacade(restarted, { client: { kind: 'local', id: 'counter-b', address: null }, authorizer: restarted.authorizer });
    expect((await windowAfter.cart()).lines.map((l) => [l.product_id, l.quantity])).toEqual([[products[0], 2]]);
    expect((await counterAfter.cart()).lines.map((l) => [l.product_id, l.quantity])).toEqual([[products[0], 5]]);
    // The sign-in is not kept: a restarted hub asks for the PIN again.
    expect((await counterAfter.staffState()).cashier).toBeNull();
    await restarted.stop();
  });
});
