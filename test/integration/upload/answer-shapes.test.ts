// Issue 19: the upload proves every order. A service stand-in on loopback
// answers the Orders Sync in each plausible shape, storing what it accepts
// and refusing some orders; for every shape the service's stored orders are
// exactly the till's synced ones, every refused order is rejected on the till
// with its reason, no order is sent again after an answer confirmed it, and
// the queue drains in one run.
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OrderUploader } from '../../../src-main/sync/push/index.ts';
import { putSetting, settingOrDefault, unsetSetting } from '../../../src-main/settings/index.ts';
import { ANSWER_SHAPES, REASON_MEMBERS, SyncStandIn, type AnswerShape } from '../../support/sync-stand-in.ts';
import { openCheckoutShop, type CheckoutShop } from '../../support/checkout-shop.ts';
import { ManualClock } from '../../support/manual-clock.ts';

let shop: CheckoutShop;
let standIn: SyncStandIn | undefined;
beforeAll(async () => {
  shop = await openCheckoutShop();
});
afterAll(async () => {
  await shop.close();
});
afterEach(async () => {
  await standIn?.close();
  standIn = undefined;
});

const NOW = 1_800_000_000_000;

function uploader(service: SyncStandIn, clock = new ManualClock(NOW), random: () => number = () => 0.5): OrderUploader {
  return new OrderUploader({ db: shop.db, client: service.client(), clock, random, backoff: { baseDelayMs: 1_000, maxDelayMs: 8_000 } });
}

/** The till's verdict on these orders. */
function states(uuids: string[]): { synced: Set<string>; rejected: Set<string>; pending: Set<string> } {
  const out = { synced: new Set<string>(), rejected: new Set<string>(), pending: new Set<string>() };
  for (const uuid of uuids) out[shop.row(uuid).state as 'synced' | 'rejected' | 'pending'].add(uuid);
  return out;
}

/** Runs `work` while moving the manual clock to each timer it sets, until it settles (real HTTP in between). */
async function driving<T>(clock: ManualClock, work: Promise<T>): Promise<T> {
  let done = false;
  const settled = work.finally(() => (done = true));
  while (!done) {
    await new Promise((resolve) => setTimeout(resolve, 2));
    const due = clock.nextDue();
    if (due !== null) clock.advanceTo(due);
  }
  return settled;
}

describe('every answer shape: synced only on evidence, rejected with its reason, the queue drains', () => {
  it.each(ANSWER_SHAPES.map((shape) => [shape]))('%s', async (shape: AnswerShape) => {
    unsetSetting(shop.db, 'upload.batch_size');
    const orders = await shop.sell(24);
    const uuids = orders.map((o) => o.uuid);
    const bad = new Map([uuids[3], uuids[11], uuids[20]].map((uuid, i) => [uuid!, `total does not add up (${shape} ${i})`]));
    standIn = await new SyncStandIn({ shape, refuse: (uuid) => bad.get(uuid) ?? null, cap: 8, reasonMember: 'message' }).start();

    const report = await uploader(standIn).uploadDue();

    const till = states(uuids);
    // The queue drained in one run.
    expect(till.pending).toEqual(new Set());
    // The service holds exactly what the till calls synced; what it refused is rejected on the till.
    expect(till.synced).toEqual(new Set(standIn.stored.keys()));
    expect(till.rejected).toEqual(new Set(bad.keys()));
    for (const [uuid, reason] of bad) {
      // A count says no reason: the till says the service accepted none of it.
      expect(shop.row(uuid).last_error).toContain(shape === 'count' ? 'accepted none of this order' : reason);
    }
    // Nothing sent again once an answer had settled it.
    expect(standIn.resentAfterConfirmed()).toEqual([]);
    expect(report).toMatchObject({ created: 21, rejected: 3 });
    // Batch-size refusals are learnt and remembered.
    if (shape === 'too-many-422') expect(settingOrDefault(shop.db, 'upload.batch_size')).toBe(8);
    if (shape === 'too-large-413') expect(settingOrDefault(shop.db, 'upload.batch_size')).toBe(6);
    if (shape === 'keyed' || shape === 'list' || shape === 'bare-success') expect(standIn.posts.length).toBeLessThanOrEqual(2);
  });

  it('a rejection keeps its reason whichever member carries it', async () => {
    for (const member of REASON_MEMBERS) {
      const [order] = await shop.sell(1);
      standIn = await new SyncStandIn({ shape: 'keyed', refuse: () => `no such product (${member})`, reasonMember: member }).start();
      await uploader(standIn).uploadDue();
      expect(shop.row(order!.uuid)).toMatchObject({ state: 'rejected' });
      expect(shop.row(order!.uuid).last_error).toContain(`no such product (${member})`);
      await standIn.close();
    }
  });
});

describe('a service failing a quarter of its requests', () => {
  it('drains in one run: each failed batch is tried again after a jittered backoff, the others go on meanwhile', async () => {
    putSetting(shop.db, 'upload.batch_size', 20);
    const orders = await shop.sell(300);
    const lcg = (start: number) => {
      let seed = start;
      return () => {
        seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
        return seed / 2_147_483_648;
      };
    };
    standIn = await new SyncStandIn({ shape: 'list', failRate: 0.25, random: lcg(25) }).start();
    const clock = new ManualClock(NOW);
    const report = await driving(clock, uploader(standIn, clock, lcg(3)).uploadDue({ retryWithinMs: 120_000 }));
    const till = states(orders.map((o) => o.uuid));
    const failed = standIn.posts.filter((p) => p.status === 500).length;
    console.log(`[upload] 300 orders through a service failing 25%: ${standIn.posts.length} requests, ${failed} answered 500, drained in one run`);
    expect(failed).toBeGreaterThan(0);
    expect(till.pending).toEqual(new Set());
    expect(till.synced).toEqual(new Set(standIn.stored.keys()));
    expect(report.created).toBe(300);
    expect(standIn.resentAfterConfirmed()).toEqual([]);
    // It waited on the injected clock, never on the machine's.
    expect(clock.now()).toBeGreaterThan(NOW);
  });
});

describe('property: for any answer shape and any per-order outcome', () => {
  it('synced ⊆ stored at the service, and every order ends synced or rejected', async () => {
    standIn = await new SyncStandIn({ shape: 'list' }).start();
    const service = standIn;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ANSWER_SHAPES),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 14 }),
        fc.constantFrom(...REASON_MEMBERS),
        fc.integer({ min: 1, max: 6 }),
        async (shape, refusals, member, cap) => {
          unsetSetting(shop.db, 'upload.batch_size');
          const orders = await shop.sell(refusals.length);
          const refused = new Set(orders.filter((_, i) => refusals[i]).map((o) => o.uuid));
          service.options = { shape, refuse: (uuid) => (refused.has(uuid) ? 'refused by the property' : null), reasonMember: member, cap };
          await uploader(service).uploadDue();
          const till = states(orders.map((o) => o.uuid));
          for (const uuid of till.synced) expect(service.stored.has(uuid)).toBe(true);
          expect(till.pending.size).toBe(0);
          expect(till.rejected).toEqual(refused);
        },
      ),
      { numRuns: 30, seed: 19 },
    );
    expect(service.resentAfterConfirmed()).toEqual([]);
  });
});
