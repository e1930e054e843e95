// A settle-later payment recorded while its order's upload is in flight.
// The service keeps the first body it gets for a uuid and answers any later
// copy `duplicate`, so a payment slipped into the body after it was read
// would never arrive. Here the emulator holds the upload's answer open while
// the cashier takes the payment; the service must end up with that payment
// exactly once: not in the order it already stored, but as a settlement.

import { afterEach, describe, expect, it } from 'vitest';
import type { ReceivedOrder, ReceivedSettlement } from '../../../emulator/index.ts';
import { setSetting } from '../../../src-main/settings/index.ts';
import { OrderUploader, recordKinds, UploadEngine, type UploadReport } from '../../../src-main/sync/index.ts';
import type { TillDatabase } from '../../../src-main/db/index.ts';
import type { ServiceClient } from '../../../src-main/upstream/index.ts';
import { ManualClock } from '../../support/manual-clock.ts';
import { openCheckoutShop, type CheckoutShop } from '../../support/checkout-shop.ts';

const SETTLEMENT_PATH = '/orders/payments';

/** One pass of the upload engine over the record kinds. */
function uploadRecords(db: TillDatabase, client: ServiceClient): Promise<UploadReport> {
  return new UploadEngine({ client, kinds: recordKinds(db) }).uploadDue();
}

/** Every CASH amount the service holds for an order: in the order's own body and in settlements of it. */
function cashReceived(orders: ReadonlyMap<string, ReceivedOrder>, settlements: ReadonlyMap<string, ReceivedSettlement>, uuid: string): string[] {
  const inOrder = (orders.get(uuid)?.order.payments ?? []).filter((p) => p.payment_method_key === 'CASH').map((p) => p.amount);
  const inSettlements = [...settlements.values()]
    .filter((s) => s.order_uuid === uuid)
    .flatMap((s) => s.payments.filter((p) => p.payment_method_key === 'CASH').map((p) => p.amount));
  return [...inOrder, ...inSettlements];
}

