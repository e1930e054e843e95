import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_VERSIONS, isApiVersion, isAtLeast, type ApiVersion } from '../../src-shared/api-version.ts';

// A tiny service written from the spec alone, independent of the emulator:
// it serves what the spec shows and nothing it does not. No `/me`, no
// `/kitchens`, no `includes[]=prices` (prices only on their own route),
// products without nested includes, the accounting reference under a
// provider's name, printers with nothing but their flags, price objects
// without id or product id. Tests prove the till syncs and sells against it.

export interface SpecOnlyOptions {
  token?: string;
  /** Versions it takes; any other `X-API-Version` gets a 422 naming the allowed ones. Default: 2.0.0 to 2.3.0, as the spec's reference pages list. */
  acceptedVersions?: readonly ApiVersion[];
  /** Larger `per_page` gets a 422 naming the maximum. */
  maxPerPage?: number;
  /**
   * How that 422 is worded: `envelope` (the spec's error envelope, "may not be greater than N"),
   * `laravel` (Laravel's own body `{message, errors}`: "The per page field must not be greater than N."),
   * `unnumbered` (a message only, naming no maximum).
   */
  perPageRefusal?: 'envelope' | 'laravel' | 'unnumbered';
  /**
   * A 3-decimal market (KWD): prices with three places ("2.125"), a modifier at "0.375", and, when
   * `me` is set, a `/me` naming the market and its currency.
   */
  threePlaces?: { me?: boolean };
  /** A strict query builder on `/products`: any other include is refused with this status (spatie's wording), naming it. */
  productIncludes?: { allowed: readonly string[]; status: 400 | 422 };
  /** An answer status forced on a path (e.g. `{ '/users/customers': 403 }`). */
  statuses?: Record<string, number>;
  /** The only `includes` values the barcodes page takes; another gets a 422 naming these. */
  barcodeIncludes?: readonly string[];
}

export interface SpecOnlyService {
  baseUrl: string;
  token: string;
  marketId: string;
  branchId: string;
  productIds: string[];
  /** Every request's path and query, in order. */
  requests: string[];
  /** The bodies of every `POST /orders/sync` (answered with each order `created`). */
  orderPosts: unknown[];
  close(): Promise<void>;
}

const MARKET = '0b7f6a52-1c1e-4e0f-9a51-6f1d2c3b4a50';
const BRANCH = '1c8a7b63-2d2f-4f10-8b62-7a2e3d4c5b61';
const CASH_THREE_PLACES = ['1.250', '2.125', '0.375', '3.005', '4.999'];
const PRODUCTS = ['Espresso', 'Latte', 'Croissant', 'Water', 'Cheesecake'].map((name, index) => ({
  id: `7d${index}e9c1a-0000-4000-8000-00000000000${index}`,
  name,
  categoryId: index < 2 ? 1 : 2,
  cash: `${10 + index * 3}.50`,
  cash3: CASH_THREE_PLACES[index]!,
}));
const FLAGS = [
  'MULTILINGUAL',
  'PRODUCT_SHOW',
  'DRAWER_OPEN',
  'PRINT_POSTPAID',
  'PRINT_IMAGE',
  'PRINT_AUTO',
  'APP_TO_APP',
  'HAS_SPACE',
  'RASTER',
  'PDF',
] as const;
const LEGACY = [
  'is_multi_lang',
  'is_show_product',
  'is_open_drawer',
  'is_postpaid_print',
  'is_img_print',
  'is_auto_print',
  'is_app_to_app',
  'add_space',
  'is_raster',
  'is_pdf',
] as const;

function envelope(code: number, data: unknown) {
  return { meta: { code, status: 'success', message: 'Data Loaded Successfully' }, data };
}

function failure(code: number, message: string, errors?: Record<string, string[]>) {
  return { meta: { code, status: 'error', message }, data: null, ...(errors ? { errors } : {}) };
}

function paginate(url: URL, items: unknown[], page: number, perPage: number) {
  const lastPage = Math.max(1, Math.ceil(items.length / perPage));
  const slice = items.slice((page - 1) * perPage, page * perPage);
  const link = (p: number) => `${url.origin}${url.pathname}?page=${p}`;
  return {
    current_page: page,
    data: slice,
    first_page_url: link(1),
    from: slice.length ? (page - 1) * perPage + 1 : null,
    last_page: lastPage,
    last_page_url: link(lastPage),
    links: [
      { url: page > 1 ? link(page - 1) : null, label: '&laquo; Previous', active: false },
      ...Array.from({ length: lastPage }, (_, i) => ({ url: link(i + 1), label: String(i + 1), active: i + 1 === page })),
      { url: page < lastPage ? link(page + 1) : null, label: 'Next &raquo;', active: false },
    ],
    next_page_url: page < lastPage ? link(page + 1) : null,
    path: `${url.origin}${url.pathname}`,
    per_page: perPage,
    prev_page_url: page > 1 ? link(page - 1) : null,
    to: slice.length ? (page - 1) * perPage + slice.length : null,
    total: items.length,
  };
}

