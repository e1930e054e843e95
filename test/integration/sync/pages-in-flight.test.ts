import { afterEach, describe, expect, it } from 'vitest';
import type { TillDatabase } from '../../../src-main/db/index.ts';
import { readCatalog } from '../../../src-main/catalog/index.ts';
import { type PullProgress } from '../../../src-main/sync/index.ts';
import { REPLICA_TABLES } from '../../../src-main/catalog/index.ts';
import { ServerError } from '../../../src-main/upstream/index.ts';
import { setSetting } from '../../../src-main/settings/index.ts';
import { emulatedService, type EmulatedService } from '../../support/emulated-service.ts';
import { ManualClock, eventually } from '../../support/manual-clock.ts';
import { spawnPos } from '../../support/run-pos.ts';

// Several product pages on the wire at once (issue 12): the replica must be
// exactly what one page at a time gives, a 429 must slow the pull down
// rather than fail it, and a pull killed with pages in flight must leave the
// previous replica as it was.

let service: EmulatedService;
afterEach(async () => {
  await service.close();
});

/** Every row of every replica table as readers see it (the pinned generation), in key order: "the same replica" means this is equal. */
function replicaRows(db: TillDatabase): Record<string, unknown[]> {
  const rows: Record<string, unknown[]> = {};
  for (const table of REPLICA_TABLES)
    rows[table.name] = db
      .prepare(`SELECT ${table.columns.join(', ')} FROM ${table.name} ORDER BY ${table.key}`)
      .raw()
      .all();
  return rows;
}

const productPages = (events: PullProgress[]) =>
  events.filter((e): e is Extract<PullProgress, { phase: 'list' }> => e.phase === 'list' && e.resource === 'products').map((e) => e.page);

describe('pages in flight', () => {
  it('gives exactly the replica of one page at a time, pages handed over in order', async () => {
    // Latency keeps requests on the wire long enough for several to overlap.
    service = await emulatedService({ seed: 21, faults: { latencyMs: 15 } });
    const one = service.open('one.db');
    const oneEvents: PullProgress[] = [];
    service.emulator.traffic.peakInFlight = 0;
    await service.pull(one, { perPage: 10, concurrency: 1, onProgress: (e) => oneEvents.push(e) });
    expect(service.emulator.traffic.peakInFlight).toBe(1);

    for (const concurrency of [4, 16]) {
      const many = service.open(`many-${concurrency}.db`);
      const events: PullProgress[] = [];
      service.emulator.traffic.peakInFlight = 0;
      await service.pull(many, { perPage: 10, concurrency, onProgress: (e) => events.push(e) });
      expect(service.emulator.traffic.peakInFlight, `peak requests at once with ${concurrency}`).toBeGreaterThan(1);
      expect(service.emulator.traffic.peakInFlight).toBeLessThanOrEqual(concurrency);
      expect(replicaRows(many)).toEqual(replicaRows(one));
      expect(readCatalog(many)).toEqual(readCatalog(one));
      expect(productPages(events)).toEqual(productPages(oneEvents));
    }
    expect(productPages(oneEvents)).toEqual(Array.from({ length: Math.ceil(readCatalog(one).products.length / 10) }, (_, i) => i + 1));
  });

  it('reads the setting sync.concurrency when no concurrency is given', async () => {
    service = await emulatedService({ seed: 22, faults: { latencyMs: 15 } });
    const db = service.open();
    setSetting(db, 'sync.concurrency', 1);
    service.emulator.traffic.peakInFlight = 0;
    await service.pull(db, { perPage: 10 });
    expect(service.emulator.traffic.peakInFlight).toBe(1);
    setSetting(db, 'sync.concurrency', 6);
    service.emulator.traffic.peakInFlight = 0;
    await service.pull(db, { perPage: 10 });
    expect(service.emulator.traffic.peakInFlight).toBeGreaterThan(1);
    expect(service.emulator.traffic.peakInFlight).toBeLessThanOrEqual(6);
  });

  it('never asks for a page past the last one the service announced', async () => {
    const asked: string[] = [];
    service = await emulatedService({ seed: 23, onRequest: (resource, page) => asked.push(`${resource}:${page}`) });
    const db = service.open();
    await service.pull(db, { perPage: 10, concurrency: 8 });
    const pages = Math.ceil(readCatalog(db).products.length / 10);
    const productRequests = asked.filter((a) => a.startsWith('products:')).map((a) => Number(a.split(':')[1]));
    expect(productRequests.sort((a, b) => a - b)).toEqual(Array.from({ length: pages }, (_, i) => i + 1));
  });

  it('drops pages already asked for when the list shrinks under it, and reads the list again', async () => {
    const asked: string[] = [];
    service = await emulatedService({ seed: 27, onRequest: (resource, page) => asked.push(`${resource}:${page}`) });
    const db = service.open();
    const tenant = service.emulator.tenant;
    let shrunk = false;
    const events: PullProgress[] = [];
    await service.pull(db, {
      perPage: 10,
      concurrency: 4,
      onProgress: (e) => {
        events.push(e);
        // Pages 2 to 5 are already on their way: the list now has 3 pages, so pages 4 and 5 come back empty.
        if (!shrunk && e.phase === 'list' && e.resource === 'products' && e.page === 1) {
          shrunk = true;
          tenant.products.splice(30);
        }
      },
    });
    expect(asked.filter((a) => a === 'products:5').length).toBeGreaterThanOrEqual(1);
    expect(events.some((e) => e.phase === 'restart' && e.resource === 'products')).toBe(true);
    expect(
      readCatalog(db)
        .products.map((p) => p.id)
        .sort(),
    ).toEqual(
      tenant.products
        .filter((p) => p.deleted_at === null)
        .map((p) => p.id)
        .sort(),
    );
  });
});

