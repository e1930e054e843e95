import { afterEach, describe, expect, it } from 'vitest';
import { OrderUploader, type UploadStatus } from '../../../src-main/sync/push/index.ts';
import { outboxCounts } from '../../../src-main/orders/index.ts';
import { eventually } from '../../support/manual-clock.ts';
import { expectedTotals, openCheckoutShop, type CheckoutShop } from '../../support/checkout-shop.ts';

describe('draining the outbox through a faulty service', () => {
  let shop: CheckoutShop | undefined;
  let uploader: OrderUploader | undefined;
  let jitter: NodeJS.Timeout | undefined;
  afterEach(async () => {
    clearInterval(jitter);
    await uploader?.stop();
    await shop?.close();
  });

  it('delivers 2,000 orders exactly once despite 500s, resets and latency', async () => {
    shop = await openCheckoutShop({ faults: { errorRate: 0.3, resetRate: 0.1, latencyMs: 5 } });
    const emulator = shop.emulator;
    // Latency that wanders between 5 and 20 ms, as on a real counter's uplink.
    let wander = 7;
    jitter = setInterval(() => {
      wander = (wander * 31 + 11) % 16;
      emulator.faults.latencyMs = 5 + wander;
    }, 3);
    const records = await shop.sell(2_000);
    expect(outboxCounts(shop.db)).toEqual({ pending: 2_000, synced: 0, rejected: 0 });

    uploader = new OrderUploader({ db: shop.db, client: shop.client(), backoff: { baseDelayMs: 5, maxDelayMs: 100 }, probeIntervalMs: 25 });
    const seen: UploadStatus[] = [];
    uploader.subscribe((s) => seen.push(s));
    const started = performance.now();
    uploader.start();
    await eventually('the outbox to drain', () => uploader!.status().pending === 0, 120_000);
    const elapsed = performance.now() - started;
    await uploader.stop();
    console.log(`[upload] drained 2,000 orders in ${Math.round(elapsed)} ms with ${emulator.orderPosts} POST /orders/sync (40 batches without faults)`);

    expect(outboxCounts(shop.db)).toEqual({ pending: 0, synced: 2_000, rejected: 0 });
    // Exactly once: the service holds every uuid, and nothing else.
    expect(emulator.orders.size).toBe(2_000);
    expect(new Set(emulator.orders.keys())).toEqual(new Set(records.map((r) => r.uuid)));
    // Retries happened, and the answers lost to resets came back as duplicates.
    expect(emulator.orderPosts).toBeGreaterThan(40);
    const statuses = shop.db.prepare('SELECT service_status, count(*) AS n FROM outbox GROUP BY service_status').all() as {
      service_status: string;
      n: number;
    }[];
    expect(statuses.find((s) => s.service_status === 'duplicate')?.n ?? 0).toBeGreaterThan(0);
    // Every order arrived with the till's money, and the service's id was kept.
    for (const record of records) {
      const held = emulator.orders.get(record.uuid)!;
      const { items, ...money } = expectedTotals(record);
      expect({ ...money, items: held.order.items.length }).toEqual({
        subtotal: held.order.subtotal,
        discount_total: held.order.discount_total,
        tax: held.order.tax,
        total: held.order.total,
        items,
      });
      expect(held.order.number).toBe(record.number);
      expect(shop.row(record.uuid).service_id).toBe(held.id);
    }
    // The status went through the failures and ended clean.
    expect(seen.some((s) => s.lastError !== null)).toBe(true);
    expect(uploader.status()).toMatchObject({ pending: 0, synced: 2_000, rejected: 0, paused: null });
  });
});
