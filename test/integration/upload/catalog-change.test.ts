import { afterEach, describe, expect, it } from 'vitest';
import { OrderUploader } from '../../../src-main/sync/push/index.ts';
import { listRejected } from '../../../src-main/orders/index.ts';
import { openCheckoutShop, type CheckoutShop } from '../../support/checkout-shop.ts';

describe('a product deleted upstream between the sale and the upload', () => {
  let shop: CheckoutShop | undefined;
  afterEach(async () => shop?.close());

  it('keeps and shows what the service answers for that order, and syncs the others', async () => {
    shop = await openCheckoutShop();
    const [gone, kept] = shop.products;
    const before = await shop.sellLines([{ product: kept!, quantity: 1 }]);
    const sold = await shop.sellLines([
      { product: kept!, quantity: 2 },
      { product: gone!, quantity: 1, modifierIds: gone!.modifiers?.length ? [gone!.modifiers[0]!.id] : [] },
    ]);
    const others = await shop.sell(5, { avoid: [gone!.id] });

    // The back office deletes the product after the cashier sold it offline.
    shop.emulator.tenant.products = shop.emulator.tenant.products.filter((p) => p.id !== gone!.id);
    const uploader = new OrderUploader({ db: shop.db, client: shop.client() });
    const report = await uploader.uploadDue();
    expect(report.rejected).toBeGreaterThanOrEqual(1);

    const rejected = listRejected(shop.db);
    const shown = rejected.find((r) => r.uuid === sold.uuid);
    expect(shown).toBeDefined();
    expect(shown!.service_status).toBe('rejected');
    expect(shown!.rejection).toMatchObject({ 'items.1.product_id': ['The selected items.1.product id is invalid.'] });
    expect(shown!.last_error).toContain('items.1.product_id');
    expect(uploader.status().rejected).toBe(rejected.length);
    for (const order of [before, ...others]) {
      expect(shop.row(order.uuid).state).toBe('synced');
      expect(shop.emulator.orders.has(order.uuid)).toBe(true);
    }
    expect(shop.emulator.orders.has(sold.uuid)).toBe(false);
  });
});
