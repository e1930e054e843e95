import type { Generated } from 'kysely';

/**
 * The replica's tables as Kysely sees them (migrations/*.sql is the truth;
 * a test checks that these columns match it). Money is integer hundredths.
 */
export interface CategoriesTable {
  id: number;
  icon: string;
  name_en: string;
  name_ar: string;
  sectors: string;
  position: number;
}

export interface ProductsTable {
  seq: Generated<number>;
  id: string;
  market_id: string;
  branch_id: string | null;
  category_id: number;
  name_en: string;
  name_ar: string;
  description_en: string | null;
  description_ar: string | null;
  duration: number | null;
  stock: number | null;
  sort_order: number;
  images: string | null;
  is_active: number;
  created_at: number;
  updated_at: number;
  rating_amount: number;
  rating_avg: string;
  sold_amount: number;
  sold_revenue: number;
  accounting_id: string | null;
  search_text: string;
}

export interface ModifiersTable {
  seq: Generated<number>;
  id: string;
  product_id: string;
  name_en: string;
  name_ar: string;
  price: number;
  position: number;
}

export interface PricesTable {
  seq: Generated<number>;
  id: string;
  product_id: string;
  modifier_id: string | null;
  priceable_type: 'PAYMENT_METHOD' | 'ORDER_TYPE';
  priceable_id: string;
  value: number;
  value_type: 'NOMINAL' | 'PERCENT';
}

export interface BarcodesTable {
  seq: Generated<number>;
  id: string;
  barcode: string;
  product_id: string;
  modifier_id: string | null;
}

export interface PaymentMethodsTable {
  key: string;
  name: string;
  is_online: number;
  logo_img: string | null;
  position: number;
}

export interface PaymentMethodConfigsTable {
  id: string;
  payment_method_key: string;
  target: string | null;
  method: string | null;
  scope: string | null;
  sort: number | null;
}

export interface PrintersTable {
  id: string;
  name: string;
  settings: string;
}

export interface CustomersTable {
  id: string;
  userable_id: string;
  name: string;
  email: string;
  phone_prefix: string;
  phone: string;
  lang: string;
  is_active: number;
}

export interface ReplicaMetaTable {
  key: string;
  value: string;
}

export interface ProductSearchTable {
  rowid: number;
  search_text: string;
  product_search: string;
  rank: number;
}

export interface SchemaMigrationsTable {
  version: number;
  name: string;
  applied_at: number;
}

export interface TillSchema {
  categories: CategoriesTable;
  products: ProductsTable;
  modifiers: ModifiersTable;
  prices: PricesTable;
  barcodes: BarcodesTable;
  payment_methods: PaymentMethodsTable;
  payment_method_configs: PaymentMethodConfigsTable;
  printers: PrintersTable;
  customers: CustomersTable;
  replica_meta: ReplicaMetaTable;
  product_search: ProductSearchTable;
  schema_migrations: SchemaMigrationsTable;
}