describe('a service that pushes back', () => {
  async function pullThrottled(retryAfter: (clock: ManualClock) => string, expectedWaitMs: number) {
    const asked: string[] = [];
    service = await emulatedService({ seed: 24, onRequest: (resource, page) => asked.push(`${resource}:${page}`) });
    const reference = service.open('reference.db');
    await service.pull(reference, { perPage: 10, concurrency: 1 });

    const clock = new ManualClock();
    service.emulator.faults.throttlePages = ['products:3'];
    service.emulator.faults.retryAfter = retryAfter(clock);
    asked.length = 0;
    const db = service.open('throttled.db');
    let done = false;
    const pull = service.pull(db, { perPage: 10, concurrency: 4, clock }).finally(() => (done = true));

    // The 429 is answered by waiting on the clock for as long as the service asked, not by failing.
    await eventually('the pull to wait out the Retry-After', () => clock.waiting > 0 || done);
    expect(done).toBe(false);
    expect(clock.nextDue()! - clock.now()).toBe(expectedWaitMs);
    clock.advance(expectedWaitMs - 1);
    // Nothing may leave before the time is up (a turn of the event loop for anything that would).
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(done).toBe(false);
    clock.advance(1);
    const summary = await pull;

    expect(asked.filter((a) => a === 'products:3')).toHaveLength(2);
    expect(replicaRows(db)).toEqual(replicaRows(reference));
    expect(summary.counts.products).toBe(readCatalog(reference).products.length);
  }

  it('a 429 with Retry-After in seconds slows the pull down instead of failing it', async () => {
    await pullThrottled(() => '30', 30_000);
  });

  it('a 429 with Retry-After as an HTTP date waits until that date on the till clock', async () => {
    await pullThrottled((clock) => new Date(clock.now() + 20_000).toUTCString(), 20_000);
  });

  it('a Retry-After longer than a pull waits fails clearly and keeps the previous replica', async () => {
    service = await emulatedService({ seed: 25 });
    const db = service.open();
    await service.pull(db, { perPage: 10 });
    const before = replicaRows(db);
    service.emulator.tenant.products[0]!.name_en = 'Changed upstream';
    service.emulator.faults.throttlePages = ['products:2'];
    service.emulator.faults.retryAfter = '3600';
    const error = await service.pull(db, { perPage: 10, clock: new ManualClock() }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect((error as Error).message).toMatch(/GET \/products \(429 it asks the till to wait 3600 s \(Retry-After\), longer than a pull waits\)/);
    expect(replicaRows(db)).toEqual(before);
  });
});

describe('a pull killed with pages in flight', () => {
  it('leaves the previous replica whole', async () => {
    let kill: (() => void) | null = null;
    service = await emulatedService({
      seed: 26,
      faults: { latencyMs: 10 },
      // Killed the moment the fifth product page is asked for: earlier pages are staged, later ones on the wire.
      onRequest: (resource, page) => {
        if (resource === 'products' && page === 5) kill?.();
      },
    });
    const db = service.open('killed.db');
    await service.pull(db, { perPage: 10 });
    const before = replicaRows(db);
    db.close();
    for (const product of service.emulator.tenant.products) product.name_en = `${product.name_en} (new)`;
    service.emulator.tenant.products.splice(0, 3);

    const child = spawnPos([
      'sync',
      '--db',
      service.dir.file('killed.db'),
      '--base-url',
      service.emulator.baseUrl,
      '--token',
      service.emulator.token,
      '--per-page',
      '10',
      '--concurrency',
      '4',
    ]);
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exit = new Promise<NodeJS.Signals | number | null>((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
    kill = () => child.kill('SIGKILL');
    expect(await exit, stderr).toBe('SIGKILL');
    expect(stderr).toContain('Checking the account');

    const after = service.open('killed.db');
    expect(after.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(replicaRows(after)).toEqual(before);
    // And the next pull completes the change.
    await service.pull(after, { perPage: 10 });
    expect(readCatalog(after).products.every((p) => p.name_en.endsWith('(new)'))).toBe(true);
    // What the killed pull wrote (a generation nobody pinned) is gone with the previous one.
    expect(after.prepare('SELECT count(DISTINCT generation) FROM main.products').pluck().get()).toBe(1);
  });
});
