import type { Product } from '../../src-shared/catalog/index.ts';
import { searchIndexText } from '../../src-shared/search/index.ts';
import type { CanonicalRecordOf, ListResource } from '../../src-shared/wire/index.ts';
import type { QueryParams } from '../upstream/index.ts';
import { REPLICA, type ReplicaRow, type ReplicaTable, type ReplicaTableName } from '../catalog/index.ts';

/** Who the pull is for: SUBSCRIBER callers must name their market and branch on some lists. */
export interface PullScope {
  marketId: string | null;
  branchId: string | null;
  /** What the products list is asked to include (setting `sync.includes`); absent: modifiers and prices. */
  productIncludes?: readonly string[];
}

/** The products list's includes when nothing says otherwise (`prices` is not in the spec: a service may refuse it). */
export const DEFAULT_PRODUCT_INCLUDES: readonly string[] = ['modifiers', 'prices'];

/** Stages one row of `table`, its values by column name (the schema's names and types). */
export type Stage = <N extends ReplicaTableName>(table: ReplicaTable<N>, row: ReplicaRow<N>) => void;

/** The record a list's reader hands over (list-resource.ts says which); any list's, unknown. */
type StagedRecord<R extends ListResource> = ListResource extends R ? unknown : CanonicalRecordOf<R>;

/** One list the till replicates: where it is read from and how a record becomes rows. */
export interface CatalogResource<R extends ListResource = ListResource> {
  name: R;
  path: string;
  query(scope: PullScope): QueryParams;
  tables: readonly ReplicaTable[];
  /** `position` is the record's place in the service's order, kept for display; money comes and is stored in minor units (the reader parsed it). */
  stage(record: StagedRecord<R>, position: number, put: Stage): void;
  /**
   * Auxiliary: the till sells without it. A 404 means this service has none
   * (the list goes empty), a 403 or any other failure but a 401 keeps what
   * the replica had; the pull goes on and reports it as skipped. The five
   * required lists (categories, products, payment methods, payment-method
   * configs, printers) fail the pull instead.
   */
  auxiliary?: boolean;
  /**
   * A long list (a record or more per product) whose records' place is not
   * kept (`stage` ignores `position`): its pages are read and staged on the
   * page reader's thread (page-reader/), each as soon as it arrives, while
   * the pull's thread writes the one before.
   */
  readOffThread?: true;
}

const bool = (value: boolean) => (value ? 1 : 0);

const categories: CatalogResource<'categories'> = {
  name: 'categories',
  path: '/product-categories',
  query: () => ({}),
  tables: [REPLICA.categories],
  stage(c, position, put) {
    put(REPLICA.categories, { id: c.id, icon: c.icon, name_en: c.name_en, name_ar: c.name_ar, sectors: JSON.stringify(c.sectors), position });
  },
};

const products: CatalogResource<'products'> = {
  name: 'products',
  path: '/products',
  query: (scope) => {
    const includes = scope.productIncludes ?? DEFAULT_PRODUCT_INCLUDES;
    // None: no `includes` at all (an empty `includes[]=` is itself refused by some services).
    return { ...(includes.length > 0 ? { includes: [...includes] } : {}), filter: { market_id: scope.marketId, branch_id: scope.branchId } };
  },
  tables: [REPLICA.products, REPLICA.modifiers, REPLICA.prices],
  readOffThread: true,
  stage(p, _position, put) {
    // Member by member, not a spread of productFieldsAsIs (the same fields): a spread into a row of this width
    // took V8's slow path, 5 µs a product (issue 37). The row's type still names every column.
    put(REPLICA.products, {
      id: p.id,
      market_id: p.market_id,
      branch_id: p.branch_id,
      category_id: p.category_id,
      name_en: p.name_en,
      name_ar: p.name_ar,
      description_en: p.description_en,
      description_ar: p.description_ar,
      duration: p.duration,
      stock: p.stock,
      sort_order: p.order,
      images: p.images === null ? null : JSON.stringify(p.images),
      is_active: bool(p.is_active),
      created_at: p.created_at,
      updated_at: p.updated_at,
      rating_amount: p.rating_amount,
      rating_avg: p.rating_avg,
      sold_amount: p.sold_amount,
      sold_revenue: p.sold_revenue,
      accounting_id: p.accounting_id,
      search_text: searchIndexText(`${p.name_en} ${p.name_ar}`),
    });
    p.modifiers.forEach((m, index) => stageModifier(put, p.id, m, index));
    for (const price of p.prices) stagePrice(put, p.id, price);
  },
};

/** A product whose page came without its prices or modifiers: the pull reads them from the product's own routes. */
export const needsOwnReads = (product: Product): boolean => product.missing_includes !== undefined && product.deleted_at === null;

/** One modifier of product `productId` as a replica row (also for modifiers read per product). */
export function stageModifier(put: Stage, productId: string, m: CanonicalRecordOf<'product_modifiers'>, position: number): void {
  const group = m.group ?? null;
  put(REPLICA.modifiers, {
    id: m.id,
    product_id: productId,
    name_en: m.name_en,
    name_ar: m.name_ar,
    price: m.price,
    position,
    group_id: group?.id ?? null,
    group_name_en: group?.name_en ?? null,
    group_name_ar: group?.name_ar ?? null,
    group_min: group?.min ?? 0,
    group_max: group?.max ?? null,
  });
}

