import type { Price } from '../../src-shared/catalog/index.ts';
import { all, first, q, type TillDatabase } from '../db/index.ts';
import { priceRecord } from './price-record.ts';

/**
 * The replica as the till sells from it: only active products, with prices
 * turned back into canonical records for the pricing rules.
 */
export interface SaleProduct {
  id: string;
  category_id: number;
  name_en: string;
  name_ar: string;
  description_en: string | null;
  description_ar: string | null;
  modifiers: { id: string; name_en: string; name_ar: string; price: number }[];
  prices: Price[];
}

export interface CategoryRow {
  id: number;
  icon: string;
  name_en: string;
  name_ar: string;
  product_count: number;
}

export function categoriesWithCounts(db: TillDatabase): CategoryRow[] {
  return db
    .prepare(
      `SELECT c.id, c.icon, c.name_en, c.name_ar,
              (SELECT count(*) FROM products p WHERE p.category_id = c.id AND p.is_active = 1) AS product_count
       FROM categories c ORDER BY c.position`,
    )
    .all() as CategoryRow[];
}

/** Every category's id and names, in the catalog's order. */
export function categoryNames(db: TillDatabase): { id: number; name_en: string; name_ar: string }[] {
  return all(db, q.selectFrom('categories').select(['id', 'name_en', 'name_ar']).orderBy('position').orderBy('id'));
}

export function hasCategory(db: TillDatabase, id: number): boolean {
  return first(db, q.selectFrom('categories').select('id').where('id', '=', id)) !== undefined;
}

export function productIdsInCategory(db: TillDatabase, categoryId: number, offset: number, limit: number): { ids: string[]; total: number } {
  const ids = all(
    db,
    q
      .selectFrom('products')
      .select('id')
      .where('category_id', '=', categoryId)
      .where('is_active', '=', 1)
      .orderBy('sort_order')
      .orderBy('seq')
      .offset(offset)
      .limit(limit),
  ).map((row) => row.id);
  const total =
    first(
      db,
      q
        .selectFrom('products')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('category_id', '=', categoryId)
        .where('is_active', '=', 1),
    )?.n ?? 0;
  return { ids, total };
}

/** Active products by id, in the order asked; unknown or inactive ids are left out. */
export function saleProducts(db: TillDatabase, ids: readonly string[]): SaleProduct[] {
  if (ids.length === 0) return [];
  const unique = [...new Set(ids)];
  const products = all(
    db,
    q
      .selectFrom('products')
      .select(['id', 'category_id', 'name_en', 'name_ar', 'description_en', 'description_ar'])
      .where('id', 'in', unique)
      .where('is_active', '=', 1),
  );
  const modifiers = all(
    db,
    q.selectFrom('modifiers').select(['id', 'product_id', 'name_en', 'name_ar', 'price']).where('product_id', 'in', unique).orderBy('position'),
  );
  const prices = all(db, q.selectFrom('prices').selectAll().where('product_id', 'in', unique).orderBy('seq'));
  const byId = new Map(products.map((p) => [p.id, { ...p, modifiers: [] as SaleProduct['modifiers'], prices: [] as Price[] }]));
  for (const m of modifiers) byId.get(m.product_id)?.modifiers.push({ id: m.id, name_en: m.name_en, name_ar: m.name_ar, price: m.price });
  for (const p of prices) byId.get(p.product_id)?.prices.push(priceRecord(p));
  return unique.flatMap((id) => byId.get(id) ?? []);
}

export function findBarcode(db: TillDatabase, code: string): { product_id: string; modifier_id: string | null } | undefined {
  return first(db, q.selectFrom('barcodes').select(['product_id', 'modifier_id']).where('barcode', '=', code));
}

export function paymentMethodRows(db: TillDatabase): { key: string; name: string; is_online: boolean }[] {
  return all(db, q.selectFrom('payment_methods').select(['key', 'name', 'is_online']).orderBy('position')).map((m) => ({ ...m, is_online: m.is_online === 1 }));
}

export function activeProductIds(db: TillDatabase): string[] {
  return all(db, q.selectFrom('products').select('id').where('is_active', '=', 1).orderBy('seq')).map((row) => row.id);
}
