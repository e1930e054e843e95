import { afterEach, describe, expect, it } from 'vitest';
import { judgeBatch, readSyncAnswer } from '../../../src-main/sync/push/read-sync-answer.ts';
import { OrderUploader } from '../../../src-main/sync/push/index.ts';
import { outboxCounts } from '../../../src-main/orders/index.ts';
import { setSetting } from '../../../src-main/settings/index.ts';
import type { Order } from '../../../src-shared/wire/index.ts';
import { StubService } from './stub-service.ts';
import { openCheckoutShop, type CheckoutShop } from '../../support/checkout-shop.ts';
import { ManualClock } from '../../support/manual-clock.ts';

const meta = { code: 200, status: 'success', message: 'Data Synced Successfully' };

/** What the till concludes, in short: uuid → synced | rejected | unconfirmed. */
function verdicts(body: unknown, batch: string[]): Record<string, string> {
  const judged = judgeBatch(readSyncAnswer(body, batch), batch);
  const out: Record<string, string> = {};
  for (const s of judged.synced) out[s.uuid] = `synced:${s.status}`;
  for (const r of judged.rejected) out[r.uuid] = 'rejected';
  for (const u of judged.unconfirmed) out[u] = 'unconfirmed';
  return out;
}

describe('readSyncAnswer and judgeBatch: synced only on evidence', () => {
  const batch = ['u1', 'u2', 'u3'];

  it('reads the contract shape: data.results, with ids and reasons', () => {
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
    expect(judgeBatch(readSyncAnswer(body, batch), batch)).toEqual({
      synced: [
        { uuid: 'u1', status: 'created', id: 's1' },
        { uuid: 'u2', status: 'duplicate', id: null },
      ],
      rejected: [{ uuid: 'u3', errors: { total: ['wrong'] } }],
      unconfirmed: [],
      why: null,
    });
  });

  it.each([
    [
      'data as a list, other members',
      {
        meta,
        data: [
          { uuid: 'u1', status: 'success', order_id: 9 },
          { uuid: 'u2', duplicate: true },
          { uuid: 'u3', success: false, message: 'no' },
        ],
      },
    ],
    [
      'data.orders, other names',
      {
        meta,
        data: {
          orders: [
            { order_uuid: 'u1', result: 'Created' },
            { order_uuid: 'u2', result: 'Already Exists' },
            { client_uuid: 'u3', state: 'invalid', message: 'no' },
          ],
        },
      },
    ],
    [
      'keyed by uuid under data',
      { data: { u1: { status: 'created', id: 7 }, u2: { status: 'duplicate' }, u3: { status: 'rejected', errors: { total: ['no'] } } } },
    ],
    ['keyed by uuid with a status word', { meta, data: { results: { u1: 'created', u2: 'exists', u3: 'failed' } } }],
    ['grouped by outcome, uuids in lists', { meta, data: { created: ['u1'], duplicates: ['u2'], failed: [{ uuid: 'u3', reason: 'no' }] } }],
    ['grouped by outcome, failures keyed by uuid', { data: { synced_uuids: ['u1', 'u2'], errors: { u3: ['no'] } } }],
    ['a count and Laravel keys for the failure', { data: { accepted: 2, errors: { 'orders.2.total': ['no'] } } }],
    [
      'the uuid under id',
      {
        data: [
          { id: 'u1', status: 'ok' },
          { id: 'u2', status: 'skipped' },
          { id: 'u3', status: 'error', error: 'no' },
        ],
      },
    ],
  ])('reads per-order outcomes given as %s', (_name, body) => {
    const judged = verdicts(body, batch);
    expect(judged.u1).toMatch(/^synced/);
    expect(judged.u2).toMatch(/^synced/);
    expect(judged.u3).toBe('rejected');
  });

  it.each([
    ['errors', { errors: { total: ['wrong total'] } }, { total: ['wrong total'] }],
    ['error', { error: 'wrong total' }, { order: ['wrong total'] }],
    ['message', { message: 'wrong total' }, { order: ['wrong total'] }],
    ['reason', { reason: 'wrong total' }, { order: ['wrong total'] }],
    ['messages', { messages: ['wrong total', 'no branch'] }, { order: ['wrong total', 'no branch'] }],
    ['errors as a list of objects', { errors: [{ field: 'total', message: 'wrong total' }] }, { order: ['total', 'wrong total'] }],
  ])('keeps the reason of a rejection under %s', (_member, extra, errors) => {
    const body = { meta, data: { results: [{ uuid: 'u1', status: 'rejected', ...extra }] } };
    expect(judgeBatch(readSyncAnswer(body, ['u1']), ['u1']).rejected).toEqual([{ uuid: 'u1', errors }]);
  });

  it('leaves orders the answer does not name unconfirmed, and takes nothing it says of other orders', () => {
    const body = {
      meta,
      data: {
        results: [
          { uuid: 'u1', status: 'created' },
          { uuid: 'zzz', status: 'created' },
        ],
      },
    };
    expect(verdicts(body, batch)).toEqual({ u1: 'synced:created', u2: 'unconfirmed', u3: 'unconfirmed' });
  });

  it('never syncs an order on a status it does not know, or on two that disagree', () => {
    const body = {
      meta,
      data: {
        results: [
          { uuid: 'u1', status: 'queued' },
          { uuid: 'u2', status: 'created' },
          { uuid: 'u2', status: 'rejected' },
        ],
      },
    };
    const judged = judgeBatch(readSyncAnswer(body, ['u1', 'u2']), ['u1', 'u2']);
    expect(judged.unconfirmed).toEqual(['u1', 'u2']);
    expect(judged.why).toContain('queued');
  });

  it.each([
    ['a count equal to the batch', { data: { accepted: 3 } }],
    ['created and duplicates adding up to it', { meta, data: { created: 2, duplicates: 1 } }],
    ['a count as digits under meta', { meta: { ...meta, synced_count: '3' }, data: null }],
    ['a success envelope with no data', { meta }],
    ['a success envelope with data null', { meta, data: null }],
    ['a success envelope with an empty list', { meta, data: [] }],
    ['a success envelope with a list about something else', { meta, data: [{ id: 1, name: 'x' }] }],
  ])('takes %s as the whole batch accepted', (_name, body) => {
    expect(verdicts(body, batch)).toEqual({ u1: 'synced:created', u2: 'synced:created', u3: 'synced:created' });
  });

  it.each([
    ['a count below the batch', { data: { accepted: 2 } }, 'counted 2 of 3'],
    ['a count with failures counted', { meta, data: { accepted: 3, failed: 1 } }, 'counted 3 of 3'],
    ['only failures counted', { meta, data: { failed: 1 } }, 'counted 2 of 3'],
    ['an empty body', null, 'an empty body'],
    ['a string', 'OK', 'a string'],
    ['a list of strings', ['x'], 'a list'],
    ['a failure envelope in a 200', { meta: { code: 200, status: 'error', message: 'later' }, data: null }, 'later'],
    ['an object without meta', { ok: 'yes' }, 'neither per-order results'],
    ['an explicit empty list of results', { meta, data: { results: [] } }, 'does not say'],
    ['a success envelope naming other orders', { meta, data: { results: [{ uuid: 'zzz', status: 'created' }] } }, 'names orders but not these'],
    ['a created_at that is no count', { data: { created_at: 3 } }, 'neither per-order results'],
  ])('keeps the batch unconfirmed on %s, saying why', (_name, body, why) => {
    const judged = judgeBatch(readSyncAnswer(body, batch), batch);
    expect(judged.unconfirmed).toEqual(batch);
    expect(judged.synced).toEqual([]);
    expect(judged.why).toContain(why);
  });

  it('for one order alone, a 2xx that names no failure is its receipt; a failure envelope or a count of 0 is its rejection', () => {
    expect(verdicts(null, ['u1'])).toEqual({ u1: 'synced:created' });
    expect(verdicts('OK', ['u1'])).toEqual({ u1: 'synced:created' });
    expect(verdicts({ meta, data: { results: [] } }, ['u1'])).toEqual({ u1: 'synced:created' });
    expect(verdicts({ data: { accepted: 0 } }, ['u1'])).toEqual({ u1: 'rejected' });
    expect(verdicts({ data: { failed: 1 } }, ['u1'])).toEqual({ u1: 'rejected' });
    expect(judgeBatch(readSyncAnswer({ success: false, message: 'branch closed' }, ['u1']), ['u1']).rejected).toEqual([
      { uuid: 'u1', errors: { order: ['branch closed'] } },
    ]);
    // Named with a status that says neither: still unconfirmed, even alone.
    expect(verdicts({ data: [{ uuid: 'u1', status: 'queued' }] }, ['u1'])).toEqual({ u1: 'unconfirmed' });
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
    ['an empty body', () => null, 'synced'],
    ['plain text in JSON', () => 'accepted', 'synced'],
    ['a failure envelope with 200', () => ({ meta: { code: 200, status: 'failed', message: 'try later' }, data: null }), 'rejected'],
    ['a count below the batch', (batch: Order[]) => ({ data: { accepted: batch.length - 1 } }), 'first synced, last rejected'],
  ])('splits a batch answered with %s down to single orders, where a 2xx is unambiguous', async (_name, answer, outcome) => {
    till = await openCheckoutShop();
    const orders = await till.sell(3);
    const service = new StubService();
    service.answer = answer;
    const uploader = new OrderUploader({ db: till.db, client: service.client, clock: new ManualClock(NOW), random: () => 0.5 });
    await uploader.uploadDue();
    // 3, then 2 and 1, then the 2 one by one: every resend is of an order no answer confirmed.
    expect(service.sentUuids().map((b) => b.length)).toEqual([3, 2, 1, 1, 1]);
    for (const uuid of orders.map((o) => o.uuid)) expect(service.sentUuids().filter((b) => b.length === 1 && b[0] === uuid)).toHaveLength(1);
    const states = orders.map((o) => till.row(o.uuid).state);
    if (outcome === 'synced') expect(states).toEqual(['synced', 'synced', 'synced']);
    else if (outcome === 'rejected') {
      expect(states).toEqual(['rejected', 'rejected', 'rejected']);
      expect(till.row(orders[0]!.uuid).last_error).toContain('try later');
    } else {
      // A count of 1 for one order is its receipt; a count of 0 its rejection (the stub counts one short each time).
      expect(outboxCounts(till.db)).toEqual({ pending: 0, synced: 0, rejected: 3 });
    }
  });

  it('keeps an order alone that the service names with a status that says neither, with backoff and the reason', async () => {
    till = await openCheckoutShop();
    const orders = await till.sell(2);
    const service = new StubService();
    service.answer = (batch: Order[]) => ({ meta, data: { results: batch.map((o) => ({ uuid: o.uuid, status: 'pending' })) } });
    const uploader = new OrderUploader({ db: till.db, client: service.client, clock: new ManualClock(NOW), random: () => 0.5 });
    await uploader.uploadDue();
    expect(service.sentUuids().map((b) => b.length)).toEqual([2, 1, 1]);
    expect(outboxCounts(till.db)).toEqual({ pending: 2, synced: 0, rejected: 0 });
    expect(till.row(orders[0]!.uuid).next_attempt_at).toBeGreaterThan(NOW);
    expect(till.row(orders[0]!.uuid).last_error).toContain('"pending"');
    expect(uploader.status().lastError).toContain('does not prove the service stored this order');
  });
});
