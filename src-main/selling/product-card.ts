import { unitPriceOf, type OrderType } from '../../src-shared/pricing/index.ts';
import { requiresChoice } from '../../src-shared/catalog/index.ts';
import { TillError } from '../../src-shared/errors/index.ts';
import type { ProductCard } from '../../src-shared/selling/index.ts';
import type { SaleProduct } from '../catalog/index.ts';

/**
 * A product as the grid shows it, priced for the cart's price list and
 * order type. A product the catalog gives no price for them (the one
 * TillError code `cannot_price`) shows no price and the rest of the grid
 * still sells; anything else thrown here is a fault (a corrupt amount, a
 * bug) and goes up to be seen, never shown as "no price".
 */
export function productCard(product: SaleProduct, priceList: string, orderType: OrderType, soldOut: boolean): ProductCard {
  let price: number | null;
  try {
    price = unitPriceOf({ product, modifiers: [] }, priceList, orderType);
  } catch (error) {
    if (!(error instanceof TillError && error.code === 'cannot_price')) throw error;
    price = null;
  }
  return {
    id: product.id,
    category_id: product.category_id,
    name_en: product.name_en,
    name_ar: product.name_ar,
    price,
    has_modifiers: product.modifiers.length > 0,
    // Only a product with a required option group opens the picker first (the one-tap rule).
    ...(requiresChoice(product.modifiers) ? { requires_choice: true } : {}),
    sold_out: soldOut,
  };
}
