/**
 * The replica tables a pull replaces, with the columns it writes (the
 * `seq` rowid keys are the database's own). migrations/0001 and 0003 are
 * the truth; a test checks these lists against them.
 */
export interface ReplicaTable {
  name: string;
  /** The service's identity of a row: what "the same record" means between pulls. */
  key: string;
  columns: readonly string[];
  /** For a table of nested records: the column naming the record they belong to (a modifier's product). */
  parentKey?: string;
}

export const CATEGORIES: ReplicaTable = {
  name: 'categories',
  key: 'id',
  columns: ['id', 'icon', 'name_en', 'name_ar', 'sectors', 'position'],
};

export const PRODUCTS: ReplicaTable = {
  name: 'products',
  key: 'id',
  columns: [
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
    'sort_order',
    'images',
    'is_active',
    'created_at',
    'updated_at',
    'rating_amount',
    'rating_avg',
    'sold_amount',
    'sold_revenue',
    'accounting_id',
    'search_text',
  ],
};

export const MODIFIERS: ReplicaTable = {
  name: 'modifiers',
  key: 'id',
  parentKey: 'product_id',
  columns: ['id', 'product_id', 'name_en', 'name_ar', 'price', 'position'],
};

export const PRICES: ReplicaTable = {
  name: 'prices',
  key: 'id',
  parentKey: 'product_id',
  columns: ['id', 'product_id', 'modifier_id', 'priceable_type', 'priceable_id', 'value', 'value_type'],
};

export const BARCODES: ReplicaTable = {
  name: 'barcodes',
  key: 'id',
  columns: ['id', 'barcode', 'product_id', 'modifier_id'],
};

export const PAYMENT_METHODS: ReplicaTable = {
  name: 'payment_methods',
  key: 'key',
  columns: ['key', 'name', 'is_online', 'logo_img', 'position'],
};

export const PAYMENT_METHOD_CONFIGS: ReplicaTable = {
  name: 'payment_method_configs',
  key: 'id',
  columns: ['id', 'payment_method_key', 'target', 'method', 'scope', 'sort'],
};

export const PRINTERS: ReplicaTable = {
  name: 'printers',
  key: 'id',
  columns: ['id', 'name', 'settings', 'address'],
};

export const KITCHENS: ReplicaTable = {
  name: 'kitchens',
  key: 'id',
  columns: ['id', 'branch_id', 'name_en', 'name_ar', 'position'],
};

export const KITCHEN_PRINTERS: ReplicaTable = {
  name: 'kitchen_printers',
  key: 'id',
  parentKey: 'kitchen_id',
  columns: ['id', 'kitchen_id', 'printer_id'],
};

export const KITCHEN_CATEGORIES: ReplicaTable = {
  name: 'kitchen_categories',
  key: 'id',
  parentKey: 'kitchen_id',
  columns: ['id', 'kitchen_id', 'category_id'],
};

export const CUSTOMERS: ReplicaTable = {
  name: 'customers',
  key: 'id',
  columns: ['id', 'userable_id', 'name', 'email', 'phone_prefix', 'phone', 'lang', 'is_active'],
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
];
