import { afterEach, describe, expect, it } from 'vitest';
import { OrderUploader, SESSION_EXPIRED } from '../../../src-main/sync/push/index.ts';
import { ServiceClient } from '../../../src-main/upstream/index.ts';
import { until } from '../../unit/upload/stub-service.ts';
import { openEmulatorShop, type EmulatorShop } from './emulator-shop.ts';

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a 401 from the service', () => {
  let shop: EmulatorShop | undefined;
  let uploader: OrderUploader | undefined;
  afterEach(async () => {
    await uploader?.stop();
    await shop?.close();
  });

  it('pauses the running queue when the token expires; nothing is sent until a new sign-in, then it drains', async () => {
    shop = await openEmulatorShop({ faults: { tokenTtlMs: 2_000 } });
    // The start token was issued before this: it has expired by `issued + 2_000`.
    const issued = Date.now();
    uploader = new OrderUploader({ db: shop.db, client: shop.client(), backoff: { baseDelayMs: 5, maxDelayMs: 50 }, probeIntervalMs: 20 });
    shop.sell(5);
    uploader.start();
    await until(() => uploader!.status().synced === 5, 1_500, 'the first sales to upload while the token is fresh');

    await settle(issued + 2_050 - Date.now());
    const stranded = shop.sell(4);
    uploader.notify();
    await until(() => uploader!.status().paused !== null, 2_000, 'the pause');
    expect(uploader.status()).toMatchObject({ paused: 'unauthenticated', lastError: SESSION_EXPIRED, online: true, pending: 4 });
    // The refused batch is not the orders' fault: no attempt is counted.
    expect(stranded.every((o) => shop!.row(o.uuid).attempts === 0)).toBe(true);

    const posts = shop.emulator.orderPosts;
    shop.sell(2);
    uploader.notify();
    await settle(150);
    expect(shop.emulator.orderPosts).toBe(posts);
    expect(uploader.status()).toMatchObject({ paused: 'unauthenticated', pending: 6 });

    uploader.setClient(shop.client(shop.emulator.issueToken()));
    await until(() => uploader!.status().pending === 0, 1_800, 'the drain after the new sign-in');
    expect(uploader.status()).toMatchObject({ paused: null, synced: 11, lastError: null });
    expect(shop.emulator.orders.size).toBe(11);
  });

  it('pauses on a revoked token (one the service no longer knows), and resume() tries again', async () => {
    shop = await openEmulatorShop();
    const revoked = new ServiceClient({ baseUrl: shop.emulator.baseUrl, token: '99|revokedrevokedrevokedrevokedrevokedrevo' });
    uploader = new OrderUploader({ db: shop.db, client: revoked });
    shop.sell(3);
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
