import type {
  Barcode,
  Category,
  Customer,
  DiningTable,
  Kitchen,
  Modifier,
  PaymentMethod,
  PaymentMethodConfig,
  Price,
  Printer,
  Product,
} from '../../src-shared/catalog/index.ts';
import { parseDecimal } from '../../src-shared/money/index.ts';
import { searchIndexText } from '../../src-shared/search/index.ts';
import type { ListResource } from '../../src-shared/wire/index.ts';
import type { QueryParams } from '../upstream/index.ts';
import {
  BARCODES,
  CATEGORIES,
  CUSTOMERS,
  KITCHEN_CATEGORIES,
  KITCHEN_PRINTERS,
  KITCHENS,
  MODIFIERS,
  PAYMENT_METHOD_CONFIGS,
  PAYMENT_METHODS,
  PRICES,
  PRINTERS,
  PRODUCTS,
  SERVICE_TABLES,
  type ReplicaTable,
} from '../catalog/index.ts';

/** Who the pull is for: SUBSCRIBER callers must name their market and branch on some lists. */
export interface PullScope {
  marketId: string | null;
  branchId: string | null;
  /** What the products list is asked to include (setting `sync.includes`); absent: modifiers and prices. */
  productIncludes?: readonly string[];
}

/** The products list's includes when nothing says otherwise (`prices` is not in the spec: a service may refuse it). */
export const DEFAULT_PRODUCT_INCLUDES: readonly string[] = ['modifiers', 'prices'];

export type Stage = (table: ReplicaTable, values: unknown[]) => void;

/** One list the till replicates: where it is read from and how a record becomes rows. */
export interface CatalogResource<T = unknown> {
  name: ListResource;
  path: string;
  query(scope: PullScope): QueryParams;
  tables: readonly ReplicaTable[];
  /** `position` is the record's place in the service's order, kept for display; money is stored in minor units of `decimals` places. */
  stage(record: T, position: number, put: Stage, decimals: number): void;
  /**
   * Auxiliary: the till sells without it. A 404 means this service has none
   * (the list goes empty), a 403 or any other failure but a 401 keeps what
   * the replica had; the pull goes on and reports it as skipped. The five
   * required lists (categories, products, payment methods, payment-method
   * configs, printers) fail the pull instead.
   */
  auxiliary?: boolean;
}

const bool = (value: boolean) => (value ? 1 : 0);

const categories: CatalogResource<Category> = {
  name: 'categories',
  path: '/product-categories',
  query: () => ({}),
  tables: [CATEGORIES],
  stage(c, position, put) {
    put(CATEGORIES, [c.id, c.icon, c.name_en, c.name_ar, JSON.stringify(c.sectors), position]);
  },
};

const products: CatalogResource<Product> = {
  name: 'products',
  path: '/products',
  query: (scope) => {
    const includes = scope.productIncludes ?? DEFAULT_PRODUCT_INCLUDES;
    // None: no `includes` at all (an empty `includes[]=` is itself refused by some services).
    return { ...(includes.length > 0 ? { includes: [...includes] } : {}), filter: { market_id: scope.marketId, branch_id: scope.branchId } };
  },
  tables: [PRODUCTS, MODIFIERS, PRICES],
  stage(p, _position, put, decimals) {
    put(PRODUCTS, [
      p.id,
      p.market_id,
      p.branch_id,
      p.category_id,
      p.name_en,
      p.name_ar,
      p.description_en,
      p.description_ar,
      p.duration,
      p.stock,
      p.order,
      p.images === null ? null : JSON.stringify(p.images),
      bool(p.is_active),
      p.created_at,
      p.updated_at,
      p.rating_amount,
      p.rating_avg,
      p.sold_amount,
      p.sold_revenue,
      p.accounting_id,
      searchIndexText(`${p.name_en} ${p.name_ar}`),
    ]);
    p.modifiers.forEach((m, index) => stageModifier(put, p.id, m, index, decimals));
    for (const price of p.prices) stagePrice(put, p.id, price, decimals);
  },
};

/** One modifier of product `productId` as a replica row (also for modifiers read per product). */
export function stageModifier(put: Stage, productId: string, m: Modifier, position: number, decimals: number): void {
  put(MODIFIERS, [m.id, productId, m.name_en, m.name_ar, parseDecimal(m.price, `product ${productId} modifier ${m.id} price`, decimals), position]);
}

