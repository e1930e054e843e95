import type { ModifierGroup, Price } from '../../src-shared/catalog/index.ts';
import type { Minor } from '../../src-shared/money/index.ts';
import { jsonList, param, perConnection, prepared, q, type TillDatabase } from '../db/index.ts';
import { perCatalog } from './per-catalog.ts';
import { MODIFIER_COLUMNS, modifierOfRow } from './modifier-row.ts';

/**
 * The replica as the till sells from it: only active products, with their
 * prices as the replica holds them (minor units), straight into the pricing
 * rules. A line in a cart keeps this snapshot.
 */
export interface SaleProduct {
  id: string;
  category_id: number;
  name_en: string;
  name_ar: string;
  description_en: string | null;
  description_ar: string | null;
  /** In catalog order; `group`: the option group it is one of (absent: an optional add-on; a line rung up before groups has none). */
  modifiers: { id: string; name_en: string; name_ar: string; price: Minor; group?: ModifierGroup }[];
  prices: Price[];
}

export interface CategoryRow {
  id: number;
  icon: string;
  name_en: string;
  name_ar: string;
  product_count: number;
}

// The till's reads while selling (a category's page, a barcode scan, a cart's products), typed by
// Kysely and compiled once (db/query.ts prepared): they run on every tap and scan.

const CATEGORIES = prepared()(q.selectFrom('categories').select(['id', 'icon', 'name_en', 'name_ar']).orderBy('position'));

const ACTIVE_BY_CATEGORY = prepared()(
  q
    .selectFrom('products')
    .select((eb) => ['category_id', eb.fn.countAll<number>().as('n')])
    .where('is_active', '=', 1)
    .groupBy('category_id'),
);

const CATEGORY_NAMES = prepared()(q.selectFrom('categories').select(['id', 'name_en', 'name_ar']).orderBy('position').orderBy('id'));

const HAS_CATEGORY = prepared<{ id: number }>()(q.selectFrom('categories').select('id').where('id', '=', param<number>('id')));

const PRODUCT_IDS_IN_CATEGORY = prepared<{ categoryId: number; offset: number; limit: number }>()(
  q
    .selectFrom('products')
    .select('id')
    .where('category_id', '=', param<number>('categoryId'))
    .where('is_active', '=', 1)
    .orderBy('sort_order')
    .orderBy('seq')
    .offset(param<number>('offset'))
    .limit(param<number>('limit')),
);

const SALE_PRODUCTS = prepared<{ ids: string }>()(
  q
    .selectFrom('products')
    .select(['id', 'category_id', 'name_en', 'name_ar', 'description_en', 'description_ar'])
    .where('id', 'in', jsonList('ids'))
    .where('is_active', '=', 1),
);

// A product's modifiers and prices are indexed by its row (product_seq, migration 0036), not its id: found through the product.
const rowsOfProducts = () => q.selectFrom('products').select('seq').where('id', 'in', jsonList('ids'));

const SALE_MODIFIERS = prepared<{ ids: string }>()(
  q.selectFrom('modifiers').select(MODIFIER_COLUMNS).where('product_seq', 'in', rowsOfProducts()).orderBy('position'),
);

const SALE_PRICES = prepared<{ ids: string }>()(
  q
    .selectFrom('prices')
    .select(['id', 'product_id', 'modifier_id', 'priceable_type', 'priceable_id', 'value', 'value_type'])
    .where('product_seq', 'in', rowsOfProducts())
    .orderBy('seq'),
);

const BARCODE = prepared<{ code: string }>()(q.selectFrom('barcodes').select(['product_id', 'modifier_id']).where('barcode', '=', param<string>('code')));

const PAYMENT_METHODS = prepared()(q.selectFrom('payment_methods').select(['key', 'name', 'is_online']).orderBy('position'));

const ACTIVE_PRODUCT_IDS = prepared()(q.selectFrom('products').select('id').where('is_active', '=', 1).orderBy('seq'));

/** Active products by category: counted once a catalog (every product row is read: is_active is in no index). */
const activeByCategory = perCatalog((db) => new Map(ACTIVE_BY_CATEGORY.all(db, {}).map((r) => [r.category_id, r.n])));

export function categoriesWithCounts(db: TillDatabase): CategoryRow[] {
  const counts = activeByCategory(db);
  return CATEGORIES.all(db, {}).map((c) => ({ ...c, product_count: counts.get(c.id) ?? 0 }));
}

/** Every category's id and names, in the catalog's order. */
export function categoryNames(db: TillDatabase): { id: number; name_en: string; name_ar: string }[] {
  return CATEGORY_NAMES.all(db, {});
}

export function hasCategory(db: TillDatabase, id: number): boolean {
  return HAS_CATEGORY.get(db, { id }) !== undefined;
}

// A reader of several statements reads them in one transaction: all from the generation of the
// replica pinned when it began, even when a pull publishes a new one between two of them.

export function productIdsInCategory(db: TillDatabase, categoryId: number, offset: number, limit: number): { ids: string[]; total: number } {
  return db.transaction(() => {
    const ids = PRODUCT_IDS_IN_CATEGORY.all(db, { categoryId, offset, limit }).map((row) => row.id);
    const total = activeByCategory(db).get(categoryId) ?? 0;
    return { ids, total };
  })();
}

/** saleProducts' three reads in one transaction, made once per connection (one made per tap was garbage at every tap). */
const saleRowsOnce = perConnection((db) =>
  db.transaction((asked: { ids: string }) => ({
    products: SALE_PRODUCTS.all(db, asked),
    modifiers: SALE_MODIFIERS.all(db, asked),
    prices: SALE_PRICES.all(db, asked),
  })),
);

/** Active products by id, in the order asked; unknown or inactive ids are left out. Money in minor units, as the replica holds it. */
export function saleProducts(db: TillDatabase, ids: readonly string[]): SaleProduct[] {
  if (ids.length === 0) return [];
  const unique = [...new Set(ids)];
  const asked = { ids: JSON.stringify(unique) };
  const { products, modifiers, prices } = saleRowsOnce(db)(asked);
  const byId = new Map(products.map((p) => [p.id, { ...p, modifiers: [] as SaleProduct['modifiers'], prices: [] as Price[] }]));
  for (const row of modifiers) {
    const { product_id, ...modifier } = modifierOfRow(row);
    byId.get(product_id)?.modifiers.push(modifier);
  }
  for (const p of prices) byId.get(p.product_id)?.prices.push(p);
  return unique.flatMap((id) => byId.get(id) ?? []);
}

export function findBarcode(db: TillDatabase, code: string): { product_id: string; modifier_id: string | null } | undefined {
  return BARCODE.get(db, { code });
}

export function paymentMethodRows(db: TillDatabase): { key: string; name: string; is_online: boolean }[] {
  return PAYMENT_METHODS.all(db, {}).map((m) => ({ ...m, is_online: m.is_online === 1 }));
}

export function activeProductIds(db: TillDatabase): string[] {
  return ACTIVE_PRODUCT_IDS.all(db, {}).map((row) => row.id);
}