function category(id: number, name: string, version: ApiVersion) {
  const reference = isAtLeast(version, '2.3.0') ? 'category_id' : 'product_category_id';
  return { id, icon: id === 1 ? '☕' : '🍰', name_en: name, name_ar: name, deleted_at: null, sectors: [{ id: id * 10, sector_id: 1, [reference]: id }] };
}

function product(p: (typeof PRODUCTS)[number], index: number, version: ApiVersion) {
  const renamed = isAtLeast(version, '2.3.0');
  return {
    id: p.id,
    market_id: MARKET,
    branch_id: null,
    [renamed ? 'category_id' : 'product_category_id']: p.categoryId,
    name_en: p.name,
    name_ar: p.name,
    description_en: null,
    description_ar: null,
    [renamed ? 'duration' : 'preparation_time']: 5,
    stock: null,
    order: index,
    images: null,
    is_active: true,
    created_at: 1_700_000_000_000,
    updated_at: 1_700_000_000_000,
    deleted_at: null,
    rating_amount: 0,
    rating_avg: '0.00',
    sold_amount: 0,
    sold_revenue: 0,
    // "the wire name carries the provider's name"
    qoyod_id: `Q-${index + 1}`,
  };
}

/** Prices as the spec shows them per version: no id, no product id. */
function prices(p: (typeof PRODUCTS)[number], version: ApiVersion, threePlaces: boolean) {
  const cash = threePlaces ? p.cash3 : p.cash;
  if (!isAtLeast(version, '2.2.3')) {
    return [
      {
        payment_method_key: 'CASH',
        price: cash,
        tax: '0.00',
        total: cash,
        is_tax_included: true,
        product_modifier_id: null,
        market_id: MARKET,
        branch_id: null,
      },
    ];
  }
  const reference = isAtLeast(version, '2.3.0') ? { modifier_id: null } : { product_modifier_id: null, market_id: MARKET, branch_id: null };
  return [
    { priceable_type: 'PAYMENT_METHOD', priceable_id: 'CASH', value: cash, value_type: 'NOMINAL', ...reference },
    { priceable_type: 'ORDER_TYPE', priceable_id: 'DELIVERY', value: '10.00', value_type: 'PERCENT', ...reference },
  ];
}

function printer(version: ApiVersion, on: readonly string[]) {
  if (isAtLeast(version, '2.2.1')) return { settings: Object.fromEntries(FLAGS.map((flag) => [flag, on.includes(flag)])) };
  return Object.fromEntries(LEGACY.map((member, i) => [member, on.includes(FLAGS[i]!)]));
}

function config(version: ApiVersion) {
  const base = { id: 'c0f1a2b3-0000-4000-8000-000000000001', payment_method_key: 'CASH' };
  return isAtLeast(version, '2.4.0') ? { ...base, target: 'PRODUCT', sort: 1 } : base;
}

const CUSTOMER = {
  id: '9e0d1c2b-0000-4000-8000-000000000001',
  userable_id: '9e0d1c2b-0000-4000-8000-000000000002',
  role: 'USER_CUSTOMER',
  name: 'Noura',
  username: null,
  email: 'noura@example.com',
  phone_prefix: '966',
  phone: '500000001',
  lang: 'ar',
  fcm_token: null,
  is_active: true,
  email_verified_at: null,
  phone_verified_at: null,
  created_at: null,
  updated_at: null,
  deleted_at: null,
  profile_img: 'https://example.com/noura.png',
};

function integer(value: string | null, fallback: number): number {
  if (value === null) return fallback;
  const n = Number(value);
  return Number.isSafeInteger(n) && n >= 1 ? n : NaN;
}