/** One price of product `productId` as a replica row (also for prices read per product). */
export function stagePrice(put: Stage, productId: string, price: Price, decimals: number): void {
  put(PRICES, [
    price.id,
    productId,
    price.modifier_id,
    price.priceable_type,
    price.priceable_id,
    // A PERCENT value is hundredths of a percent (two places) whatever the currency.
    parseDecimal(price.value, `product ${productId} price ${price.id} value`, price.value_type === 'PERCENT' ? 2 : decimals),
    price.value_type,
  ]);
}

const barcodes: CatalogResource<Barcode> = {
  name: 'barcodes',
  path: '/products/modifiers/barcodes',
  // `includes` is marked required on this generated page (spec, "Common list parameters").
  query: () => ({ includes: ['product'] }),
  tables: [BARCODES],
  auxiliary: true,
  stage(b, _position, put) {
    put(BARCODES, [b.id, b.barcode, b.product_id, b.modifier_id]);
  },
};

const paymentMethods: CatalogResource<PaymentMethod> = {
  name: 'payment_methods',
  path: '/payment-methods',
  query: () => ({}),
  tables: [PAYMENT_METHODS],
  stage(m, position, put) {
    put(PAYMENT_METHODS, [m.key, m.name, bool(m.is_online), m.logo_img, position]);
  },
};

const paymentMethodConfigs: CatalogResource<PaymentMethodConfig> = {
  name: 'payment_method_configs',
  path: '/payment-methods/settings',
  query: () => ({}),
  tables: [PAYMENT_METHOD_CONFIGS],
  stage(c, _position, put) {
    put(PAYMENT_METHOD_CONFIGS, [c.id, c.payment_method_key, c.target, c.method, c.scope, c.sort]);
  },
};

const printers: CatalogResource<Printer> = {
  name: 'printers',
  path: '/printers',
  query: () => ({}),
  tables: [PRINTERS],
  stage(p, _position, put) {
    put(PRINTERS, [p.id, p.name, JSON.stringify(p.settings), p.address ?? null]);
  },
};

/** Kitchen routing (emulator/README.md, 17): which printers get which categories' lines. */
const kitchens: CatalogResource<Kitchen> = {
  name: 'kitchens',
  path: '/kitchens',
  query: () => ({}),
  tables: [KITCHENS, KITCHEN_PRINTERS, KITCHEN_CATEGORIES],
  auxiliary: true,
  stage(k, position, put) {
    put(KITCHENS, [k.id, k.branch_id, k.name_en, k.name_ar, position]);
    for (const link of k.printers) put(KITCHEN_PRINTERS, [link.id, k.id, link.printer_id]);
    for (const link of k.categories) put(KITCHEN_CATEGORIES, [link.id, k.id, link.category_id]);
  },
};

const customers: CatalogResource<Customer> = {
  name: 'customers',
  path: '/users/customers',
  query: (scope) => ({ includes: ['userable'], filter: { market_id: scope.marketId } }),
  tables: [CUSTOMERS],
  auxiliary: true,
  stage(c, _position, put) {
    put(CUSTOMERS, [c.id, c.userable_id, c.name, c.email, c.phone_prefix, c.phone, c.lang, bool(c.is_active)]);
  },
};

/**
 * The branch's tables (issue 21): the spec names the Tables list but not its
 * path or fields; the till reads `GET /tables` for its branch, tolerantly.
 * 404 or 403: this service keeps no tables, a manager defines them locally.
 */
const tables: CatalogResource<DiningTable> = {
  name: 'tables',
  path: '/tables',
  query: (scope) => ({ filter: { branch_id: scope.branchId } }),
  tables: [SERVICE_TABLES],
  auxiliary: true,
  stage(t, position, put) {
    put(SERVICE_TABLES, [t.id, t.name, t.area, t.seats, bool(t.is_active), position]);
  },
};

/** What a pull reads, in this order (small lists first, so a bad token fails fast). */
export const CATALOG_RESOURCES: readonly CatalogResource[] = [
  categories,
  paymentMethods,
  paymentMethodConfigs,
  printers,
  kitchens,
  customers,
  tables,
  products,
  barcodes,
] as CatalogResource[];
