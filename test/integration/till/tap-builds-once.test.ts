import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { q } from '../../../src-main/db/index.ts';
import { openCheckoutShop, type CheckoutShop } from '../../support/checkout-shop.ts';

// Issue 37: a tap (a line added) made its objects again each time: better-sqlite3's
// db.transaction(fn) builds a new wrapper at each call (the line's write, the product's
// three reads), and the day's sold-out marks were a Kysely query built and compiled at
// each tap; a checkout made its order's transaction at each sale. They are made once per connection now: the garbage each tap left is what
// brings the scavenges into a checkout's tail (docs/performance.md). Counted in calls, never in time.

let shop: CheckoutShop;
beforeAll(async () => {
  shop = await openCheckoutShop({ seed: 37 });
});
afterAll(async () => {
  await shop.close();
});

describe('a tap', () => {
  it('makes no transaction wrapper and builds no query of its own after the first', async () => {
    const { db, till, products } = shop;
    const [product] = products.filter((p) => p.modifiers.length === 0);
    await till.addItem({ product_id: product!.id, quantity: 1 }); // the first makes what it keeps
    const transactions = vi.spyOn(db, 'transaction');
    const selects = vi.spyOn(q, 'selectFrom');
    try {
      for (let i = 0; i < 5; i++) await till.addItem({ product_id: product!.id, quantity: 1 });
      expect(transactions).not.toHaveBeenCalled();
      expect(selects.mock.calls.map(([table]) => table)).not.toContain('sold_out_marks');
      expect((await till.cart()).lines).toHaveLength(6);
    } finally {
      transactions.mockRestore();
      selects.mockRestore();
    }
  });

  it("nor does a checkout: the order's transaction is made once per connection", async () => {
    const { db, products } = shop;
    const plain = products.filter((p) => p.modifiers.length === 0).slice(0, 2);
    const sale = () => shop.sellLines(plain.map((product) => ({ product, quantity: 1 })));
    await sale();
    const transactions = vi.spyOn(db, 'transaction');
    try {
      for (let i = 0; i < 3; i++) await sale();
      expect(transactions).not.toHaveBeenCalled();
    } finally {
      transactions.mockRestore();
    }
  });
});