describe('a settle-later payment and the upload in flight', () => {
  let shop: CheckoutShop | undefined;
  afterEach(async () => shop?.close());

  async function payLaterSale(s: CheckoutShop) {
    const product = s.products[0]!;
    const order = await s.sellLines([{ product, quantity: 2 }], { payWith: ['PAY_LATER'] });
    expect(order.status).toBe('UNPAID');
    setSetting(s.db, 'upload.settlement_path', SETTLEMENT_PATH);
    return order;
  }

  it('reaches the service exactly once when taken while the order is on the wire', async () => {
    shop = await openCheckoutShop();
    const order = await payLaterSale(shop);
    const uploader = new OrderUploader({ db: shop.db, client: shop.client() });

    // The order goes out UNPAID; the service stores it and its answer is held.
    const hold = shop.emulator.hold('POST', '/orders/sync');
    const uploading = uploader.uploadDue();
    await hold.arrived;
    expect(shop.emulator.orders.get(order.uuid)!.order.status).toBe('UNPAID');

    // Meanwhile the customer pays.
    const settled = await shop.till.settleOrder({ uuid: order.uuid, payments: [{ method_key: 'CASH', amount: order.total }], cash_tendered: order.total });
    expect(settled.status).toBe('PAID');
    hold.release();
    expect(await uploading).toMatchObject({ created: 1 });
    expect(shop.row(order.uuid).state).toBe('synced');

    // The payment follows as its own record, once; sending again sends nothing more.
    const client = shop.client();
    expect(await uploadRecords(shop.db, client)).toMatchObject({ batches: 1, created: 1 });
    expect(await uploadRecords(shop.db, client)).toMatchObject({ batches: 0 });
    expect(await uploader.uploadDue()).toMatchObject({ batches: 0 });
    const total = (order.total / 100).toFixed(2);
    expect(cashReceived(shop.emulator.orders, shop.emulator.settlements, order.uuid)).toEqual([total]);
    const [settlement] = [...shop.emulator.settlements.values()];
    expect(settlement!.body).toMatchObject({ order_uuid: order.uuid, order_number: order.number, payments: [{ payment_method_key: 'CASH', amount: total }] });
  });

  it('reaches the service exactly once when the lost answer is resent as a duplicate after the payment', async () => {
    shop = await openCheckoutShop();
    const order = await payLaterSale(shop);
    const clock = new ManualClock(Date.now());
    const uploader = new OrderUploader({ db: shop.db, client: shop.client(), clock, backoff: { baseDelayMs: 1_000, maxDelayMs: 1_000 }, random: () => 0.5 });

    // Stored by the service, but the answer is lost on the way back.
    const hold = shop.emulator.hold('POST', '/orders/sync');
    shop.emulator.faults.resetRate = 1;
    const uploading = uploader.uploadDue();
    await hold.arrived;
    await shop.till.settleOrder({ uuid: order.uuid, payments: [{ method_key: 'CASH', amount: order.total }] });
    hold.release();
    expect(await uploading).toMatchObject({ deferred: 1, stopped: 'failed' });
    shop.emulator.faults.resetRate = 0;

    // The resend carries the same body (the service answers duplicate); the payment is a record of its own.
    clock.advance(1_000);
    expect(await uploader.uploadDue()).toMatchObject({ duplicate: 1 });
    expect(await uploadRecords(shop.db, shop.client())).toMatchObject({ created: 1 });
    expect(cashReceived(shop.emulator.orders, shop.emulator.settlements, order.uuid)).toEqual([(order.total / 100).toFixed(2)]);
  });

  it('travels inside the order when taken before the upload read it, with no settlement record', async () => {
    shop = await openCheckoutShop();
    const order = await payLaterSale(shop);
    await shop.till.settleOrder({ uuid: order.uuid, payments: [{ method_key: 'CASH', amount: order.total }] });
    const uploader = new OrderUploader({ db: shop.db, client: shop.client() });
    expect(await uploader.uploadDue()).toMatchObject({ created: 1 });
    expect(shop.emulator.orders.get(order.uuid)!.order).toMatchObject({ status: 'PAID' });
    expect(await uploadRecords(shop.db, shop.client())).toMatchObject({ batches: 0 });
    expect(shop.emulator.settlements.size).toBe(0);
    expect(cashReceived(shop.emulator.orders, shop.emulator.settlements, order.uuid)).toEqual([(order.total / 100).toFixed(2)]);
  });

  it('fixes only the bodies that can still change: an unpaid order is marked when read for upload, a paid one is not', async () => {
    shop = await openCheckoutShop();
    const unpaid = await payLaterSale(shop);
    const paid = await shop.sellLines([{ product: shop.products[1]!, quantity: 1 }], { payWith: ['CASH'] });
    expect(await new OrderUploader({ db: shop.db, client: shop.client() }).uploadDue()).toMatchObject({ created: 2 });
    expect(shop.row(unpaid.uuid).frozen_at).not.toBeNull();
    // A paid order's body never changes (settleOrder refuses it), so reading it for upload writes nothing.
    expect(shop.row(paid.uuid).frozen_at).toBeNull();
    await expect(shop.till.settleOrder({ uuid: paid.uuid, payments: [{ method_key: 'CASH', amount: paid.total }] })).rejects.toThrow();
  });

  it('waits for its order: a settlement is never sent before the service has the order it pays', async () => {
    shop = await openCheckoutShop({ faults: { errorRate: 1 } });
    const order = await payLaterSale(shop);
    const uploader = new OrderUploader({ db: shop.db, client: shop.client(), backoff: { baseDelayMs: 60_000, maxDelayMs: 60_000 } });
    expect(await uploader.uploadDue()).toMatchObject({ deferred: 1, created: 0, error: expect.stringContaining('500') });
    await shop.till.settleOrder({ uuid: order.uuid, payments: [{ method_key: 'CASH', amount: order.total }] });
    shop.emulator.faults.errorRate = 0;
    expect(await uploadRecords(shop.db, shop.client())).toMatchObject({ batches: 0 });
    expect(shop.emulator.settlements.size).toBe(0);
  });
});
