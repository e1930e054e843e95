import type { Me } from '../src-shared/catalog/index.ts';
import type { ServedProduct } from './tenant.ts';
import { serializeModifier } from './serialize-modifier.ts';
import { isPriceServed, serializePrice } from './serialize-price.ts';
import type { VersionFeatures } from './version-features.ts';

export interface ProductIncludes {
  modifiers: boolean;
  prices: boolean;
}

/**
 * A product list item: the spec's 21 members in its order, renamed at 2.3.0
 * (`category_id`, `duration`), plus `modifiers` and `prices` when included.
 * Serialized per request so nothing per version is kept in memory.
 */
export function serializeProduct(product: ServedProduct, features: VersionFeatures, includes: ProductIncludes, branch: Me['branch']): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: product.id,
    market_id: product.market_id,
    branch_id: product.branch_id,
  };
  if (features.renamed) out.category_id = product.category_id;
  else out.product_category_id = product.category_id;
  out.name_en = product.name_en;
  out.name_ar = product.name_ar;
  out.description_en = product.description_en;
  out.description_ar = product.description_ar;
  if (features.renamed) out.duration = product.duration;
  else out.preparation_time = product.duration;
  out.stock = product.stock;
  out.order = product.order;
  out.images = product.images;
  out.is_active = product.is_active;
  out.created_at = product.created_at;
  out.updated_at = product.updated_at;
  out.deleted_at = product.deleted_at;
  out.rating_amount = product.rating_amount;
  out.rating_avg = product.rating_avg;
  out.sold_amount = product.sold_amount;
  out.sold_revenue = product.sold_revenue;
  out.accounting_id = product.accounting_id;
  if (includes.modifiers) out.modifiers = product.modifiers.map(serializeModifier);
  if (includes.prices) {
    out.prices = product.prices.filter((price) => isPriceServed(price, features)).map((price) => serializePrice(price, product, branch, features));
  }
  return out;
}
