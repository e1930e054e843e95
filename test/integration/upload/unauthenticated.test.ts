import { afterEach, describe, expect, it } from 'vitest';
import { OrderUploader, SESSION_EXPIRED } from '../../../src-main/sync/push/index.ts';
import { ServiceClient } from '../../../src-main/upstream/index.ts';
import { eventually } from '../../support/manual-clock.ts';
import { openCheckoutShop, type CheckoutShop } from '../../support/checkout-shop.ts';

describe('a 401 from the service', () => {
  let shop: CheckoutShop | undefined;
  let uploader: OrderUploader | undefined;
  afterEach(async () => {
    await uploader?.stop();
    await shop?.close();
  });

  it('pauses the running queue when the token expires; nothing is sent until a new sign-in, then it drains', async () => {
    shop = await openCheckoutShop();
    uploader = new OrderUploader({ db: shop.db, client: shop.client(), backoff: { baseDelayMs: 5, maxDelayMs: 50 }, probeIntervalMs: 20 });
    await shop.sell(5);
    uploader.start();
    await eventually('the first sales to upload while the token is fresh', () => uploader!.status().synced === 5);

    // From now on every token the service knows has expired (a TTL of zero).
    shop.emulator.faults.tokenTtlMs = 0;
    const stranded = await shop.sell(4);
    uploader.notify();
    await eventually('the pause', () => uploader!.status().paused !== null);
    expect(uploader.status()).toMatchObject({ paused: 'unauthenticated', lastError: SESSION_EXPIRED, online: true, pending: 4 });
    // The refused batch is not the orders' fault: no attempt is counted.
    expect(stranded.every((o) => shop!.row(o.uuid).attempts === 0)).toBe(true);

    // Paused: a new sale wakes the loop, and still nothing is sent.
    const posts = shop.emulator.orderPosts;
    await shop.sell(2);
    uploader.notify();
    expect(await uploader.uploadDue()).toMatchObject({ batches: 0, stopped: 'paused' });
    expect(shop.emulator.orderPosts).toBe(posts);
    expect(uploader.status()).toMatchObject({ paused: 'unauthenticated', pending: 6 });

    shop.emulator.faults.tokenTtlMs = null;
    uploader.setClient(shop.client(shop.emulator.issueToken()));
    await eventually('the drain after the new sign-in', () => uploader!.status().pending === 0);
    expect(uploader.status()).toMatchObject({ paused: null, synced: 11, lastError: null });
    expect(shop.emulator.orders.size).toBe(11);
  });

  it('pauses on a revoked token (one the service no longer knows), and resume() tries again', async () => {
    shop = await openCheckoutShop();
    const revoked = new ServiceClient({ baseUrl: shop.emulator.baseUrl, token: '99|revokedrevokedrevokedrevokedrevokedrevo' });
    uploader = new OrderUploader({ db: shop.db, client: revoked });
    await shop.sell(3);
    expect(await uploader.uploadDue()).toMatchObject({ batches: 1, stopped: 'paused', error: SESSION_EXPIRED });
    expect(await uploader.uploadDue()).toMatchObject({ batches: 0, stopped: 'paused' });
    expect(shop.emulator.orderPosts).toBe(1);

    // resume() without a new client: still refused, paused again after one request.
    uploader.resume();
    expect(uploader.status().paused).toBeNull();
    expect(await uploader.uploadDue()).toMatchObject({ batches: 1, stopped: 'paused' });
    expect(shop.emulator.orderPosts).toBe(2);

    uploader.setClient(shop.client());
    expect(await uploader.uploadDue()).toMatchObject({ created: 3, stopped: null });
    expect(shop.emulator.orders.size).toBe(3);
  });
});
