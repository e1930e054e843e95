import { afterEach, describe, expect, it } from 'vitest';
import { OrderUploader } from '../../../src-main/sync/push/index.ts';
import { listRejected } from '../../../src-main/orders/index.ts';
import { openCheckoutShop, type CheckoutShop } from '../../support/checkout-shop.ts';

describe('an order the service rejects', () => {
  let shop: CheckoutShop | undefined;
  afterEach(async () => shop?.close());

  it('is kept with the service errors, never resent, and holds back neither its batch nor later orders', async () => {
    shop = await openCheckoutShop();
    // The second line's product is deleted in the back office after the sale; nothing else sold uses it.
    const ghost = shop.products[0]!;
    const others = { avoid: [ghost.id] };
    const [first] = await shop.sell(1, others);
    const bad = await shop.sellLines([
      { product: shop.products[1]!, quantity: 1 },
      { product: ghost, quantity: 2 },
    ]);
    const after = await shop.sell(3, others);
    shop.emulator.tenant.products = shop.emulator.tenant.products.filter((p) => p.id !== ghost.id);
    const uploader = new OrderUploader({ db: shop.db, client: shop.client() });

    expect(await uploader.uploadDue()).toMatchObject({ batches: 1, created: 4, rejected: 1, stopped: null });
    expect(shop.emulator.orders.has(bad.uuid)).toBe(false);
    expect([first!, ...after].every((o) => shop!.emulator.orders.has(o.uuid))).toBe(true);
    const row = shop.row(bad.uuid);
    expect(row).toMatchObject({ state: 'rejected', service_status: 'rejected', attempts: 1 });
    expect(JSON.parse(row.rejection!)).toEqual({ 'items.1.product_id': ['The selected items.1.product id is invalid.'] });
    expect(row.last_error).toBe('Rejected by the service: items.1.product_id: The selected items.1.product id is invalid.');
    expect(listRejected(shop.db)).toMatchObject([
      { uuid: bad.uuid, number: bad.number, rejection: { 'items.1.product_id': ['The selected items.1.product id is invalid.'] } },
    ]);
    expect(uploader.status()).toMatchObject({ pending: 0, synced: 4, rejected: 1, lastError: null });

    // Not retried: later uploads send only new orders, and the rejected row's attempts stay put.
    const posts = shop.emulator.orderPosts;
    expect(await uploader.uploadDue()).toMatchObject({ batches: 0 });
    const [later] = await shop.sell(1, others);
    expect(await uploader.uploadDue()).toMatchObject({ batches: 1, created: 1 });
    expect(shop.emulator.orderPosts).toBe(posts + 1);
    expect(shop.emulator.orders.has(later!.uuid)).toBe(true);
    expect(shop.row(bad.uuid).attempts).toBe(1);
  });
});
