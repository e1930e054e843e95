import type { z } from 'zod';
import { isAtLeast } from '../api-version.ts';
import type { ApiVersion } from '../api-version.ts';
import type { Product } from '../catalog/index.ts';
import {
  bool,
  decimal,
  epochMs,
  epochMsOrNull,
  id,
  idOrNull,
  int,
  intOrNull,
  list,
  listOrNull,
  number,
  record,
  text,
  textOrNull,
} from './primitives.ts';
import { perVersion } from './per-version.ts';
import { modifierSchema, normalizeModifier } from './modifier.ts';
import { normalizePrice, priceSchema } from './price.ts';

// Nested lists go last so that a failure names the product's own fields first.
function scalars() {
  return {
    id,
    market_id: id,
    branch_id: idOrNull,
    name_en: text,
    name_ar: text,
    description_en: textOrNull,
    description_ar: textOrNull,
    stock: intOrNull,
    order: int,
    images: listOrNull(text),
    is_active: bool,
    created_at: epochMs,
    updated_at: epochMs,
    deleted_at: epochMsOrNull,
    rating_amount: int,
    rating_avg: decimal,
    sold_amount: int,
    sold_revenue: number,
    accounting_id: textOrNull,
  };
}

function included(version: ApiVersion) {
  return {
    // Present only when the list was asked to include them.
    modifiers: list(modifierSchema).optional(),
    prices: list(priceSchema(version)).optional(),
  };
}

/** A product list item: 21 members, renamed at 2.3.0 (`category_id`, `duration`). */
export const productSchema = perVersion((version: ApiVersion) =>
  isAtLeast(version, '2.3.0')
    ? record({ ...scalars(), category_id: int, duration: intOrNull, ...included(version) })
    : record({ ...scalars(), product_category_id: int, preparation_time: intOrNull, ...included(version) }),
);

export type WireProduct = z.output<ReturnType<typeof productSchema>>;

export function normalizeProduct(wire: WireProduct): Product {
  const renamed =
    'category_id' in wire
      ? { category_id: wire.category_id, duration: wire.duration }
      : { category_id: wire.product_category_id, duration: wire.preparation_time };
  return {
    id: wire.id,
    market_id: wire.market_id,
    branch_id: wire.branch_id,
    category_id: renamed.category_id,
    name_en: wire.name_en,
    name_ar: wire.name_ar,
    description_en: wire.description_en,
    description_ar: wire.description_ar,
    duration: renamed.duration,
    stock: wire.stock,
    order: wire.order,
    images: wire.images,
    is_active: wire.is_active,
    created_at: wire.created_at,
    updated_at: wire.updated_at,
    deleted_at: wire.deleted_at,
    rating_amount: wire.rating_amount,
    rating_avg: wire.rating_avg,
    sold_amount: wire.sold_amount,
    sold_revenue: wire.sold_revenue,
    accounting_id: wire.accounting_id,
    modifiers: wire.modifiers ? wire.modifiers.map(normalizeModifier) : [],
    prices: wire.prices ? wire.prices.map(normalizePrice) : [],
  };
}
