import type { Selectable } from 'kysely';
import type { Product } from '../../src-shared/catalog/index.ts';
import { TABLE_COLUMNS, type TillSchema } from '../db/index.ts';

/**
 * The replica tables a pull replaces, with the columns it writes: every
 * column of the schema (db/schema.ts, checked against the migrations by a
 * test) but the `seq` rowid key, which is the database's own.
 */
/** The tables a pull replaces (all owned by the catalog). */
export type ReplicaTableName =
  | 'categories'
  | 'products'
  | 'modifiers'
  | 'prices'
  | 'barcodes'
  | 'payment_methods'
  | 'payment_method_configs'
  | 'printers'
  | 'customers'
  | 'kitchens'
  | 'kitchen_printers'
  | 'kitchen_categories'
  | 'service_tables';

export interface ReplicaTable<N extends ReplicaTableName = ReplicaTableName> {
  name: N;
  /** The service's identity of a row: what "the same record" means between pulls. */
  key: string;
  columns: readonly string[];
  /** For a table of nested records: the column naming the record they belong to (a modifier's product). */
  parentKey?: string;
}

/** One staged row of table `N`, by column name: every column the pull writes (all but `seq`), typed as the schema says. */
export type ReplicaRow<N extends ReplicaTableName> = Omit<Selectable<TillSchema[N]>, 'seq'>;

/**
 * A product's fields the replica stores under their own names and as they
 * are: the pull writes them from the service's record and readCatalog reads
 * them back, so the two cannot drift. The rest (order, images, is_active,
 * search_text) each side converts itself.
 */
const PRODUCT_FIELDS_AS_IS = [
  'id',
  'market_id',
  'branch_id',
  'category_id',
  'name_en',
  'name_ar',
  'description_en',
  'description_ar',
  'duration',
  'stock',
  'created_at',
  'updated_at',
  'rating_amount',
  'rating_avg',
  'sold_amount',
  'sold_revenue',
  'accounting_id',
] as const satisfies readonly (keyof Product & keyof ReplicaRow<'products'>)[];

type ProductFieldAsIs = (typeof PRODUCT_FIELDS_AS_IS)[number];

/** Those fields of a product, or of its stored row (it has them under the same names and types). */
export function productFieldsAsIs(from: Pick<Product, ProductFieldAsIs>): Pick<Product, ProductFieldAsIs> {
  const picked: Record<string, unknown> = {};
  for (const field of PRODUCT_FIELDS_AS_IS) picked[field] = from[field];
  return picked as Pick<Product, ProductFieldAsIs>;
}

function writtenColumns(table: ReplicaTableName): readonly string[] {
  return TABLE_COLUMNS[table].filter((column) => column !== 'seq');
}

export const CATEGORIES: ReplicaTable<'categories'> = {
  name: 'categories',
  key: 'id',
  columns: writtenColumns('categories'),
};

export const PRODUCTS: ReplicaTable<'products'> = {
  name: 'products',
  key: 'id',
  columns: writtenColumns('products'),
};

export const MODIFIERS: ReplicaTable<'modifiers'> = {
  name: 'modifiers',
  key: 'id',
  parentKey: 'product_id',
  columns: writtenColumns('modifiers'),
};

export const PRICES: ReplicaTable<'prices'> = {
  name: 'prices',
  key: 'id',
  parentKey: 'product_id',
  columns: writtenColumns('prices'),
};

export const BARCODES: ReplicaTable<'barcodes'> = {
  name: 'barcodes',
  key: 'id',
  columns: writtenColumns('barcodes'),
};

export const PAYMENT_METHODS: ReplicaTable<'payment_methods'> = {
  name: 'payment_methods',
  key: 'key',
  columns: writtenColumns('payment_methods'),
};

export const PAYMENT_METHOD_CONFIGS: ReplicaTable<'payment_method_configs'> = {
  name: 'payment_method_configs',
  key: 'id',
  columns: writtenColumns('payment_method_configs'),
};

export const PRINTERS: ReplicaTable<'printers'> = {
  name: 'printers',
  key: 'id',
  columns: writtenColumns('printers'),
};

export const KITCHENS: ReplicaTable<'kitchens'> = {
  name: 'kitchens',
  key: 'id',
  columns: writtenColumns('kitchens'),
};

export const KITCHEN_PRINTERS: ReplicaTable<'kitchen_printers'> = {
  name: 'kitchen_printers',
  key: 'id',
  parentKey: 'kitchen_id',
  columns: writtenColumns('kitchen_printers'),
};

export const KITCHEN_CATEGORIES: ReplicaTable<'kitchen_categories'> = {
  name: 'kitchen_categories',
  key: 'id',
  parentKey: 'kitchen_id',
  columns: writtenColumns('kitchen_categories'),
};

export const CUSTOMERS: ReplicaTable<'customers'> = {
  name: 'customers',
  key: 'id',
  columns: writtenColumns('customers'),
};

/** The service's Tables list (issue 21); where it has none, the floor's local tables stand in. */
export const SERVICE_TABLES: ReplicaTable<'service_tables'> = {
  name: 'service_tables',
  key: 'id',
  columns: writtenColumns('service_tables'),
};

export const REPLICA_TABLES: readonly ReplicaTable[] = [
  CATEGORIES,
  PRODUCTS,
  MODIFIERS,
  PRICES,
  BARCODES,
  PAYMENT_METHODS,
  PAYMENT_METHOD_CONFIGS,
  PRINTERS,
  CUSTOMERS,
  KITCHENS,
  KITCHEN_PRINTERS,
  KITCHEN_CATEGORIES,
  SERVICE_TABLES,
];
