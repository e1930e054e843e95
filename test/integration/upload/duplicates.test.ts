import { afterEach, describe, expect, it } from 'vitest';
import { OrderUploader } from '../../../src-main/sync/push/index.ts';
import { ManualClock } from '../../support/manual-clock.ts';
import { openCheckoutShop, type CheckoutShop } from '../../support/checkout-shop.ts';

describe('an order the service already holds', () => {
  let shop: CheckoutShop | undefined;
  afterEach(async () => shop?.close());

  it('comes back duplicate when resent, counts as synced, and is held once', async () => {
    shop = await openCheckoutShop();
    const orders = await shop.sell(3);
    const uploader = new OrderUploader({ db: shop.db, client: shop.client() });
    expect(await uploader.uploadDue()).toMatchObject({ created: 3 });
    const heldId = shop.emulator.orders.get(orders[1]!.uuid)!.id;

    // As if the till had crashed after sending but before recording the answer.
    shop.db
      .prepare("UPDATE outbox SET state = 'pending', service_id = NULL, service_status = NULL, synced_at = NULL WHERE order_uuid = ?")
      .run(orders[1]!.uuid);
    expect(await uploader.uploadDue()).toMatchObject({ batches: 1, created: 0, duplicate: 1 });
    expect(shop.row(orders[1]!.uuid)).toMatchObject({ state: 'synced', service_status: 'duplicate', service_id: heldId });
    expect(shop.emulator.orders.size).toBe(3);
    expect(shop.emulator.orderPosts).toBe(2);
  });

  it('resends a batch whose answer was lost after the service stored it, and takes the duplicate answer', async () => {
    shop = await openCheckoutShop({ faults: { resetRate: 1 } });
    const orders = await shop.sell(4);
    const clock = new ManualClock(Date.now());
    const uploader = new OrderUploader({ db: shop.db, client: shop.client(), backoff: { baseDelayMs: 1_000, maxDelayMs: 1_000 }, clock, random: () => 0.5 });

    const lost = await uploader.uploadDue();
    expect(lost).toMatchObject({ batches: 1, deferred: 4, stopped: 'failed' });
    expect(lost.error).toContain('Could not reach the service for POST /orders/sync');
    // The service did the work; the till never heard.
    expect(shop.emulator.orders.size).toBe(4);
    expect(orders.every((o) => shop!.row(o.uuid).state === 'pending')).toBe(true);
    expect(uploader.status().online).toBe(false);

    shop.emulator.faults.resetRate = 0;
    clock.advance(500);
    expect(await uploader.uploadDue()).toMatchObject({ batches: 1, created: 0, duplicate: 4, stopped: null });
    for (const order of orders) {
      expect(shop.row(order.uuid)).toMatchObject({
        state: 'synced',
        service_status: 'duplicate',
        attempts: 2,
        service_id: shop.emulator.orders.get(order.uuid)!.id,
      });
    }
    expect(shop.emulator.orders.size).toBe(4);
    expect(uploader.status()).toMatchObject({ online: true, lastError: null, synced: 4 });
  });
});
