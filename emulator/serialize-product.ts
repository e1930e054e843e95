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
 * The spec's members in its order: a member served under its canonical name,
 * or the [before, since] pair of a 2.3.0 rename (the canonical field is the
 * newer name).
 */
const PRODUCT_MEMBERS = [
  'id',
  'market_id',
  'branch_id',
  ['product_category_id', 'category_id'],
  'name_en',
  'name_ar',
  'description_en',
  'description_ar',
  ['preparation_time', 'duration'],
  'stock',
  'order',
  'images',
  'is_active',
  'created_at',
  'updated_at',
  'deleted_at',
  'rating_amount',
  'rating_avg',
  'sold_amount',
  'sold_revenue',
  'accounting_id',
] as const satisfies readonly (keyof ServedProduct | readonly [string, keyof ServedProduct])[];

/** The product's member names at a version, in the spec's order (the spec-only profile keeps to them). */
export function productMemberNames(features: VersionFeatures): string[] {
  return PRODUCT_MEMBERS.map((member) => (typeof member === 'string' ? member : member[features.renamed ? 1 : 0]));
}

/**
 * A product list item: the spec's 21 members in its order, renamed at 2.3.0
 * (`category_id`, `duration`), plus `modifiers` and `prices` when included.
 * Serialized per request so nothing per version is kept in memory.
 */
export function serializeProduct(product: ServedProduct, features: VersionFeatures, includes: ProductIncludes, branch: Me['branch']): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const member of PRODUCT_MEMBERS) {
    if (typeof member === 'string') out[member] = product[member];
    else out[features.renamed ? member[1] : member[0]] = product[member[1]];
  }
  if (includes.modifiers) out.modifiers = product.modifiers.map(serializeModifier);
  if (includes.prices) {
    out.prices = product.prices.filter((price) => isPriceServed(price, features)).map((price) => serializePrice(price, product, branch, features));
  }
  return out;
}
