// Rings items into a real till's cart the way the product grid does, so the
// cart and payment tests start from what the host priced.
import type { PaymentMethodView, ProductCard } from '../../src-shared/selling/index.ts';
import { CASH_METHOD_KEY, PAY_LATER_METHOD_KEY } from '../../src-shared/pricing/index.ts';
import type { TillState } from '../../src-renderer/state/index.ts';

/** The first products of the demo menu with a price and no modifiers to choose. */
export async function plainProducts(till: TillState, count: number): Promise<ProductCard[]> {
  const found: ProductCard[] = [];
  for (const category of till.categories) {
    const { items } = await till.api.products({ category_id: category.id, offset: 0, limit: 100 });
    found.push(...items.filter((p) => p.price !== null && p.price > 0 && !p.has_modifiers));
    if (found.length >= count) return found.slice(0, count);
  }
  throw new Error(`the demo menu has only ${found.length} plain priced products; the test needs ${count}`);
}

export async function addToCart(till: TillState, product: ProductCard, quantity = 1): Promise<void> {
  if (!(await till.changeCart((api) => api.addItem({ product_id: product.id, quantity, modifier_ids: [], notes: null })))) {
    throw new Error(`could not add ${product.name_en} to the cart`);
  }
}

/** A card-like method paid on the spot at the counter's prices (no price list of its own). */
export function cardMethod(till: TillState): PaymentMethodView {
  const method = till.paymentMethods.find((m) => m.key !== CASH_METHOD_KEY && m.key !== PAY_LATER_METHOD_KEY && !m.is_online && !m.has_prices);
  if (!method) throw new Error('the demo catalog has no card-like payment method');
  return method;
}
