import type { z } from 'zod';
import type { ApiVersion } from '../api-version.ts';
import type { Modifier, Price, Product } from '../catalog/index.ts';
import { ACCOUNTING_MEMBER } from './member-table.ts';
import { allMemberNames, schemaOf } from './schema-from-table.ts';
import { perVersion } from './per-version.ts';
import { normalizeModifiers, type WireModifier } from './modifier.ts';
import { normalizePrice, type WirePrice } from './price.ts';
import { ReadTally } from './read-tally.ts';

/** A product list item: the spec's 21 members (renamed at 2.3.0), from the member table. */
export const productSchema = perVersion((version: ApiVersion) => schemaOf('product', version));

export interface WireProduct {
  id: string;
  market_id: string;
  branch_id: string | null;
  category_id?: number;
  product_category_id?: number;
  name_en: string;
  name_ar: string;
  description_en: string | null;
  description_ar: string | null;
  duration?: number | null;
  preparation_time?: number | null;
  stock: number | null;
  order: number;
  images: string[] | null;
  is_active: boolean;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
  rating_amount: number;
  rating_avg: string;
  sold_amount: number;
  sold_revenue: number;
  accounting_id?: string | null;
  modifiers?: WireModifier[] | null;
  prices?: WirePrice[] | null;
  [unknown: string]: unknown;
}

const KNOWN = allMemberNames('product');
const PROVIDER_NAMED = /^([a-z][a-z0-9]*)_id$/;
/** `<entity>_id` names a reference to something of the service's own, not an accounting provider. */
const OWN_ENTITIES = new Set([
  'branch',
  'brand',
  'category',
  'customer',
  'discount',
  'group',
  'ingredient',
  'kitchen',
  'market',
  'menu',
  'modifier',
  'order',
  'parent',
  'price',
  'printer',
  'product',
  'sector',
  'station',
  'supplier',
  'table',
  'tax',
  'tenant',
  'unit',
  'user',
  'vendor',
  'external',
  'sku',
  'image',
  'section',
  'shop',
  'store',
  'variant',
  'zone',
]);

/**
 * The accounting reference (spec, "Product"): its wire name "carries the
 * provider's name", so it is `accounting_id` if a service uses that, else the
 * one unknown member named `<provider>_id` holding a string or null. Two
 * candidates are ambiguous, and none means none: null either way.
 */
export function accountingReference(wire: Record<string, unknown>): string | null {
  const member = accountingMember(wire);
  return member === null ? null : (wire[member] as string | null);
}

/** The member the accounting reference is read from (`accounting_id` or the one `<provider>_id`), or null: the one rule for the pull and `pos doctor`. */
export function accountingMember(wire: Record<string, unknown>): string | null {
  if (typeof wire[ACCOUNTING_MEMBER] === 'string') return ACCOUNTING_MEMBER;
  const candidates = Object.keys(wire).filter(
    (key) =>
      !KNOWN.has(key) && PROVIDER_NAMED.test(key) && !OWN_ENTITIES.has(PROVIDER_NAMED.exec(key)![1]!) && (typeof wire[key] === 'string' || wire[key] === null),
  );
  return candidates.length === 1 ? candidates[0]! : null;
}

export function normalizeProduct(input: unknown, _position = 0, tally: ReadTally = new ReadTally()): Product {
  const wire = input as WireProduct;
  // Loops, not flatMap and map: a pull normalizes 400,000 of these (flatMap alone was half a product's normalizing, issue 37).
  const modifiers: Modifier[] = [];
  const wireModifiers = wire.modifiers ?? [];
  for (let index = 0; index < wireModifiers.length; index++) {
    const options = normalizeModifiers(wireModifiers[index], index, tally, wire.id);
    for (let at = 0; at < options.length; at++) modifiers.push(options[at]!);
  }
  const prices: Price[] = [];
  const wirePrices = wire.prices ?? [];
  for (let index = 0; index < wirePrices.length; index++) prices.push(normalizePrice(wirePrices[index], index, tally, wire.id));
  const product: Product = {
    id: wire.id,
    market_id: wire.market_id,
    branch_id: wire.branch_id,
    category_id: (wire.category_id ?? wire.product_category_id)!,
    name_en: wire.name_en,
    name_ar: wire.name_ar,
    description_en: wire.description_en,
    description_ar: wire.description_ar,
    duration: ('duration' in wire ? wire.duration : wire.preparation_time) ?? null,
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
    accounting_id: accountingReference(wire),
    modifiers,
    prices,
  };
  if (wire.modifiers == null || wire.prices == null) {
    product.missing_includes = [...(wire.modifiers == null ? ['modifiers' as const] : []), ...(wire.prices == null ? ['prices' as const] : [])];
  }
  return product;
}

export type WireProductOutput = z.output<ReturnType<typeof productSchema>>;
