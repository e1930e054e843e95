import { afterEach, describe, expect, it } from 'vitest';
import { OrderUploader, SESSION_EXPIRED, type UploadStatus } from '../../../src-main/sync/push/index.ts';
import { listRejected, outboxCounts } from '../../../src-main/orders/index.ts';
import { settingOrDefault } from '../../../src-main/settings/index.ts';
import { NetworkError, ServerError, UnauthenticatedError, ValidationError } from '../../../src-main/upstream/index.ts';
import type { Order } from '../../../src-shared/wire/index.ts';
import { created, StubService, syncAnswer } from './stub-service.ts';
import { ManualClock } from '../../support/manual-clock.ts';
import { openCheckoutShop, type CheckoutShop } from '../../support/checkout-shop.ts';

const NOW = 1_800_000_000_000;

describe('OrderUploader.uploadDue', () => {
  let till: CheckoutShop;
  afterEach(async () => till.close());

  function uploader(service: StubService, batchSize = 50): OrderUploader {
    return new OrderUploader({ db: till.db, client: service.client, batchSize, clock: new ManualClock(NOW), random: () => 0.5 });
  }

  it('sends due orders oldest first, in batches, and marks created and duplicate as synced', async () => {
    till = await openCheckoutShop();
    const orders = await till.sell(7);
    const service = new StubService();
    service.answer = (batch: Order[]) => syncAnswer(batch.map((o, i) => ({ uuid: o.uuid, status: i === 0 ? 'duplicate' : 'created', id: `svc-${o.uuid}` })));
    const report = await uploader(service, 3).uploadDue();
    expect(report).toEqual({ batches: 3, created: 4, duplicate: 3, rejected: 0, deferred: 0, stopped: null, error: null, held: [] });
    const uuids = orders.map((o) => o.uuid);
    expect(service.sentUuids()).toEqual([uuids.slice(0, 3), uuids.slice(3, 6), uuids.slice(6)]);
    expect(till.row(uuids[0]!)).toMatchObject({ state: 'synced', service_status: 'duplicate', service_id: `svc-${uuids[0]}`, synced_at: NOW, attempts: 1 });
    expect(till.row(uuids[1]!)).toMatchObject({ state: 'synced', service_status: 'created', last_error: null });
    expect(outboxCounts(till.db)).toEqual({ pending: 0, synced: 7, rejected: 0 });
    expect((await uploader(service).uploadDue()).batches).toBe(0);
  });

  it('keeps a rejection with the service errors, never resends it, and goes on with the rest', async () => {
    till = await openCheckoutShop();
    const orders = await till.sell(4);
    const bad = orders[1]!.uuid;
    const errors = {
      'items.0.product_id': ['The selected items.0.product id is invalid.'],
      payments: ['The payments must add up to the total (14.50); they add up to 0.00.'],
    };
    const service = new StubService();
    service.answer = (batch: Order[]) =>
      syncAnswer(
        batch.map((o) => (o.uuid === bad ? { uuid: o.uuid, status: 'rejected' as const, errors } : { uuid: o.uuid, status: 'created' as const, id: 'x' })),
      );
    const up = uploader(service, 2);
    expect(await up.uploadDue()).toMatchObject({ batches: 2, created: 3, rejected: 1, stopped: null });
    expect(till.row(bad)).toMatchObject({ state: 'rejected', service_status: 'rejected', attempts: 1 });
    expect(JSON.parse(till.row(bad).rejection!)).toEqual(errors);
    expect(till.row(bad).last_error).toBe('Rejected by the service: items.0.product_id: The selected items.0.product id is invalid. (and 1 more)');
    expect(listRejected(till.db)).toEqual([
      expect.objectContaining({ uuid: bad, number: orders[1]!.number, total: orders[1]!.total, rejection: errors, service_status: 'rejected' }),
    ]);
    expect(up.status()).toMatchObject({ pending: 0, synced: 3, rejected: 1, lastError: null, lastSuccessAt: NOW, online: true });
    await up.uploadDue();
    expect(service.posts).toHaveLength(2);
  });

  it('sends an order the answer leaves out again alone, and keeps it pending with backoff while the service names it with no verdict', async () => {
    till = await openCheckoutShop();
    const orders = await till.sell(3);
    const left = orders[2]!.uuid;
    const service = new StubService();
    service.answer = (batch: Order[]) =>
      batch.length > 1 ? created(batch.filter((o) => o.uuid !== left)) : syncAnswer([{ uuid: left, status: 'queued' } as never]);
    const report = await uploader(service).uploadDue();
    expect(service.sentUuids()).toEqual([orders.map((o) => o.uuid), [left]]);
    expect(report).toMatchObject({ batches: 2, created: 2, stopped: null });
    expect(till.row(left)).toMatchObject({ state: 'pending', attempts: 2, next_attempt_at: NOW + 1_000 });
    expect(till.row(left).last_error).toContain('does not prove the service stored this order');
  });

  it('never takes a 200 whose results name none of the orders as their receipt: halves, then one by one', async () => {
    till = await openCheckoutShop();
    const orders = await till.sell(2);
    const service = new StubService();
    service.answer = (batch: Order[]) =>
      batch.length > 1 ? { meta: { code: 200, status: 'success', message: 'ok' }, data: { orders: [] } } : { meta: { code: 200, status: 'success' } };
    const up = uploader(service);
    expect(await up.uploadDue()).toMatchObject({ batches: 3, created: 2 });
    expect(service.sentUuids().map((b) => b.length)).toEqual([2, 1, 1]);
    expect(up.status()).toMatchObject({ online: true, pending: 0, synced: 2 });
    expect(till.row(orders[0]!.uuid).attempts).toBe(2);
  });

  it('tells offline (no answer) from online but failing (5xx)', async () => {
    till = await openCheckoutShop();
    await till.sell(1);
    const service = new StubService();
    const up = uploader(service);
    expect(up.status().online).toBeNull();
    service.answer = () => {
      throw new NetworkError('POST /orders/sync', 'connection refused');
    };
    await up.uploadDue();
    expect(up.status()).toMatchObject({
      online: false,
      lastError: expect.stringMatching(/^Could not reach the service for POST \/orders\/sync \(connection refused\)/),
    });
    till.db.prepare('UPDATE outbox SET next_attempt_at = 0').run();
    service.answer = () => {
      throw new ServerError('POST /orders/sync', 502, 'Bad Gateway');
    };
    const report = await up.uploadDue();
    // A 5xx fails this batch only: the run goes on with the other due orders (none here).
    expect(report).toMatchObject({ stopped: null, deferred: 1, error: expect.stringContaining('502') });
    expect(up.status()).toMatchObject({ online: true, lastError: expect.stringContaining('502 Bad Gateway') });
  });

  it('rejects the orders a whole-batch 422 names and resends the others at once', async () => {
    till = await openCheckoutShop();
    const orders = await till.sell(3);
    const service = new StubService();
    let first = true;
    service.answer = (batch: Order[]) => {
      if (!first) return created(batch);
      first = false;
      throw new ValidationError('POST /orders/sync', 'The orders.1.total field must have 2 decimal places.', {
        'orders.1.total': ['The orders.1.total field must have 2 decimal places.'],
      });
    };
    const report = await uploader(service).uploadDue();
    expect(report).toMatchObject({ batches: 2, rejected: 1, created: 2, stopped: null });
    expect(service.sentUuids()[1]).toEqual([orders[0]!.uuid, orders[2]!.uuid]);
    expect(till.row(orders[1]!.uuid)).toMatchObject({ state: 'rejected', service_status: 'rejected' });
    expect(JSON.parse(till.row(orders[1]!.uuid).rejection!)).toEqual({ total: ['The orders.1.total field must have 2 decimal places.'] });
  });

  it('halves the batch on a 422 about the number of orders, takes the number it names, and remembers it', async () => {
    till = await openCheckoutShop();
    await till.sell(5);
    const service = new StubService();
    service.answer = (batch: Order[]) => {
      if (batch.length > 2) {
        throw new ValidationError('POST /orders/sync', 'The given data was invalid.', { orders: ['The orders field must not have more than 2 items.'] });
      }
      return created(batch);
    };
    const up = uploader(service);
    expect(await up.uploadDue()).toMatchObject({ created: 5, stopped: null });
    expect(service.sentUuids().map((b) => b.length)).toEqual([5, 2, 2, 1]);
    expect(settingOrDefault(till.db, 'upload.batch_size')).toBe(2);
    // A new uploader (the next run) starts at the size learnt.
    await till.sell(3);
    await uploader(service).uploadDue();
    expect(
      service
        .sentUuids()
        .slice(4)
        .map((b) => b.length),
    ).toEqual([2, 1]);
    expect(up.status().lastError).toBeNull();
  });

  it('splits a batch refused without naming an order down to the one at fault, which is rejected with the reason', async () => {
    till = await openCheckoutShop();
    const orders = await till.sell(4);
    const bad = orders[2]!.uuid;
    const service = new StubService();
    service.answer = (batch: Order[]) => {
      if (batch.some((o) => o.uuid === bad)) throw new ValidationError('POST /orders/sync', 'The selected branch id is invalid.', {});
      return created(batch);
    };
    expect(await uploader(service).uploadDue()).toMatchObject({ created: 3, rejected: 1 });
    expect(service.sentUuids().map((b) => b.length)).toEqual([4, 2, 2, 1, 1]);
    expect(till.row(bad)).toMatchObject({ state: 'rejected' });
    expect(till.row(bad).last_error).toContain('The selected branch id is invalid.');
  });

  it('pauses on 401 without counting an attempt, sends nothing while paused, and drains after setClient', async () => {
    till = await openCheckoutShop();
    const orders = await till.sell(3);
    const expired = new StubService();
    expired.answer = () => {
      throw new UnauthenticatedError('POST /orders/sync', 'Unauthenticated.');
    };
    const up = uploader(expired);
    const seen: UploadStatus[] = [];
    up.subscribe((s) => seen.push(s));
    expect(await up.uploadDue()).toMatchObject({ batches: 1, stopped: 'paused', error: SESSION_EXPIRED });
    expect(up.status()).toMatchObject({ paused: 'unauthenticated', online: true, lastError: 'Session expired: sign in again', pending: 3 });
    expect(till.row(orders[0]!.uuid)).toMatchObject({ state: 'pending', attempts: 0, next_attempt_at: 0 });
    expect(await up.uploadDue()).toMatchObject({ batches: 0, stopped: 'paused' });
    expect(expired.posts).toHaveLength(1);

    const renewed = new StubService();
    up.setClient(renewed.client);
    expect(up.status()).toMatchObject({ paused: null, lastError: null });
    expect(await up.uploadDue()).toMatchObject({ created: 3, stopped: null });
    expect(seen.map((s) => s.paused)).toContain('unauthenticated');
    expect(seen.at(-1)).toMatchObject({ paused: null, pending: 0, synced: 3 });
  });

  it('keeps an order it cannot encode for a person, without holding back the others', async () => {
    till = await openCheckoutShop();
    const orders = await till.sell(3);
    till.db.prepare('UPDATE orders SET total = 12.5 WHERE uuid = ?').run(orders[0]!.uuid);
    const service = new StubService();
    const report = await uploader(service).uploadDue();
    expect(report).toMatchObject({ created: 2, rejected: 1 });
    expect(service.sentUuids()).toEqual([[orders[1]!.uuid, orders[2]!.uuid]]);
    expect(till.row(orders[0]!.uuid)).toMatchObject({ state: 'rejected', service_status: null });
    expect(till.row(orders[0]!.uuid).last_error).toContain('Till could not prepare this order for upload');
  });

  it('emits a status only when something changed', async () => {
    till = await openCheckoutShop();
    const service = new StubService();
    const up = uploader(service);
    const seen: UploadStatus[] = [];
    const unsubscribe = up.subscribe((s) => seen.push(s));
    up.notify();
    expect(seen).toHaveLength(0);
    await till.sell(2);
    up.notify();
    expect(seen).toEqual([{ online: null, paused: null, pending: 2, rejected: 0, synced: 0, lastSuccessAt: null, lastError: null }]);
    await up.uploadDue();
    expect(seen.at(-1)).toEqual({ online: true, paused: null, pending: 0, rejected: 0, synced: 2, lastSuccessAt: NOW, lastError: null });
    const count = seen.length;
    unsubscribe();
    await till.sell(1);
    up.notify();
    expect(seen).toHaveLength(count);
  });

  it('refuses a batch size the service would not take', async () => {
    till = await openCheckoutShop();
    const service = new StubService();
    expect(() => uploader(service, 51)).toThrow('batchSize 51 must be a whole number from 1 to 50');
    expect(() => uploader(service, 0)).toThrow(RangeError);
  });
});
