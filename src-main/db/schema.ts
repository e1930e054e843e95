import type { Generated } from 'kysely';

/**
 * Every table of migrations/*.sql as Kysely sees it: the types cover all SQL
 * written with `q`. migrations/*.sql is the truth; TABLE_COLUMNS below lists
 * the same columns at run time, the type check at the end ties the list to
 * these interfaces, and test/unit/db/schema.test.ts ties it to the migrated
 * database (PRAGMA table_xinfo). Money is integer minor units; booleans are
 * 0/1; JSON columns are TEXT.
 */

export interface SchemaMigrationsTable {
  version: number;
  name: string;
  applied_at: number;
}

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
  address: string | null;
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

/** FTS5 over products.search_text; `product_search` (the table as a column, for MATCH) and `rank` are FTS5's hidden columns, rowid is products.seq. */
export interface ProductSearchTable {
  rowid: number;
  search_text: string | null;
  product_search: string | null;
  rank: number | null;
}

export interface OrdersTable {
  seq: Generated<number>;
  uuid: string;
  number: string;
  business_day: string;
  day_sequence: number;
  kind: 'SALE' | 'REFUND';
  refund_of: string | null;
  status: string;
  type: string;
  table_id: string | null;
  customer_id: string | null;
  market_id: string;
  branch_id: string;
  price_list: string;
  vat_rate: number;
  prices_include_tax: number;
  subtotal: number;
  discount_total: number;
  tax: number;
  total: number;
  tendered: number;
  change_due: number;
  order_discount: string | null;
  notes: string | null;
  zatca_qr: string | null;
  created_at: number;
  cashier_id: string | null;
  shift_id: string | null;
  refund_reason: string | null;
  refund_of_number: string | null;
  /** The station's code (migration 0013); its sequence of the business day, the number called out. */
  station: string | null;
  station_sequence: number | null;
}

export interface OrderLinesTable {
  order_uuid: string;
  line_no: number;
  product_id: string;
  category_id: number;
  name_en: string;
  name_ar: string;
  quantity: number;
  unit_price: number;
  gross: number;
  discount: number;
  tax: number;
  total: number;
  line_discount: string | null;
  modifiers: string;
  notes: string | null;
  refunds_line: number | null;
}

export interface OrderPaymentsTable {
  order_uuid: string;
  position: number;
  method_key: string;
  amount: number;
  shift_id: string | null;
  cashier_id: string | null;
  paid_at: number | null;
  settlement_uuid: string | null;
}

export interface OutboxTable {
  order_uuid: string;
  state: 'pending' | 'synced' | 'rejected';
  enqueued_seq: number;
  attempts: Generated<number>;
  next_attempt_at: Generated<number>;
  last_error: string | null;
  service_id: string | null;
  service_status: string | null;
  rejection: string | null;
  synced_at: number | null;
  frozen_at: number | null;
}

export interface ParkedCartsTable {
  id: string;
  label: string;
  cart: string;
  parked_at: number;
}

export interface StationCartsTable {
  station: string;
  cart: string;
  updated_at: number;
}

export interface StationsTable {
  id: Generated<number>;
  code: string;
  name: string;
  /** 'counter' | 'kitchen_display' | 'customer_display' (the migration's CHECK). */
  kind: string;
  receipt_printer_id: string | null;
  drawer_printer_id: string | null;
  created_at: number;
  revoked_at: number | null;
}

