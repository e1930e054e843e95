import type { TillService } from '../../src-main/host/index.ts';
import { allowedChoice } from './option-choice.ts';

/**
 * Rings up one latte paid in cash, as the cashier's screen does (search,
 * add, checkout): the smallest sale, for tests of what a till needs before
 * it may sell rather than of what a sale holds.
 */
export async function sellOneLatte(till: TillService) {
  const [latte] = await till.search({ query: 'latte', limit: 1 });
  // A latte comes in a size (a required group, issue 34): the first, which adds nothing.
  const { modifiers } = await till.product({ id: latte!.id });
  const cart = await till.addItem({ product_id: latte!.id, quantity: 1, modifier_ids: allowedChoice(modifiers) });
  return till.checkout({ payments: [{ method_key: 'CASH', amount: cart.total }] });
}
