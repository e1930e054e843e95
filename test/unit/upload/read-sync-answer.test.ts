import { afterEach, describe, expect, it } from 'vitest';
import { readSyncAnswer } from '../../../src-main/sync/push/read-sync-answer.ts';
import { OrderUploader } from '../../../src-main/sync/push/index.ts';
import { outboxCounts } from '../../../src-main/orders/index.ts';
import { setSetting } from '../../../src-main/settings/index.ts';
import type { Order } from '../../../src-shared/wire/index.ts';
import { StubService } from './stub-service.ts';
import { openCheckoutShop, type CheckoutShop } from '../../support/checkout-shop.ts';
import { ManualClock } from '../../support/manual-clock.ts';

const meta = { code: 200, status: 'success', message: 'Data Synced Successfully' };

describe('readSyncAnswer', () => {
  const batch = ['u1', 'u2', 'u3'];

  it('reads the contract shape: data.results', () => {
    const body = {
      meta,
      data: {
        results: [
          { uuid: 'u1', status: 'created', id: 's1' },
          { uuid: 'u2', status: 'duplicate' },
          { uuid: 'u3', status: 'rejected', errors: { total: ['wrong'] } },
        ],
      },
    };
    expect(readSyncAnswer(body, batch)).toEqual({
      kind: 'results',
      ignored: 0,
      results: [
        { uuid: 'u1', status: 'created', id: 's1' },
        { uuid: 'u2', status: 'duplicate' },
        { uuid: 'u3', status: 'rejected', errors: { total: ['wrong'] } },
      ],
    });
  });

  it.each([
    ['data as a list', { meta, data: [{ uuid: 'u1', status: 'success', order_id: 9 }] }, [{ uuid: 'u1', status: 'created', id: '9' }]],
    ['data.orders, other names', { meta, data: { orders: [{ order_uuid: 'u2', result: 'Already Exists' }] } }, [{ uuid: 'u2', status: 'duplicate' }]],
    [
      'results at the top',
      { results: [{ client_uuid: 'u3', state: 'invalid', message: 'no such product' }] },
      [{ uuid: 'u3', status: 'rejected', errors: { order: ['no such product'] } }],
    ],
    [
      'boolean flags',
      {
        meta,
        data: [
          { uuid: 'u1', success: true },
          { uuid: 'u2', duplicate: true },
        ],
      },
      [
        { uuid: 'u1', status: 'created' },
        { uuid: 'u2', status: 'duplicate' },
      ],
    ],
    [
      'errors as a list',
      { meta, data: { results: [{ uuid: 'u1', status: 'rejected', errors: ['a', 'b'] }] } },
      [{ uuid: 'u1', status: 'rejected', errors: { order: ['a', 'b'] } }],
    ],
  ])('reads per-order results given as %s', (_name, body, results) => {
    expect(readSyncAnswer(body, batch)).toMatchObject({ kind: 'results', results });
  });

  it('drops entries it cannot act on (unknown status, unknown uuid), so those orders go again', () => {
    const body = { meta, data: { results: [{ uuid: 'u1', status: 'queued' }, { uuid: 'zzz', status: 'created' }, { uuid: 'u2', status: 'created' }, 'junk'] } };
    expect(readSyncAnswer(body, batch)).toEqual({ kind: 'results', ignored: 3, results: [{ uuid: 'u2', status: 'created' }] });
  });

  it.each([{ meta, data: { results: [] } }, { meta, data: { orders: [] } }, { results: [] }])(
    'an explicit empty list of outcomes answers for no order: %j',
    (body) => {
      expect(readSyncAnswer(body, batch)).toEqual({ kind: 'results', results: [], ignored: 0 });
    },
  );

  it.each([
    ['no data', { meta }],
    ['data null', { meta, data: null }],
    ['an empty list', { meta, data: [] }],
    ['a count', { meta: { ...meta, code: 201 }, data: { synced: 3 } }],
    ['a list about something else', { meta, data: [{ id: 1, name: 'x' }] }],
  ])('takes a success envelope with %s as the whole batch accepted', (_name, body) => {
    expect(readSyncAnswer(body, batch)).toEqual({ kind: 'accepted', message: 'Data Synced Successfully' });
  });

  it.each([
    ['an empty body', null],
    ['a string', 'OK'],
    ['a list of strings', ['u1']],
    ['an envelope that is not success', { meta: { code: 200, status: 'error', message: 'later' }, data: null }],
    ['an object without meta', { ok: true }],
  ])('retries on %s', (_name, body) => {
    expect(readSyncAnswer(body, batch)).toMatchObject({
      kind: 'unreadable',
      reason: expect.stringContaining('neither per-order results nor a success envelope'),
    });
  });
});