export interface StationDevicesTable {
  token_hash: string;
  id: string;
  station_code: string;
  address: string | null;
  paired_at: number;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface KitchensTable {
  id: string;
  branch_id: string | null;
  name_en: string;
  name_ar: string;
  position: number;
}

/** The service's Tables list (replica, migration 0015). */
export interface ServiceTablesTable {
  seq: Generated<number>;
  id: string;
  name: string;
  area: string | null;
  seats: number | null;
  is_active: number;
  position: number;
}

/** Tables a manager defined on the till (migration 0015). */
export interface LocalTablesTable {
  seq: number;
  id: string;
  name: string;
  area: string | null;
  seats: number | null;
  created_at: number;
  removed_at: number | null;
}

export interface KitchenPrintersTable {
  id: string;
  kitchen_id: string;
  printer_id: string;
}

export interface KitchenCategoriesTable {
  id: string;
  kitchen_id: string;
  category_id: number;
}

export interface PrinterBindingsTable {
  printer_id: string;
  address: string | null;
  app_command: string | null;
  paper_width: Generated<number>;
  updated_at: number;
}

export interface PrinterRoutesTable {
  printer_id: string;
  category_ids: string;
  updated_at: number;
}

export interface PrintJobsTable {
  id: Generated<number>;
  /** Null for a document job (a shift report, the drawer kick: migration 0008). */
  order_uuid: string | null;
  printer_id: string;
  kind: 'receipt' | 'kitchen' | 'document';
  reason: 'checkout' | 'demand' | 'reprint';
  state: 'pending' | 'done' | 'failed';
  attempts: Generated<number>;
  next_attempt_at: Generated<number>;
  last_error: string | null;
  created_at: number;
  finished_at: number | null;
  /** JSON ReceiptDocument of a document job. */
  document: string | null;
  give_up_at: number | null;
}

/** Kept by triggers on outbox (migration 0004): pending/synced/rejected counts without a scan. */
export interface OutboxCountsTable {
  state: string;
  n: number;
}

export interface AuditTable {
  id: Generated<number>;
  at: number;
  who: string;
  action: string;
  method: string | null;
  order_uuid: string | null;
  outcome: string;
  approved_by: string | null;
  detail: string | null;
}

export interface CashiersTable {
  id: string;
  name: string;
  name_key: string;
  role: string;
  pin_hash: string;
  active: Generated<number>;
  created_at: number;
  /** How many times a manager signed this cashier out of every station (migration 0017). */
  sign_outs: Generated<number>;
}

export interface ShiftsTable {
  seq: Generated<number>;
  id: string;
  cashier_id: string;
  business_day: string;
  opened_at: number;
  float_amount: number;
  float_counts: string | null;
  closed_at: number | null;
  closed_by: string | null;
  cash_expected: number | null;
  cash_counted: number | null;
  other_counts: string | null;
  z_report: string | null;
  /** The station whose drawer the shift is (migration 0013). */
  station: string | null;
}

export interface CashMovementsTable {
  seq: Generated<number>;
  id: string;
  shift_id: string;
  cashier_id: string;
  kind: string;
  amount: number;
  reason: string;
  created_at: number;
}

export interface RecordOutboxTable {
  seq: Generated<number>;
  uuid: string;
  kind: string;
  body: string;
  state: string;
  attempts: Generated<number>;
  next_attempt_at: Generated<number>;
  last_error: string | null;
  synced_at: number | null;
  created_at: number;
  /** The station the record came from (migration 0016): kept here, never sent (the spec shows no member for it). */
  station: string | null;
}

export interface ZatcaEgsTable {
  id: number;
  environment: string;
  base_url: string;
  common_name: string;
  certificate: string;
  certificate_expires_at: number;
  onboarded_at: number;
  next_icv: number;
  last_hash: string;
  /** The invoice types the CSID covers (the CSR's title): 0100 simplified only, 1100 standard too (migration 0017). */
  invoice_types: string;
}

export interface ZatcaDocumentsTable {
  icv: number;
  order_uuid: string;
  /** The document's cbc:UUID (migration 0017): a sale may have a standard invoice that was not cleared and the simplified one issued instead. */
  uuid: string;
  kind: string;
  /** simplified (reported) or standard (cleared before it prints). */
  profile: Generated<string>;
  number: string;
  issued_at: number;
  pih: string;
  hash: string;
  qr: string;
  xml: string;
  buyer: string | null;
  cleared_xml: string | null;
  report_state: Generated<string>;
  attempts: Generated<number>;
  next_attempt_at: Generated<number>;
  last_error: string | null;
  zatca_status: string | null;
  messages: string | null;
  reported_at: number | null;
}

export interface PinThrottleTable {
  scope: string;
  failures: number;
  next_try_at: number;
}

export interface TillSchema {
  schema_migrations: SchemaMigrationsTable;
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
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  order_payments: OrderPaymentsTable;
  outbox: OutboxTable;
  parked_carts: ParkedCartsTable;
  station_carts: StationCartsTable;
  stations: StationsTable;
  station_devices: StationDevicesTable;
  settings: SettingsTable;
  kitchens: KitchensTable;
  kitchen_printers: KitchenPrintersTable;
  kitchen_categories: KitchenCategoriesTable;
  service_tables: ServiceTablesTable;
  local_tables: LocalTablesTable;
  printer_bindings: PrinterBindingsTable;
  printer_routes: PrinterRoutesTable;
  print_jobs: PrintJobsTable;
  outbox_counts: OutboxCountsTable;
  audit: AuditTable;
  cashiers: CashiersTable;
  shifts: ShiftsTable;
  cash_movements: CashMovementsTable;
  record_outbox: RecordOutboxTable;
  pin_throttle: PinThrottleTable;
  zatca_egs: ZatcaEgsTable;
  zatca_documents: ZatcaDocumentsTable;
}

export const TABLE_COLUMNS = {
  schema_migrations: ['version', 'name', 'applied_at'],
  categories: ['id', 'icon', 'name_en', 'name_ar', 'sectors', 'position'],
  products: [
    'seq',
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
  modifiers: ['seq', 'id', 'product_id', 'name_en', 'name_ar', 'price', 'position'],
  prices: ['seq', 'id', 'product_id', 'modifier_id', 'priceable_type', 'priceable_id', 'value', 'value_type'],
  barcodes: ['seq', 'id', 'barcode', 'product_id', 'modifier_id'],
  payment_methods: ['key', 'name', 'is_online', 'logo_img', 'position'],
  payment_method_configs: ['id', 'payment_method_key', 'target', 'method', 'scope', 'sort'],
  printers: ['id', 'name', 'settings', 'address'],
  customers: ['id', 'userable_id', 'name', 'email', 'phone_prefix', 'phone', 'lang', 'is_active'],
  replica_meta: ['key', 'value'],
  product_search: ['search_text', 'product_search', 'rank'],
  orders: [
    'seq',
    'uuid',
    'number',
    'business_day',
    'day_sequence',
    'kind',
    'refund_of',
    'status',
    'type',
    'table_id',
    'customer_id',
    'market_id',
    'branch_id',
    'price_list',
    'vat_rate',
    'prices_include_tax',
    'subtotal',
    'discount_total',
    'tax',
    'total',
    'tendered',
    'change_due',
    'order_discount',
    'notes',
    'zatca_qr',
    'created_at',
    'cashier_id',
    'shift_id',
    'refund_reason',
    'refund_of_number',
    'station',
    'station_sequence',
  ],
  order_lines: [
    'order_uuid',
    'line_no',
    'product_id',
    'category_id',
    'name_en',
    'name_ar',
    'quantity',
    'unit_price',
    'gross',
    'discount',
    'tax',
    'total',
    'line_discount',
    'modifiers',
    'notes',
    'refunds_line',
  ],
  order_payments: ['order_uuid', 'position', 'method_key', 'amount', 'shift_id', 'cashier_id', 'paid_at', 'settlement_uuid'],
  outbox: [
    'order_uuid',
    'state',
    'enqueued_seq',
    'attempts',
    'next_attempt_at',
    'last_error',
    'service_id',
    'service_status',
    'rejection',
    'synced_at',
    'frozen_at',
  ],
  parked_carts: ['id', 'label', 'cart', 'parked_at'],
  station_carts: ['station', 'cart', 'updated_at'],
  stations: ['id', 'code', 'name', 'kind', 'receipt_printer_id', 'drawer_printer_id', 'created_at', 'revoked_at'],
  station_devices: ['token_hash', 'id', 'station_code', 'address', 'paired_at'],
  settings: ['key', 'value'],
  kitchens: ['id', 'branch_id', 'name_en', 'name_ar', 'position'],
  kitchen_printers: ['id', 'kitchen_id', 'printer_id'],
  kitchen_categories: ['id', 'kitchen_id', 'category_id'],
  service_tables: ['seq', 'id', 'name', 'area', 'seats', 'is_active', 'position'],
  local_tables: ['seq', 'id', 'name', 'area', 'seats', 'created_at', 'removed_at'],
  printer_bindings: ['printer_id', 'address', 'app_command', 'paper_width', 'updated_at'],
  printer_routes: ['printer_id', 'category_ids', 'updated_at'],
  print_jobs: [
    'id',
    'order_uuid',
    'printer_id',
    'kind',
    'reason',
    'state',
    'attempts',
    'next_attempt_at',
    'last_error',
    'created_at',
    'finished_at',
    'document',
    'give_up_at',
  ],
  outbox_counts: ['state', 'n'],
  audit: ['id', 'at', 'who', 'action', 'method', 'order_uuid', 'outcome', 'approved_by', 'detail'],
  cashiers: ['id', 'name', 'name_key', 'role', 'pin_hash', 'active', 'created_at', 'sign_outs'],
  shifts: [
    'seq',
    'id',
    'cashier_id',
    'business_day',
    'opened_at',
    'float_amount',
    'float_counts',
    'closed_at',
    'closed_by',
    'cash_expected',
    'cash_counted',
    'other_counts',
    'z_report',
    'station',
  ],
  cash_movements: ['seq', 'id', 'shift_id', 'cashier_id', 'kind', 'amount', 'reason', 'created_at'],
  record_outbox: ['seq', 'uuid', 'kind', 'body', 'state', 'attempts', 'next_attempt_at', 'last_error', 'synced_at', 'created_at', 'station'],
  pin_throttle: ['scope', 'failures', 'next_try_at'],
  zatca_egs: [
    'id',
    'environment',
    'base_url',
    'common_name',
    'certificate',
    'certificate_expires_at',
    'onboarded_at',
    'next_icv',
    'last_hash',
    'invoice_types',
  ],
  zatca_documents: [
    'icv',
    'order_uuid',
    'uuid',
    'kind',
    'profile',
    'number',
    'issued_at',
    'pih',
    'hash',
    'qr',
    'xml',
    'buyer',
    'cleared_xml',
    'report_state',
    'attempts',
    'next_attempt_at',
    'last_error',
    'zatca_status',
    'messages',
    'reported_at',
  ],
} as const satisfies { [T in keyof TillSchema]: readonly (keyof TillSchema[T] & string)[] };

/** Columns a table has without listing them: SQLite's rowid. */
type Implicit = 'rowid';

/** true when `List` names exactly the columns of `Table` (besides the implicit ones). */
type ListsExactly<Table, List extends readonly string[]> = [Exclude<Exclude<keyof Table & string, Implicit>, List[number]>] extends [never]
  ? [Exclude<List[number], keyof Table>] extends [never]
    ? true
    : false
  : false;

type Assert<T extends true> = T;
/** Fails to compile when an interface and its column list disagree. */
export type SchemaListsAgree = Assert<{ [T in keyof TillSchema]: ListsExactly<TillSchema[T], (typeof TABLE_COLUMNS)[T]> }[keyof TillSchema]>;
