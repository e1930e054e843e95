import { afterEach, describe, expect, it } from 'vitest';
import { OrderUploader } from '../../../src-main/sync/push/index.ts';
import { outboxCounts } from '../../../src-main/orders/index.ts';
import { NetworkError } from '../../../src-main/upstream/index.ts';
import { eventually, ManualClock, runUntil } from '../../support/manual-clock.ts';
import { created, StubService } from './stub-service.ts';
import { openCheckoutShop, type CheckoutShop } from '../../support/checkout-shop.ts';

const refused = () => {
  throw new NetworkError('POST /orders/sync', 'connection refused');
};

describe('the upload loop', () => {
  let till: CheckoutShop;
  let uploader: OrderUploader | undefined;
  afterEach(async () => {
    await uploader?.stop();
    uploader = undefined;
    await till.close();
  });

  it('drains at start, wakes on notify, and never runs two uploads at once', async () => {
    till = await openCheckoutShop();
    await till.sell(120);
    const service = new StubService();
    const release = service.hold();
    uploader = new OrderUploader({ db: till.db, client: service.client, clock: new ManualClock() });
    uploader.start();
    // A manual upload while the loop's first batch is still out queues behind it instead of overlapping.
    const manual = uploader.uploadDue();
    await eventually('the first batch to leave', () => service.posts.length === 1);
    release();
    await eventually('the first drain', () => uploader!.status().pending === 0);
    await manual;
    expect(service.posts.map((p) => p.length)).toEqual([50, 50, 20]);

    const [late] = await till.sell(1);
    uploader.notify();
    await eventually('the order sold after the drain', () => uploader!.status().synced === 121);
    expect(service.posts.at(-1)!.map((o) => o.uuid)).toEqual([late!.uuid]);
    expect(service.maxInFlight).toBe(1);
  });

  it('sleeps until the earliest retry is due, then sends again on its own', async () => {
    till = await openCheckoutShop();
    await till.sell(2);
    const service = new StubService();
    service.answer = refused;
    const clock = new ManualClock();
    uploader = new OrderUploader({
      db: till.db,
      client: service.client,
      clock,
      backoff: { baseDelayMs: 40, maxDelayMs: 40 },
      random: () => 1,
      probeIntervalMs: 60_000,
    });
    uploader.start();
    await eventually('the first attempt, then the loop asleep', () => service.posts.length === 1 && clock.nextDue() !== null);
    // random 1 of a 40 ms ceiling; the probe would come only after a minute.
    expect(clock.nextDue()! - clock.now()).toBe(40);
    service.answer = created;
    clock.advance(39);
    expect(service.posts).toHaveLength(1);
    clock.advance(1);
    await eventually('the retry', () => uploader!.status().synced === 2);
    expect(service.posts).toHaveLength(2);
    expect(service.gets).toBe(0);
  });

  it('probes GET /me while offline and drains once it answers, without waiting out the backoff', async () => {
    till = await openCheckoutShop();
    await till.sell(3);
    const service = new StubService();
    service.answer = refused;
    service.probe = () => {
      throw new NetworkError('GET /me', 'connection refused');
    };
    const clock = new ManualClock();
    const start = clock.now();
    uploader = new OrderUploader({
      db: till.db,
      client: service.client,
      clock,
      backoff: { baseDelayMs: 3_600_000, maxDelayMs: 3_600_000 },
      random: () => 1,
      probeIntervalMs: 20,
    });
    uploader.start();
    await runUntil(clock, 'three probes', () => service.gets >= 3);
    expect(uploader.status()).toMatchObject({ online: false, pending: 3 });
    expect(uploader.status().lastError).toContain('connection refused');
    expect(service.posts).toHaveLength(1);

    service.answer = created;
    service.probe = () => ({ meta: { code: 200, status: 'success', message: 'ok' }, data: {} });
    await runUntil(clock, 'the drain after the probe', () => uploader!.status().synced === 3);
    expect(uploader.status()).toMatchObject({ online: true, lastError: null, pending: 0 });
    // Well before the hour-long backoff: the probe, not a retry, brought the orders through.
    expect(clock.now() - start).toBeLessThan(3_600_000);
    // Online with nothing to send: no timer is left that would probe again.
    expect(clock.nextDue()).toBeNull();
  });

  it('stop() lets the batch in flight finish and sends no more', async () => {
    till = await openCheckoutShop();
    await till.sell(150);
    const service = new StubService();
    const release = service.hold();
    uploader = new OrderUploader({ db: till.db, client: service.client, clock: new ManualClock() });
    uploader.start();
    await eventually('the first batch to leave', () => service.posts.length === 1);
    const stopping = uploader.stop();
    release();
    await stopping;
    expect(service.posts).toHaveLength(1);
    expect(outboxCounts(till.db)).toEqual({ pending: 100, synced: 50, rejected: 0 });
    // And it can start again.
    uploader.start();
    await eventually('the restarted loop', () => uploader!.status().pending === 0);
  });

  it('survives a database failure: says so, waits, and carries on', async () => {
    till = await openCheckoutShop();
    await till.sell(2);
    const prepare = till.db.prepare.bind(till.db);
    let failures = 2;
    till.db.prepare = ((sql: string) => {
      if (failures > 0 && /next_attempt_at"? <=/.test(sql)) {
        failures--;
        throw new Error('database is locked');
      }
      return prepare(sql);
    }) as typeof till.db.prepare;
    const service = new StubService();
    const clock = new ManualClock();
    uploader = new OrderUploader({ db: till.db, client: service.client, clock, backoff: { baseDelayMs: 20, maxDelayMs: 20 } });
    const errors: (string | null)[] = [];
    uploader.subscribe((s) => errors.push(s.lastError));
    uploader.start();
    await runUntil(clock, 'the upload after the failures', () => uploader!.status().synced === 2);
    expect(errors).toContain('The upload worker could not use the till database (database is locked); it will try again.');
    expect(uploader.status().lastError).toBeNull();
  });

  it('start() during stop() runs again once the old loop is done; stop() after that wins', async () => {
    till = await openCheckoutShop();
    const service = new StubService();
    uploader = new OrderUploader({ db: till.db, client: service.client, clock: new ManualClock() });
    await till.sell(1);
    const release = service.hold();
    uploader.start();
    await eventually('the first batch', () => service.posts.length === 1);
    const stopping = uploader.stop();
    uploader.start();
    release();
    await stopping;
    await till.sell(1);
    uploader.notify();
    await eventually('the restarted loop', () => uploader!.status().synced === 2);

    const again = uploader.stop();
    uploader.start();
    const last = uploader.stop();
    await Promise.all([again, last]);
    expect(uploader.isRunning()).toBe(false);
    await till.sell(1);
    uploader.notify();
    expect(uploader.isRunning()).toBe(false);
    expect(service.posts).toHaveLength(2);
    expect(uploader.status().pending).toBe(1);
  });
});
