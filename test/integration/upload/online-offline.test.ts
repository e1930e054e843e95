import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../../emulator/index.ts';
import { OrderUploader, type UploadStatus } from '../../../src-main/sync/push/index.ts';
import { ManualClock, runUntil } from '../../support/manual-clock.ts';
import { openCheckoutShop, type CheckoutShop } from '../../support/checkout-shop.ts';

describe('losing and regaining the service', () => {
  let shop: CheckoutShop | undefined;
  let uploader: OrderUploader | undefined;
  let restarted: RunningEmulator | undefined;
  afterEach(async () => {
    await uploader?.stop();
    await restarted?.close();
    await shop?.close();
  });

  it('goes offline with a clear error, and the probe brings it back online and drains the queue', async () => {
    shop = await openCheckoutShop();
    const port = Number(new URL(shop.emulator.baseUrl).port);
    // A long backoff: only the probe, not a scheduled retry, can bring the orders back in time.
    const clock = new ManualClock(Date.now());
    const start = clock.now();
    uploader = new OrderUploader({
      db: shop.db,
      client: shop.client(),
      clock,
      backoff: { baseDelayMs: 60_000, maxDelayMs: 60_000 },
      random: () => 1,
      probeIntervalMs: 50,
    });
    const seen: UploadStatus[] = [];
    uploader.subscribe((s) => seen.push(s));
    await shop.sell(3);
    uploader.start();
    await runUntil(clock, 'the first upload', () => uploader!.status().synced === 3);
    expect(uploader.status().online).toBe(true);

    await shop.emulator.close();
    const offline = await shop.sell(4);
    uploader.notify();
    await runUntil(clock, 'the till to notice it is offline', () => uploader!.status().online === false);
    expect(uploader.status()).toMatchObject({ online: false, pending: 4 });
    // Refused, or reset when the request went out on a kept-alive socket the closing service dropped.
    expect(uploader.status().lastError).toMatch(/^Could not reach the service for POST \/orders\/sync \(connection (refused|reset)\)/);
    await runUntil(clock, 'a probe to fail', () => uploader!.status().lastError?.includes('GET /me (connection refused)') === true);
    expect(shop.row(offline[0]!.uuid)).toMatchObject({ state: 'pending', attempts: 1 });

    // The same seed gives the same first token, so the till's sign-in is still good on the new service.
    restarted = await startEmulator({ port });
    expect(restarted.token).toBe(shop.emulator.token);
    await runUntil(clock, 'the probe to find the service', () => uploader!.status().online === true);
    await runUntil(clock, 'the queue to drain', () => uploader!.status().pending === 0);
    expect(restarted.orders.size).toBe(4);
    expect(offline.every((o) => restarted!.orders.has(o.uuid))).toBe(true);
    expect(uploader.status()).toMatchObject({ online: true, lastError: null, synced: 7 });
    // The probe, not the minute-long backoff, brought the orders through.
    expect(clock.now() - start).toBeLessThan(60_000);
    const onlineStates = seen.map((s) => s.online).filter((online, i, all) => i === 0 || online !== all[i - 1]);
    expect(onlineStates).toEqual([true, false, true]);
  });
});
