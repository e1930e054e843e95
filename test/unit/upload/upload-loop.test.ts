import { afterEach, describe, expect, it } from 'vitest';
import { OrderUploader, outboxCounts } from '../../../src-main/sync/push/index.ts';
import { NetworkError } from '../../../src-main/upstream/index.ts';
import { created, StubService, until } from './stub-service.ts';
import { tillDatabase } from './upload-fixture.ts';

const refused = () => {
  throw new NetworkError('POST /orders/sync', 'connection refused');
};

describe('the upload loop', () => {
  let till: ReturnType<typeof tillDatabase>;
  let uploader: OrderUploader | undefined;
  afterEach(async () => {
    await uploader?.stop();
    uploader = undefined;
    till.cleanup();
  });

  it('drains at start, wakes on notify, and never runs two uploads at once', async () => {
    till = tillDatabase();
    till.sell(120);
    const service = new StubService();
    service.delayMs = 5;
    uploader = new OrderUploader({ db: till.db, client: service.client });
    uploader.start();
    // A manual upload while the loop is busy queues behind it instead of overlapping.
    const manual = uploader.uploadDue();
    await until(() => uploader!.status().pending === 0, 5_000, 'the first drain');
    await manual;
    expect(service.posts.map((p) => p.length)).toEqual([50, 50, 20]);

    const [late] = till.sell(1);
    uploader.notify();
    await until(() => uploader!.status().synced === 121, 5_000, 'the order sold after the drain');
    expect(service.posts.at(-1)!.map((o) => o.uuid)).toEqual([late!.uuid]);
    expect(service.maxInFlight).toBe(1);
  });

  it('sleeps until the earliest retry is due, then sends again on its own', async () => {
    till = tillDatabase();
    till.sell(2);
    const service = new StubService();
    service.answer = refused;
    uploader = new OrderUploader({ db: till.db, client: service.client, backoff: { baseDelayMs: 40, maxDelayMs: 40 }, random: () => 1, probeIntervalMs: 60_000 });
    uploader.start();
    await until(() => service.posts.length === 1, 2_000, 'the first attempt');
    service.answer = created;
    await until(() => uploader!.status().synced === 2, 2_000, 'the retry');
    expect(service.posts).toHaveLength(2);
    expect(service.gets).toBe(0);
  });

  it('probes GET /me while offline and drains once it answers, without waiting out the backoff', async () => {
    till = tillDatabase();
    till.sell(3);
    const service = new StubService();
    service.answer = refused;
    service.probe = () => {
      throw new NetworkError('GET /me', 'connection refused');
    };
    uploader = new OrderUploader({ db: till.db, client: service.client, backoff: { baseDelayMs: 3_600_000, maxDelayMs: 3_600_000 }, random: () => 1, probeIntervalMs: 20 });
    uploader.start();
    await until(() => service.gets >= 3, 2_000, 'three probes');
    expect(uploader.status()).toMatchObject({ online: false, pending: 3 });
    expect(uploader.status().lastError).toContain('connection refused');
    expect(service.posts).toHaveLength(1);

    service.answer = created;
    service.probe = () => ({ meta: { code: 200, status: 'success', message: 'ok' }, data: {} });
    await until(() => uploader!.status().synced === 3, 2_000, 'the drain after the probe');
    expect(uploader.status()).toMatchObject({ online: true, lastError: null, pending: 0 });
    const probes = service.gets;
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(service.gets).toBe(probes);
  });

  it('stop() lets the batch in flight finish and sends no more', async () => {
    till = tillDatabase();
    till.sell(150);
    const service = new StubService();
    service.delayMs = 60;
    uploader = new OrderUploader({ db: till.db, client: service.client });
    uploader.start();
    await until(() => service.posts.length === 1, 2_000, 'the first batch to leave');
    await uploader.stop();
    expect(service.posts).toHaveLength(1);
    expect(outboxCounts(till.db)).toEqual({ pending: 100, synced: 50, rejected: 0 });
    // And it can start again.
    uploader.start();
    await until(() => uploader!.status().pending === 0, 5_000, 'the restarted loop');
  });

  it('survives a database failure: says so, waits, and carries on', async () => {
    till = tillDatabase();
    till.sell(2);
    const prepare = till.db.prepare.bind(till.db);
    let failures = 2;
    till.db.prepare = ((sql: string) => {
      if (failures > 0 && sql.includes('next_attempt_at <=')) {
        failures--;
        throw new Error('database is locked');
      }
      return prepare(sql);
    }) as typeof till.db.prepare;
    const service = new StubService();
    uploader = new OrderUploader({ db: till.db, client: service.client, backoff: { baseDelayMs: 20, maxDelayMs: 20 } });
    const errors: (string | null)[] = [];
    uploader.subscribe((s) => errors.push(s.lastError));
    uploader.start();
    await until(() => uploader!.status().synced === 2, 2_000, 'the upload after the failures');
    expect(errors).toContain('The upload worker could not use the till database (database is locked); it will try again.');
    expect(uploader.status().lastError).toBeNull();
  });

  it('start() during stop() runs again once the old loop is done; stop() after that wins', async () => {
    till = tillDatabase();
    const service = new StubService();
    service.delayMs = 30;
    uploader = new OrderUploader({ db: till.db, client: service.client });
    till.sell(1);
    uploader.start();
    await until(() => service.posts.length === 1, 2_000, 'the first batch');
    const stopping = uploader.stop();
    uploader.start();
    await stopping;
    till.sell(1);
    uploader.notify();
    await until(() => uploader!.status().synced === 2, 2_000, 'the restarted loop');

    const again = uploader.stop();
    uploader.start();
    const last = uploader.stop();
    await Promise.all([again, last]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    till.sell(1);
    uploader.notify();
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(service.posts).toHaveLength(2);
  });
});