/** One price of product `productId` as a replica row (also for prices read per product). */
export function stagePrice(put: Stage, productId: string, price: CanonicalRecordOf<'product_prices'>): void {
  put(REPLICA.prices, {
    id: price.id,
    product_id: productId,
    modifier_id: price.modifier_id,
    priceable_type: price.priceable_type,
    priceable_id: price.priceable_id,
    value: price.value,
    value_type: price.value_type,
  });
}

const barcodes: CatalogResource<'barcodes'> = {
  name: 'barcodes',
  path: '/products/modifiers/barcodes',
  // `includes` is marked required on this generated page (spec, "Common list parameters").
  query: () => ({ includes: ['product'] }),
  tables: [REPLICA.barcodes],
  auxiliary: true,
  readOffThread: true,
  stage(b, _position, put) {
    put(REPLICA.barcodes, { id: b.id, barcode: b.barcode, product_id: b.product_id, modifier_id: b.modifier_id });
  },
};

const paymentMethods: CatalogResource<'payment_methods'> = {
  name: 'payment_methods',
  path: '/payment-methods',
  query: () => ({}),
  tables: [REPLICA.payment_methods],
  stage(m, position, put) {
    put(REPLICA.payment_methods, { key: m.key, name: m.name, is_online: bool(m.is_online), logo_img: m.logo_img, position });
  },
};

const paymentMethodConfigs: CatalogResource<'payment_method_configs'> = {
  name: 'payment_method_configs',
  path: '/payment-methods/settings',
  query: () => ({}),
  tables: [REPLICA.payment_method_configs],
  stage(c, _position, put) {
    put(REPLICA.payment_method_configs, {
      id: c.id,
      payment_method_key: c.payment_method_key,
      target: c.target,
      method: c.method,
      scope: c.scope,
      sort: c.sort,
    });
  },
};

const printers: CatalogResource<'printers'> = {
  name: 'printers',
  path: '/printers',
  query: () => ({}),
  tables: [REPLICA.printers],
  stage(p, _position, put) {
    put(REPLICA.printers, { id: p.id, name: p.name, settings: JSON.stringify(p.settings), address: p.address ?? null });
  },
};

/** Kitchen routing (emulator/README.md, 17): which printers get which categories' lines. */
const kitchens: CatalogResource<'kitchens'> = {
  name: 'kitchens',
  path: '/kitchens',
  query: () => ({}),
  tables: [REPLICA.kitchens, REPLICA.kitchen_printers, REPLICA.kitchen_categories],
  auxiliary: true,
  stage(k, position, put) {
    put(REPLICA.kitchens, { id: k.id, branch_id: k.branch_id, name_en: k.name_en, name_ar: k.name_ar, position });
    for (const link of k.printers) put(REPLICA.kitchen_printers, { id: link.id, kitchen_id: k.id, printer_id: link.printer_id });
    for (const link of k.categories) put(REPLICA.kitchen_categories, { id: link.id, kitchen_id: k.id, category_id: link.category_id });
  },
};

const customers: CatalogResource<'customers'> = {
  name: 'customers',
  path: '/users/customers',
  query: (scope) => ({ includes: ['userable'], filter: { market_id: scope.marketId } }),
  tables: [REPLICA.customers],
  auxiliary: true,
  stage(c, _position, put) {
    put(REPLICA.customers, {
      id: c.id,
      userable_id: c.userable_id,
      name: c.name,
      email: c.email,
      phone_prefix: c.phone_prefix,
      phone: c.phone,
      lang: c.lang,
      is_active: bool(c.is_active),
    });
  },
};

/**
 * The branch's tables (issue 21): the spec names the Tables list but not its
 * path or fields; the till reads `GET /tables` for its branch, tolerantly.
 * 404 or 403: this service keeps no tables, a manager defines them locally.
 */
const tables: CatalogResource<'tables'> = {
  name: 'tables',
  path: '/tables',
  query: (scope) => ({ filter: { branch_id: scope.branchId } }),
  tables: [REPLICA.service_tables],
  auxiliary: true,
  stage(t, position, put) {
    put(REPLICA.service_tables, { id: t.id, name: t.name, area: t.area, seats: t.seats, is_active: bool(t.is_active), position });
  },
};

/**
 * The service's discounts (issue 35): the spec names Discounts List without
 * a path or fields; the till reads `GET /discounts` for its market and
 * branch, tolerantly (member table, "discount"). 404 or 403: none.
 */
const discounts: CatalogResource<'discounts'> = {
  name: 'discounts',
  path: '/discounts',
  query: (scope) => ({ filter: { market_id: scope.marketId, branch_id: scope.branchId } }),
  tables: [REPLICA.discounts],
  auxiliary: true,
  stage(d, position, put) {
    const json = (value: unknown) => JSON.stringify(value);
    put(REPLICA.discounts, {
      id: d.id,
      name_en: d.name_en,
      name_ar: d.name_ar,
      kind: d.kind,
      value: d.value,
      max_amount: d.max_amount,
      product_ids: json(d.product_ids),
      category_ids: json(d.category_ids),
      branch_ids: json(d.branch_ids),
      order_types: json(d.order_types),
      valid_from: d.valid_from === null ? null : json(d.valid_from),
      valid_to: d.valid_to === null ? null : json(d.valid_to),
      days: json(d.days),
      hours_from: d.hours_from,
      hours_to: d.hours_to,
      code: d.code,
      min_order: d.min_order,
      is_active: bool(d.is_active),
      automatic: bool(d.automatic),
      position,
    });
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
  discounts,
  products,
  barcodes,
] as CatalogResource[];
