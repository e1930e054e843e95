import { afterEach, describe, expect, it } from 'vitest';
import { outboxCounts, readOrder, readOrdersForUpload } from '../../../src-main/orders/index.ts';
import { OrderUploader, orderToWire } from '../../../src-main/sync/push/index.ts';
import { ServiceClient } from '../../../src-main/upstream/index.ts';
import type { TillDatabase } from '../../../src-main/db/index.ts';
import { openCheckoutShop, type CheckoutShop } from '../../support/checkout-shop.ts';

/** The real client, watching each request as it leaves: how many are on the wire, and what the till had recorded by then. */
class WatchingClient extends ServiceClient {
  readonly batches: string[][] = [];
  /** At each request after the first: the outbox states of the batch before it. */
  readonly earlierStates: string[][] = [];
  onTheWire = 0;
  mostOnTheWire = 0;

  constructor(
    private readonly db: TillDatabase,
    options: ConstructorParameters<typeof ServiceClient>[0],
  ) {
    super(options);
  }

  override async post(path: string, body: unknown): Promise<unknown> {
    const uuids = (body as { orders: { uuid: string }[] }).orders.map((order) => order.uuid);
    const earlier = this.batches.at(-1);
    if (earlier) this.earlierStates.push(earlier.map((uuid) => stateOf(this.db, uuid)));
    this.batches.push(uuids);
    this.mostOnTheWire = Math.max(this.mostOnTheWire, ++this.onTheWire);
    try {
      return await super.post(path, body);
    } finally {
      this.onTheWire--;
    }
  }
}

function stateOf(db: TillDatabase, uuid: string): string {
  return (db.prepare('SELECT x.state FROM outbox AS x JOIN orders AS o ON o.seq = x.enqueued_seq WHERE o.uuid = ?').get(uuid) as { state: string }).state;
}

describe('the upload of several batches', () => {
  let shop: CheckoutShop | undefined;
  afterEach(async () => shop?.close());

  it("sends the next batch once the answer before it is in, before that answer's outcome is written; one request at a time, each order once", async () => {
    shop = await openCheckoutShop();
    const records = await shop.sell(120);
    const client = new WatchingClient(shop.db, { baseUrl: shop.emulator.baseUrl, token: shop.emulator.token, timeoutMs: 5_000 });
    const uploader = new OrderUploader({ db: shop.db, client });

    expect(await uploader.uploadDue()).toMatchObject({ batches: 3, created: 120, duplicate: 0, rejected: 0, deferred: 0, stopped: null });
    // The second and third requests left while the orders of the one before were still pending: the outcome's commit
    // overlapped the next request, instead of the request waiting for it.
    expect(client.earlierStates).toHaveLength(2);
    for (const states of client.earlierStates) expect(new Set(states)).toEqual(new Set(['pending']));
    // Never two requests at once, never an order in two of them; every outcome written from its own answer.
    expect(client.mostOnTheWire).toBe(1);
    const sent = client.batches.flat();
    expect(sent).toHaveLength(120);
    expect(new Set(sent)).toEqual(new Set(records.map((r) => r.uuid)));
    expect(shop.emulator.orderPosts).toBe(3);
    expect(shop.emulator.orders.size).toBe(120);
    expect(outboxCounts(shop.db)).toEqual({ pending: 0, synced: 120, rejected: 0 });
    for (const record of records) expect(shop.row(record.uuid)).toMatchObject({ state: 'synced', service_status: 'created', attempts: 1 });
    // The outcomes' commits are not synced, but the connection is left as it was: the next sale's commit is (FULL).
    expect(shop.db.pragma('synchronous', { simple: true })).toBe(2);
  });

  it('reads an order for upload as the wire carries the whole order: sales, split payments, a refund, a pay-later sale', async () => {
    shop = await openCheckoutShop();
    const sales = await shop.sell(30);
    const refund = await shop.refund(sales[3]!);
    const later = await shop.sellLines([{ product: shop.products[0]!, quantity: 2 }], { payWith: ['PAY_LATER'] });
    const uuids = [...sales.map((s) => s.uuid), refund.uuid, later.uuid];
    const read = readOrdersForUpload(shop.db, [...uuids, 'not-an-order']);
    expect(read.map((r) => r.uuid)).toEqual(uuids);
    for (const [i, uuid] of uuids.entries()) expect(orderToWire(read[i]!)).toEqual(orderToWire(readOrder(shop.db, uuid)!));
  });
});