describe('the uploader and the answer shapes', () => {
  let till: CheckoutShop;
  afterEach(async () => till.close());
  const NOW = 1_800_000_000_000;

  it('posts to upload.path, read per batch', async () => {
    till = await openCheckoutShop();
    await till.sell(2);
    const service = new StubService();
    const uploader = new OrderUploader({ db: till.db, client: service.client, batchSize: 1, clock: new ManualClock(NOW), random: () => 0.5 });
    await uploader.uploadDue();
    expect(service.paths).toEqual(['/orders/sync', '/orders/sync']);
    setSetting(till.db, 'upload.path', '/api/pos/orders/sync');
    await till.sell(1);
    await uploader.uploadDue();
    expect(service.paths.at(-1)).toBe('/api/pos/orders/sync');
  });

  it('marks the batch synced on a bare success envelope, and sends nothing twice', async () => {
    till = await openCheckoutShop();
    const orders = await till.sell(3);
    const service = new StubService();
    service.answer = () => ({ meta, data: null });
    const uploader = new OrderUploader({ db: till.db, client: service.client, clock: new ManualClock(NOW), random: () => 0.5 });
    expect(await uploader.uploadDue()).toMatchObject({ batches: 1, created: 3, deferred: 0 });
    expect(till.row(orders[0]!.uuid)).toMatchObject({ state: 'synced', service_status: 'created' });
    await uploader.uploadDue();
    expect(service.posts).toHaveLength(1);
  });

  it.each([
    ['an empty body', () => null],
    ['plain text in JSON', () => 'accepted'],
    ['a failure envelope with 200', () => ({ meta: { code: 200, status: 'failed', message: 'try later' }, data: null })],
    ['results with unknown statuses', (batch: Order[]) => ({ meta, data: { results: batch.map((o) => ({ uuid: o.uuid, status: 'pending' })) } })],
  ])('keeps every order pending on %s and resends the same uuids', async (_name, answer) => {
    till = await openCheckoutShop();
    const orders = await till.sell(3);
    const service = new StubService();
    service.answer = answer;
    const clock = new ManualClock(NOW);
    const uploader = new OrderUploader({ db: till.db, client: service.client, clock, random: () => 0.5 });
    const report = await uploader.uploadDue();
    expect(report.deferred).toBe(3);
    expect(outboxCounts(till.db)).toEqual({ pending: 3, synced: 0, rejected: 0 });
    clock.advance(60 * 60_000);
    service.answer = () => ({ meta, data: { results: [] } });
    await uploader.uploadDue();
    clock.advance(2 * 60 * 60_000);
    service.answer = (batch: Order[]) => ({ meta, data: { results: batch.map((o) => ({ uuid: o.uuid, status: 'created' })) } });
    await uploader.uploadDue();
    expect(service.sentUuids()).toEqual([orders.map((o) => o.uuid), orders.map((o) => o.uuid), orders.map((o) => o.uuid)]);
    expect(outboxCounts(till.db)).toEqual({ pending: 0, synced: 3, rejected: 0 });
  });
});