export async function startSpecOnlyService(options: SpecOnlyOptions = {}): Promise<SpecOnlyService> {
  const token = options.token ?? 'spec-only-token';
  const accepted = options.acceptedVersions ?? ['2.0.0', '2.1.0', '2.2.0', '2.3.0'];
  const requests: string[] = [];
  const orderPosts: unknown[] = [];
  const bodies = new WeakMap<IncomingMessage, unknown>();
  const base = '/api/v2';

  const answer = (request: IncomingMessage): { status: number; body: unknown } => {
    const url = new URL(request.url ?? '/', `http://${request.headers.host}`);
    requests.push(`${url.pathname}${url.search}`);
    if (request.headers.authorization !== `Bearer ${token}`) return { status: 401, body: failure(401, 'Unauthenticated.') };
    const header = (request.headers['x-api-version'] as string | undefined) ?? '2.0.0';
    if (!isApiVersion(header) || !accepted.includes(header)) {
      const message = `The selected X-API-Version is invalid. Allowed: ${accepted.join(', ')}.`;
      return { status: 422, body: failure(422, message, { 'X-API-Version': [message] }) };
    }
    const version = header;
    const path = url.pathname.startsWith(base) ? url.pathname.slice(base.length) : url.pathname;
    const forced = options.statuses?.[path];
    if (forced === 403) return { status: 403, body: failure(403, 'This action is unauthorized.') };
    if (forced !== undefined) return { status: forced, body: failure(forced, forced === 404 ? 'Resource not found.' : 'Internal server error.') };
    const page = integer(url.searchParams.get('page'), 1);
    const perPage = integer(url.searchParams.get('per_page'), 15);
    if (Number.isNaN(page) || Number.isNaN(perPage)) return { status: 422, body: failure(422, 'The given data was invalid.') };
    if (options.maxPerPage !== undefined && perPage > options.maxPerPage) {
      if (options.perPageRefusal === 'laravel') {
        const message = `The per page field must not be greater than ${options.maxPerPage}.`;
        return { status: 422, body: { message, errors: { per_page: [message] } } };
      }
      if (options.perPageRefusal === 'unnumbered') return { status: 422, body: { message: 'The per page value is too large for this list.' } };
      const message = `The per page may not be greater than ${options.maxPerPage}.`;
      return { status: 422, body: failure(422, message, { per_page: [message] }) };
    }
    const list = (items: unknown[]) => ({ status: 200, body: envelope(200, paginate(url, items, page, perPage)) });
    const includesGiven = [...url.searchParams.keys()].some((key) => key === 'includes[]' || key.startsWith('includes['));

    if (path === '/me' && options.threePlaces?.me) {
      return { status: 200, body: envelope(200, { market: { id: MARKET, name_en: 'Gulf Cafe', currency: 'KWD' }, branch: { id: BRANCH } }) };
    }
    if (path === '/orders/sync' && request.method === 'POST') {
      const body = bodies.get(request) as { orders?: { uuid: string }[] } | undefined;
      orderPosts.push(body);
      const results = (body?.orders ?? []).map((order, index) => ({ uuid: order.uuid, status: 'created', id: `srv-${orderPosts.length}-${index + 1}` }));
      return { status: 200, body: envelope(200, { results }) };
    }
    if (path === '/product-categories') return list([category(1, 'Hot drinks', version), category(2, 'Bakery', version)]);
    if (path === '/products') {
      const strict = options.productIncludes;
      const refused = strict ? url.searchParams.getAll('includes[]').filter((value) => !strict.allowed.includes(value)) : [];
      if (strict && refused.length > 0) {
        const message = `Requested include(s) \`${refused.join(', ')}\` are not allowed. Allowed include(s) are \`${strict.allowed.join(', ')}\`.`;
        return { status: strict.status, body: { message } };
      }
      return list(PRODUCTS.map((p, i) => product(p, i, version)));
    }
    if (path === '/payment-methods') {
      return list([
        { key: 'CASH', name: 'Cash', is_online: false, logo_img: null },
        { key: 'MADA', name: 'mada', is_online: false, logo_img: null },
      ]);
    }
    if (path === '/payment-methods/settings') return list([config(version)]);
    if (path === '/printers') return list([printer(version, ['PRINT_AUTO', 'DRAWER_OPEN']), printer(version, ['MULTILINGUAL'])]);
    if (path === '/users/customers') return list([CUSTOMER]);
    if (path === '/products/modifiers/barcodes') {
      if (!includesGiven) return { status: 422, body: failure(422, 'The includes field is required.', { includes: ['The includes field is required.'] }) };
      const allowed = options.barcodeIncludes;
      const given = url.searchParams.getAll('includes[]');
      const wrong = allowed ? given.findIndex((value) => !allowed.includes(value)) : -1;
      if (allowed && wrong >= 0) {
        const message = `The selected includes.${wrong} is invalid; allowed: ${allowed.join(', ')}.`;
        return { status: 422, body: failure(422, message, { [`includes.${wrong}`]: [message] }) };
      }
      // Barcode fields are not shown: this service picked `code` and `product_id`.
      return list([{ code: '6281000000017', product_id: PRODUCTS[0]!.id }]);
    }
    const perProduct = /^\/products\/([^/]+)\/(prices|modifiers)$/.exec(path);
    if (perProduct) {
      const p = PRODUCTS.find((candidate) => candidate.id === decodeURIComponent(perProduct[1]!));
      if (!p) return { status: 404, body: failure(404, 'Resource not found.') };
      if (perProduct[2] === 'prices') return list(prices(p, version, options.threePlaces !== undefined));
      if (!includesGiven) return { status: 422, body: failure(422, 'The includes field is required.', { includes: ['The includes field is required.'] }) };
      // Modifier fields are not shown: this service picked `name` and `price`.
      return list(p.name === 'Latte' ? [{ name: 'Oat milk', price: options.threePlaces ? '0.375' : '2.00' }] : []);
    }
    return { status: 404, body: failure(404, 'Resource not found.') };
  };

  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (chunks.length > 0) {
        try {
          bodies.set(request, JSON.parse(Buffer.concat(chunks).toString('utf8')));
        } catch {
          bodies.set(request, null);
        }
      }
      const { status, body } = answer(request);
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}${base}`,
    token,
    marketId: MARKET,
    branchId: BRANCH,
    productIds: PRODUCTS.map((p) => p.id),
    requests,
    orderPosts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const SPEC_ONLY_VERSIONS = API_VERSIONS;
