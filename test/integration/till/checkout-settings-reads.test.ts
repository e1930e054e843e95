import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readReplicaMeta, writeReplicaMeta } from '../../../src-main/catalog/index.ts';
import { setSetting } from '../../../src-main/settings/index.ts';
import { openCheckoutShop, type CheckoutShop } from '../../support/checkout-shop.ts';
import { countStatements } from '../../support/statement-count.ts';

// Issue 37: a sale read a dozen settings rows again at every tap and checkout
// (the branch profile, the limits, the station's code, the discounts' time
// zone). The connection's settings snapshot reads them once, and a change
// made by another process (`pos settings set` beside a running till) still
// applies at the next call. Counted in statements of the real file, never in time.

let shop: CheckoutShop;
beforeAll(async () => {
  shop = await openCheckoutShop({ seed: 37 });
});
afterAll(async () => {
  await shop.close();
});

describe("a checkout's settings", () => {
  it('are read from the table once across many sales, and a commit by another connection applies at the next tap', async () => {
    const { db, till, products, service } = shop;
    const plain = products.filter((p) => p.modifiers.length === 0).slice(0, 2);
    expect(plain.length).toBe(2);
    const sale = () => shop.sellLines(plain.map((product) => ({ product, quantity: 2 })));
    await sale(); // the first reads what it needs
    const reads = countStatements(db, /from "settings"/i);
    try {
      for (let i = 0; i < 10; i++) await sale();
      expect(reads.count).toBe(0);

      // Another process's connection to the same file (the checkpoint thread's checkpoints between the sales moved nothing).
      const other = service.open('till.db');
      setSetting(other, 'limits.line_quantity', 1);
      await expect(till.addItem({ product_id: plain[0]!.id, quantity: 2 })).rejects.toMatchObject({ message: expect.stringContaining('limits.line_quantity') });
      expect(reads.count).toBeGreaterThan(0);
      setSetting(other, 'limits.line_quantity', 999);
      const counted = reads.count;
      await sale();
      expect(reads.count).toBeGreaterThan(counted);
    } finally {
      reads.stop();
    }
  });

  it("read the replica's meta (the pull's /me) once across many sales; a pull on this connection and a commit by another apply at the next read", async () => {
    const { db, products, service } = shop;
    const plain = products.filter((p) => p.modifiers.length === 0).slice(0, 2);
    const sale = () => shop.sellLines(plain.map((product) => ({ product, quantity: 1 })));
    await sale();
    const reads = countStatements(db, /from "replica_meta"/i);
    try {
      for (let i = 0; i < 10; i++) await sale();
      expect(reads.count).toBe(0);
      const before = readReplicaMeta(db);
      await service.pull(db);
      expect(readReplicaMeta(db).lastPull!.at).toBeGreaterThan(before.lastPull!.at - 1);
      expect(reads.count).toBe(1);
      const other = service.open('till.db');
      writeReplicaMeta(other, { me: before.me, lastPull: { ...before.lastPull!, at: 42 } });
      expect(readReplicaMeta(db).lastPull!.at).toBe(42);
      expect(reads.count).toBe(2);
      await sale();
      expect(reads.count).toBe(2);
    } finally {
      reads.stop();
    }
  });
});
