// Exactly once, proven once per record kind through one harness: closed
// shifts (attendance) and late settlements go through the same upload engine
// as orders, against the emulator over real HTTP, through lost answers,
// 500s, a 401 and a refusal. Each kind only says how its records are made
// and where the service keeps them.

import { afterEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../emulator/index.ts';
import { setSetting } from '../../../src-main/settings/index.ts';
import { OrderUploader, recordKinds, UploadEngine } from '../../../src-main/sync/index.ts';
import type { ServiceClient } from '../../../src-main/upstream/index.ts';
import { eventually, ManualClock } from '../../support/manual-clock.ts';
import { openCheckoutShop, type CheckoutShop } from '../../support/checkout-shop.ts';

interface KindUnderTest {
  kind: 'attendance' | 'settlement';
  setting: 'upload.attendance_path' | 'upload.settlement_path';
  path: string;
  /** Makes `count` pending records of this kind; returns their uuids. */
  make(shop: CheckoutShop, count: number): Promise<string[]>;
  /** The uuids the service holds of this kind. */
  held(emulator: RunningEmulator): ReadonlyMap<string, unknown>;
}

const KINDS: KindUnderTest[] = [
  {
    kind: 'attendance',
    setting: 'upload.attendance_path',
    path: '/attendances/sync',
    async make(shop, count) {
      await shop.till.addCashier({ name: 'Mona', role: 'manager', pin: '2468' });
      const uuids: string[] = [];
      for (let i = 0; i < count; i++) {
        const shift = await shop.till.openShift({ float: 10_000 });
        await shop.till.closeShift({ counted: 10_000 - i });
        uuids.push(shift.id);
      }
      return uuids;
    },
    held: (emulator) => emulator.attendances,
  },
  {
    kind: 'settlement',
    setting: 'upload.settlement_path',
    path: '/orders/payments',
    async make(shop, count) {
      const orders = [];
      for (let i = 0; i < count; i++) orders.push(await shop.sellLines([{ product: shop.products[i % 4]!, quantity: 1 }], { payWith: ['PAY_LATER'] }));
      // The orders reach the service first; each payment taken afterwards is a record of its own.
      expect(await new OrderUploader({ db: shop.db, client: shop.client() }).uploadDue()).toMatchObject({ created: count });
      for (const order of orders) await shop.till.settleOrder({ uuid: order.uuid, payments: [{ method_key: 'CASH', amount: order.total }] });
      return (shop.db.prepare("SELECT uuid FROM record_outbox WHERE kind = 'settlement' ORDER BY seq").all() as { uuid: string }[]).map((r) => r.uuid);
    },
    held: (emulator) => emulator.settlements,
  },
];

function recordRows(shop: CheckoutShop, kind: string): { uuid: string; state: string; attempts: number; last_error: string | null }[] {
  return shop.db.prepare('SELECT uuid, state, attempts, last_error FROM record_outbox WHERE kind = ? ORDER BY seq').all(kind) as never;
}

describe.each(KINDS)('$kind records reach the service exactly once', (kind) => {
  let shop: CheckoutShop | undefined;
  let engine: UploadEngine | undefined;
  afterEach(async () => {
    await engine?.stop();
    engine = undefined;
    await shop?.close();
  });

  function records(client: ServiceClient, clock?: ManualClock): UploadEngine {
    return new UploadEngine({
      client,
      kinds: recordKinds(shop!.db),
      backoff: { baseDelayMs: 1_000, maxDelayMs: 1_000 },
      random: () => 0.5,
      ...(clock ? { clock } : {}),
    });
  }

  it('waits for its path, then sends each record once; sending again sends nothing', async () => {
    shop = await openCheckoutShop();
    const uuids = await kind.make(shop, 3);
    engine = records(shop.client());
    expect(await engine.uploadDue()).toMatchObject({ batches: 0, held: [kind.kind] });
    setSetting(shop.db, kind.setting, kind.path);
    expect(await engine.uploadDue()).toMatchObject({ batches: 3, created: 3, held: [] });
    expect(await engine.uploadDue()).toMatchObject({ batches: 0 });
    expect([...kind.held(shop.emulator).keys()]).toEqual(uuids);
    expect(recordRows(shop, kind.kind).map((r) => r.state)).toEqual(['synced', 'synced', 'synced']);
  });

  it('resends a record whose answer was lost, and takes the duplicate as delivered', async () => {
    shop = await openCheckoutShop();
    const [uuid] = await kind.make(shop, 1);
    setSetting(shop.db, kind.setting, kind.path);
    const clock = new ManualClock(Date.now());
    engine = records(shop.client(), clock);
    // The service stores it; the answer never comes back.
    shop.emulator.faults.resetRate = 1;
    expect(await engine.uploadDue()).toMatchObject({ batches: 1, deferred: 1, stopped: 'failed' });
    expect(kind.held(shop.emulator).has(uuid!)).toBe(true);
    expect(engine.status().online).toBe(false);
    shop.emulator.faults.resetRate = 0;
    // Not due before its backoff (0.5 of 1 s); then the same uuid goes again and the service says it has it.
    expect(await engine.uploadDue()).toMatchObject({ batches: 0 });
    clock.advance(500);
    expect(await engine.uploadDue()).toMatchObject({ batches: 1, duplicate: 1, created: 0 });
    expect(kind.held(shop.emulator).size).toBe(1);
    expect(recordRows(shop, kind.kind)).toEqual([{ uuid, state: 'synced', attempts: 2, last_error: null }]);
  });

  it('pauses on a 401 without spending an attempt, and goes once signed in again', async () => {
    shop = await openCheckoutShop();
    const [uuid] = await kind.make(shop, 1);
    setSetting(shop.db, kind.setting, kind.path);
    engine = records(shop.client('1|revokedrevokedrevokedrevokedrevokedrevoked'));
    expect(await engine.uploadDue()).toMatchObject({ batches: 1, stopped: 'paused' });
    expect(engine.status().paused).toBe('unauthenticated');
    expect(recordRows(shop, kind.kind)).toEqual([{ uuid, state: 'pending', attempts: 0, last_error: null }]);
    expect(await engine.uploadDue()).toMatchObject({ batches: 0, stopped: 'paused' });
    engine.setClient(shop.client());
    expect(await engine.uploadDue()).toMatchObject({ batches: 1, created: 1 });
    expect([...kind.held(shop.emulator).keys()]).toEqual([uuid]);
  });

  it('keeps a refused record as rejected with the reason, and never sends it again', async () => {
    shop = await openCheckoutShop();
    const [bad, good] = await kind.make(shop, 2);
    setSetting(shop.db, kind.setting, kind.path);
    // The body's uuid is not one: the service refuses it (422); the record after it is not at fault.
    shop.db.prepare("UPDATE record_outbox SET body = json_set(body, '$.uuid', 'not-a-uuid') WHERE uuid = ?").run(bad);
    engine = records(shop.client());
    expect(await engine.uploadDue()).toMatchObject({ batches: 2, rejected: 1, created: 1 });
    expect(await engine.uploadDue()).toMatchObject({ batches: 0 });
    const rows = recordRows(shop, kind.kind);
    expect(rows.map((r) => r.state)).toEqual(['rejected', 'synced']);
    expect(rows[0]!.last_error).toMatch(/uuid/i);
    expect([...kind.held(shop.emulator).keys()]).toEqual([good]);
  });

  it('delivers every record once through 500s, lost answers and latency, in the background loop', async () => {
    shop = await openCheckoutShop();
    const uuids = await kind.make(shop, 24);
    setSetting(shop.db, kind.setting, kind.path);
    Object.assign(shop.emulator.faults, { errorRate: 0.3, resetRate: 0.2, latencyMs: 2 });
    engine = new UploadEngine({ client: shop.client(), kinds: recordKinds(shop.db), backoff: { baseDelayMs: 5, maxDelayMs: 40 }, probeIntervalMs: 10 });
    engine.start();
    await eventually('every record delivered', () => recordRows(shop!, kind.kind).every((r) => r.state === 'synced'), 120_000);
    await engine.stop();
    expect(new Set(kind.held(shop.emulator).keys())).toEqual(new Set(uuids));
    expect(kind.held(shop.emulator).size).toBe(uuids.length);
    // The faults were felt: some records took more than one try.
    expect(recordRows(shop, kind.kind).some((r) => r.attempts > 1)).toBe(true);
  });
});
