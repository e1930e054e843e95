import type {
  Barcode,
  Category,
  Customer,
  Modifier,
  PaymentMethod,
  PaymentMethodConfig,
  Price,
  Printer,
  PrinterSettings,
  Product,
} from '../../src-shared/catalog/index.ts';
import { all, q, type TillDatabase } from '../db/index.ts';
import { productFieldsAsIs } from './replica-tables.ts';
import { MODIFIER_COLUMNS, modifierOfRow } from './modifier-row.ts';

/** The whole replica as canonical records (money in minor units); `pos catalog --json` prints it with money as decimal strings. */
export interface CatalogSnapshot {
  categories: Category[];
  products: Product[];
  payment_methods: PaymentMethod[];
  payment_method_configs: PaymentMethodConfig[];
  printers: Printer[];
  barcodes: Barcode[];
  customers: Customer[];
}

function groupBy<T, K>(items: T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

/** In one read transaction: every list from the same generation of the replica, even when a pull publishes between two of them. */
export function readCatalog(db: TillDatabase): CatalogSnapshot {
  return db.transaction(() => readEveryList(db))();
}

function readEveryList(db: TillDatabase): CatalogSnapshot {
  const modifiers = groupBy(
    all(db, q.selectFrom('modifiers').select(MODIFIER_COLUMNS).orderBy('product_seq').orderBy('position')).map(modifierOfRow),
    (m: Modifier) => m.product_id,
  );
  const prices = groupBy(
    all(db, q.selectFrom('prices').select(['id', 'product_id', 'modifier_id', 'priceable_type', 'priceable_id', 'value', 'value_type']).orderBy('seq')),
    (p: Price) => p.product_id,
  );
  return {
    categories: all(db, q.selectFrom('categories').selectAll().orderBy('position')).map((c) => ({
      id: c.id,
      icon: c.icon,
      name_en: c.name_en,
      name_ar: c.name_ar,
      deleted_at: null,
      sectors: JSON.parse(c.sectors) as Category['sectors'],
    })),
    products: all(db, q.selectFrom('products').selectAll().orderBy('category_id').orderBy('sort_order')).map((p) => ({
      ...productFieldsAsIs(p),
      order: p.sort_order,
      images: p.images === null ? null : (JSON.parse(p.images) as string[]),
      is_active: p.is_active === 1,
      deleted_at: null,
      modifiers: modifiers.get(p.id) ?? [],
      prices: prices.get(p.id) ?? [],
    })),
    payment_methods: all(db, q.selectFrom('payment_methods').selectAll().orderBy('position')).map((m) => ({
      key: m.key,
      name: m.name,
      is_online: m.is_online === 1,
      logo_img: m.logo_img,
    })),
    payment_method_configs: all(db, q.selectFrom('payment_method_configs').selectAll().orderBy('id')).map((c) => ({
      id: c.id,
      payment_method_key: c.payment_method_key,
      target: c.target as PaymentMethodConfig['target'],
      method: c.method,
      scope: c.scope,
      sort: c.sort,
    })),
    printers: all(db, q.selectFrom('printers').selectAll().orderBy('name')).map((p) => ({
      id: p.id,
      name: p.name,
      settings: JSON.parse(p.settings) as PrinterSettings,
    })),
    barcodes: all(db, q.selectFrom('barcodes').select(['id', 'barcode', 'product_id', 'modifier_id']).orderBy('barcode')),
    customers: all(
      db,
      q.selectFrom('customers').select(['id', 'userable_id', 'name', 'email', 'phone_prefix', 'phone', 'lang', 'is_active']).orderBy('name'),
    ).map((c) => ({ ...c, is_active: c.is_active === 1 })),
  };
}
