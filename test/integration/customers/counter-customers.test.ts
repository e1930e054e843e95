import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../../emulator/index.ts';
import { tillUploadKinds, UploadEngine } from '../../../src-main/sync/push/index.ts';
import { readCounterCustomer } from '../../../src-main/catalog/index.ts';
import { ServiceClient } from '../../../src-main/upstream/index.ts';
import { TillError } from '../../../src-shared/errors/index.ts';
import { translate } from '../../../src-shared/i18n/index.ts';
import { ManualClock, runUntil } from '../../support/manual-clock.ts';
import { openCheckoutShop, type CheckoutShop } from '../../support/checkout-shop.ts';

// Customers added at the counter (issue 35, item 4), against the emulator over loopback HTTP with a real SQLite file.
describe('a customer added at the counter', () => {
  let shop: CheckoutShop | undefined;
  let engine: UploadEngine | undefined;
  let restarted: RunningEmulator | undefined;
  let closeServer: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await closeServer?.();
    await engine?.stop();
    await restarted?.close();
    await shop?.close();
  });

  it('is kept and on the cart at once, uploaded once when the service is back, and the order naming it follows with the service id', async () => {
    shop = await openCheckoutShop();
    const port = Number(new URL(shop.emulator.baseUrl).port);
    const clock = new ManualClock(Date.now());
    engine = new UploadEngine({ client: shop.client(), kinds: tillUploadKinds(shop.db), clock, random: () => 1, probeIntervalMs: 50 });
    await shop.emulator.close();

    // Offline: the customer is added and named by the sale at once.
    const { customer, cart } = await shop.till.addCustomer({ name: 'Noura Al-Saud', phone: '+966 50 987 6543', email: 'noura@mail.example' });
    expect(customer).toMatchObject({ phone_prefix: '966', phone: '509876543', upload: { state: 'pending', service_id: null } });
    expect(cart?.customer_id).toBe(customer.id);
    expect(await shop.till.customers({ query: '0509876543' })).toEqual([expect.objectContaining({ id: customer.id, name: 'Noura Al-Saud' })]);
    const [order] = await shop.sell(1);
    expect(order!.customer_id).toBe(customer.id);

    engine.start();
    await runUntil(clock, 'the till to notice it is offline', () => engine!.status().online === false);
    expect(readCounterCustomer(shop.db, customer.id)).toMatchObject({ state: 'pending' });
    expect(shop.row(order!.uuid)).toMatchObject({ state: 'pending' });

    restarted = await startEmulator({ port });
    await runUntil(clock, 'the customer and the order to reach the service', () => engine!.status().pending === 0 && restarted!.orders.has(order!.uuid));
    const created = restarted.tenant.customers.filter((c) => c.phone === '509876543');
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ name: 'Noura Al-Saud', phone_prefix: '966', email: 'noura@mail.example' });
    expect(readCounterCustomer(shop.db, customer.id)).toMatchObject({ state: 'synced', service_id: created[0]!.id });
    // The order carries the service's id, never the till's own.
    expect(restarted.orders.get(order!.uuid)!.order.customer_id).toBe(created[0]!.id);

    // Exactly once: another round sends nothing more.
    engine.notify();
    await engine.whenIdle();
    expect(restarted.tenant.customers.filter((c) => c.phone === '509876543')).toHaveLength(1);
  });

  it('keeps an order waiting while its customer is not on the service, and records no id from an answer that names none', async () => {
    shop = await openCheckoutShop();
    // A service whose Create answers 2xx without the new customer's id: no evidence, so nothing is marked synced.
    const posts: string[] = [];
    const server = createServer((req, res) => {
      posts.push(`${req.method} ${req.url}`);
      req.resume();
      res.writeHead(201, { 'Content-Type': 'application/json' }).end(JSON.stringify({ success: true, message: 'Created', data: {} }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closeServer = () => new Promise((resolve) => server.close(() => resolve()));
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const clock = new ManualClock(Date.now());
    engine = new UploadEngine({
      client: new ServiceClient({ baseUrl, token: 't', timeoutMs: 5_000 }),
      kinds: tillUploadKinds(shop.db),
      clock,
      random: () => 1,
    });
    const { customer } = await shop.till.addCustomer({ name: 'Omar', phone: '+971501234567' });
    const [order] = await shop.sell(1);
    const report = await engine.uploadDue();
    expect(report.deferred).toBe(2);
    expect(posts).toEqual(['POST /customers']);
    expect(readCounterCustomer(shop.db, customer.id)).toMatchObject({ state: 'pending', service_id: null });
    expect(readCounterCustomer(shop.db, customer.id)!.last_error).toMatch(/does not name the new customer's id/);
    expect(shop.row(order!.uuid)).toMatchObject({ state: 'pending' });
    expect(shop.row(order!.uuid).last_error).toMatch(/waits for the customer added at the counter/);
  });

  it('offers the customer the replica already has instead of a duplicate', async () => {
    shop = await openCheckoutShop();
    const known = shop.emulator.tenant.customers[0]!;
    const refusal = await shop.till.addCustomer({ name: 'Someone Else', phone: `+${known.phone_prefix} ${known.phone}` }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(TillError);
    expect(refusal).toMatchObject({ code: 'customer_exists', reason: { code: 'customer_exists', params: { id: known.id, name: known.name } } });
    expect(translate('ar', 'reason.customer_exists', { name: known.name })).toContain(known.name);
    expect((await shop.till.cart()).customer_id).toBeNull();
    // And one added here is offered too.
    const { customer } = await shop.till.addCustomer({ name: 'Huda', phone: '+966 55 000 1111' });
    await expect(shop.till.addCustomer({ name: 'Huda again', phone: '+966550001111' })).rejects.toMatchObject({
      code: 'customer_exists',
      reason: { params: { id: customer.id } },
    });
    await expect(shop.till.addCustomer({ name: 'Bad', phone: '0550001111' })).rejects.toMatchObject({ reason: { code: 'customer_phone_format' } });
  });
});
