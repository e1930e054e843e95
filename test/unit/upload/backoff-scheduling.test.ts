import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_UPLOAD_BACKOFF, OrderUploader } from '../../../src-main/sync/push/index.ts';
import { NetworkError, ServerError } from '../../../src-main/upstream/index.ts';
import { ManualClock } from '../../support/manual-clock.ts';
import { StubService } from './stub-service.ts';
import { openCheckoutShop, type CheckoutShop } from '../../support/checkout-shop.ts';

const refused = () => {
  throw new NetworkError('POST /orders/sync', 'connection refused');
};

describe('backoff after a failed batch', () => {
  let till: CheckoutShop;
  afterEach(async () => till.close());

  it('waits a jittered, doubling, capped delay and resends the same uuids', async () => {
    till = await openCheckoutShop();
    const orders = await till.sell(3);
    const service = new StubService();
    service.answer = refused;
    const clock = new ManualClock(5_000_000);
    let draw = 0.5;
    const uploader = new OrderUploader({ db: till.db, client: service.client, backoff: { baseDelayMs: 1_000, maxDelayMs: 8_000 }, clock, random: () => draw });

    const waits: number[] = [];
    for (let failure = 0; failure < 6; failure++) {
      const report = await uploader.uploadDue();
      expect(report).toMatchObject({ batches: 1, deferred: 3, stopped: 'failed' });
      const row = till.row(orders[0]!.uuid);
      expect(row.attempts).toBe(failure + 1);
      waits.push(row.next_attempt_at - clock.now());
      // Not due yet: nothing is sent before the wait is over.
      clock.advanceTo(row.next_attempt_at - 1);
      expect((await uploader.uploadDue()).batches).toBe(0);
      clock.advanceTo(row.next_attempt_at);
    }
    // random 0.5 of min(cap, base × 2^attempts).
    expect(waits).toEqual([500, 1_000, 2_000, 4_000, 4_000, 4_000]);
    expect(service.sentUuids().every((uuids) => uuids.join() === orders.map((o) => o.uuid).join())).toBe(true);

    // Full jitter: the draw decides where in [0, ceiling) the wait falls.
    draw = 0;
    await uploader.uploadDue();
    expect(till.row(orders[0]!.uuid).next_attempt_at).toBe(clock.now());
    draw = 0.999;
    await uploader.uploadDue();
    expect(till.row(orders[0]!.uuid).next_attempt_at - clock.now()).toBe(7_992);
  });

  it('keeps a batch together: one delay for all its orders, from the most-tried one', async () => {
    till = await openCheckoutShop();
    const orders = await till.sell(3);
    till.db.prepare('UPDATE outbox SET attempts = 4 WHERE order_uuid = ?').run(orders[1]!.uuid);
    const service = new StubService();
    service.answer = () => {
      throw new ServerError('POST /orders/sync', 503, 'Service Unavailable');
    };
    const uploader = new OrderUploader({ db: till.db, client: service.client, clock: new ManualClock(1_000), random: () => 0.5 });
    await uploader.uploadDue();
    const rows = orders.map((o) => till.row(o.uuid));
    // Default policy: base 1 s → ceiling 16 s at 4 attempts; half of it.
    expect(rows.map((r) => r.next_attempt_at)).toEqual([9_000, 9_000, 9_000]);
    expect(rows.map((r) => r.attempts)).toEqual([1, 5, 1]);
    expect(rows[0]!.last_error).toContain('503');
  });

  it('defaults to a 1 s base and a 5 minute cap', async () => {
    expect(DEFAULT_UPLOAD_BACKOFF).toEqual({ baseDelayMs: 1_000, maxDelayMs: 300_000 });
    till = await openCheckoutShop();
    const [order] = await till.sell(1);
    till.db.prepare('UPDATE outbox SET attempts = 30').run();
    const service = new StubService();
    service.answer = refused;
    const uploader = new OrderUploader({ db: till.db, client: service.client, clock: new ManualClock(0), random: () => 0.999_999 });
    await uploader.uploadDue();
    expect(till.row(order!.uuid).next_attempt_at).toBe(299_999);
  });
});
