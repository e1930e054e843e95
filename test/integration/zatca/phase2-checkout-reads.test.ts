import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setSetting } from '../../../src-main/settings/index.ts';
import { documentOfOrder } from '../../../src-main/zatca/index.ts';
import { openCheckoutShop, type CheckoutShop } from '../../support/checkout-shop.ts';
import { hostStamp, onboardForTest } from '../../support/zatca-egs.ts';

// Issue 37 item 2: the statements a phase-2 checkout runs beyond a plain one (the same till before it is onboarded),
// counted on the real file, never timed. The seller its document states is six settings: read as one moment, whether
// the settings moved was asked once, not six times (a pragma each: seven of the fifteen statements phase 2 added).

let shop: CheckoutShop;
beforeAll(async () => {
  shop = await openCheckoutShop({ seed: 3738, stamp: (db) => hostStamp(db) });
});
afterAll(async () => {
  await shop.close();
});

/** The statements of one checkout of two plain lines, by their SQL, after a sale that warmed every cache. */
async function statementsOfCheckout(): Promise<Map<string, number>> {
  const { till, products } = shop;
  const [first, second] = products.filter((p) => !p.modifiers.some((m) => m.group?.min));
  const ring = async () => {
    await till.addItem({ product_id: first!.id, quantity: 2 });
    return (await till.addItem({ product_id: second!.id, quantity: 1 })).total;
  };
  await till.checkout({ payments: [{ method_key: 'CASH', amount: await ring() }] });
  const total = await ring();
  const seen = new Map<string, number>();
  // better-sqlite3's Statement methods, wrapped for this one checkout (as test/support/statement-count.ts does).
  const proto = Object.getPrototypeOf(shop.db.prepare('SELECT 1')) as Record<string, (...args: unknown[]) => unknown>;
  const originals = (['get', 'all', 'run', 'iterate'] as const).map((name) => [name, proto[name]!] as const);
  for (const [name, original] of originals)
    proto[name] = function (this: { source: string }, ...args: unknown[]) {
      seen.set(this.source, (seen.get(this.source) ?? 0) + 1);
      return original.apply(this, args);
    };
  try {
    await till.checkout({ payments: [{ method_key: 'CASH', amount: total }] });
  } finally {
    for (const [name, original] of originals) proto[name] = original;
  }
  return seen;
}

const pragmas = (statements: Map<string, number>) => statements.get('PRAGMA data_version') ?? 0;
/** The reads of the unit's row and this machine's record of it. */
const unitReads = (statements: Map<string, number>) =>
  [...statements].filter(([sql]) => /^select/i.test(sql) && /"zatca_(egs|this_machine)"/.test(sql)).reduce((n, [, count]) => n + count, 0);

describe('a phase-2 checkout', () => {
  it('asks whether the settings moved once for its seller, and reads the unit and its chain in one statement each time', async () => {
    const plain = await statementsOfCheckout();
    await onboardForTest(shop.db);
    const phase2 = await statementsOfCheckout();
    const [sale] = await shop.sell(1);
    expect(documentOfOrder(shop.db, sale!.uuid)).not.toBeNull();
    // One for the seller (before the lock) and one for the numbering under it (its cut-off hour): seven before.
    expect(pragmas(phase2) - pragmas(plain)).toBeLessThanOrEqual(2);
    // The seller's settings were read from the snapshot: the table itself not at all.
    expect([...phase2.keys()].filter((sql) => sql.includes('from "settings"'))).toEqual([]);
    // The unit and this machine's record of its chain: one statement before the transaction and one under its lock, as a till not onboarded asks (two each time before).
    expect(unitReads(plain)).toBe(2);
    expect(unitReads(phase2)).toBe(2);
  });

  it("states the seller's address as it is at each sale: a change by another connection applies at the next one", async () => {
    const other = shop.service.open('till.db');
    setSetting(other, 'seller.street', 'Tahlia Street');
    const [sale] = await shop.sell(1);
    expect(documentOfOrder(shop.db, sale!.uuid)!.xml).toContain('<cbc:StreetName>Tahlia Street</cbc:StreetName>');
  });
});
