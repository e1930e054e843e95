import type { TillService } from '../../src-main/host/index.ts';

/**
 * Rings up one latte paid in cash, as the cashier's screen does (search,
 * add, checkout): the smallest sale, for tests of what a till needs before
 * it may sell rather than of what a sale holds.
 */
export async function sellOneLatte(till: TillService) {
  const [latte] = await till.search({ query: 'latte', limit: 1 });
  const cart = await till.addItem({ product_id: latte!.id, quantity: 1 });
  return till.checkout({ payments: [{ method_key: 'CASH', amount: cart.total }] });
}
