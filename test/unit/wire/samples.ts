// Hand-written wire samples, one per shape the contract gives an object, and
// the canonical record each must become. The per-version tables say which
// shape a client on that version receives, written out from the spec rather
// than computed, so a wrong version boundary in the code fails a test.
import type { ApiVersion } from '../../../src-shared/api-version.ts';
import type {
  Barcode,
  Category,
  Customer,
  Ingredient,
  Modifier,
  PaymentMethod,
  PaymentMethodConfig,
  Price,
  Printer,
  Product,
  ProductIngredient,
} from '../../../src-shared/catalog/index.ts';

export type Json = Record<string, unknown>;
export type PerVersion<T> = Record<ApiVersion, T>;

export const MARKET = '0b6f3c2e-1d4a-4e5b-8c7d-9a0b1c2d3e4f';
export const BRANCH = '7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f';
export const PRODUCT = '5b0c7e1a-3f2d-4c1b-9a8e-0d1f2e3c4b5a';
export const SHOT = 'e2a1b3c4-d5e6-4f70-8192-a3b4c5d6e7f8';

/** The list envelope as the emulator answers it (Laravel's paginator, one page). */
export function listBody(records: unknown[], page: Partial<Json> = {}): Json {
  return {
    meta: { code: 200, status: 'success', message: 'Data Loaded Successfully' },
    data: {
      current_page: 1,
      data: records,
      first_page_url: 'http://127.0.0.1:8080/api/v2/products?page=1',
      from: records.length > 0 ? 1 : null,
      last_page: 1,
      last_page_url: 'http://127.0.0.1:8080/api/v2/products?page=1',
      links: [
        { url: null, label: '&laquo; Previous', active: false },
        { url: 'http://127.0.0.1:8080/api/v2/products?page=1', label: '1', active: true },
        { url: null, label: 'Next &raquo;', active: false },
      ],
      next_page_url: null,
      path: 'http://127.0.0.1:8080/api/v2/products',
      per_page: 15,
      prev_page_url: null,
      to: records.length > 0 ? records.length : null,
      total: records.length,
      ...page,
    },
  };
}

export function detailBody(data: unknown): Json {
  return { meta: { code: 200, status: 'success', message: 'Data Loaded Successfully' }, data };
}

// ---- categories -------------------------------------------------------------

// Each record's members that every version sends, and the canonical record keeps, as they are stand once below
// (`…AsIs`); the members a version renames or reshapes are written out beside them in each shape.
const categoryAsIs = { id: 7, icon: '☕', name_en: 'Hot drinks', name_ar: 'مشروبات ساخنة', deleted_at: null };
const categoryBelow230 = {
  ...categoryAsIs,
  sectors: [
    { id: 1, sector_id: 3, product_category_id: 7 },
    { id: 2, sector_id: 4, product_category_id: 7 },
  ],
};
const categoryFrom230 = {
  ...categoryAsIs,
  sectors: [
    { id: 1, sector_id: 3, category_id: 7 },
    { id: 2, sector_id: 4, category_id: 7 },
  ],
};
export const categoryWire: PerVersion<Json> = {
  '2.0.0': categoryBelow230,
  '2.1.0': categoryBelow230,
  '2.2.0': categoryBelow230,
  '2.2.1': categoryBelow230,
  '2.2.3': categoryBelow230,
  '2.3.0': categoryFrom230,
  '2.4.0': categoryFrom230,
  '2.5.0': categoryFrom230,
};
export const categoryCanonical: Category = {
  ...categoryAsIs,
  sectors: [
    { id: 1, sector_id: 3, category_id: 7 },
    { id: 2, sector_id: 4, category_id: 7 },
  ],
};

// ---- modifiers ---------------------------------------------------------------

export const modifierWire = { id: SHOT, product_id: PRODUCT, name_en: 'Extra shot', name_ar: 'جرعة إضافية', price: '3.00' };
export const modifierCanonical: Modifier = {
  id: SHOT,
  product_id: PRODUCT,
  name_en: 'Extra shot',
  name_ar: 'جرعة إضافية',
  price: 300,
};

// ---- prices ------------------------------------------------------------------
// Two payment-method prices of a branch with 15 % VAT and tax-inclusive prices:
// the product's 11.50 on CASH, and the shot's 2.30 on MADA. Below 2.2.3 the
// service splits them into net, tax and gross (emulator/README.md, 10).

const pricesBelow223 = [
  {
    id: 'price-1',
    product_id: PRODUCT,
    product_modifier_id: null,
    payment_method_key: 'CASH',
    price: '10.00',
    tax: '1.50',
    total: '11.50',
    is_tax_included: true,
    market_id: MARKET,
    branch_id: BRANCH,
  },
  {
    id: 'price-2',
    product_id: PRODUCT,
    product_modifier_id: SHOT,
    payment_method_key: 'MADA',
    price: '2.00',
    tax: '0.30',
    total: '2.30',
    is_tax_included: true,
    market_id: MARKET,
    branch_id: BRANCH,
  },
];
const prices223 = [
  {
    id: 'price-1',
    product_id: PRODUCT,
    product_modifier_id: null,
    priceable_type: 'PAYMENT_METHOD',
    priceable_id: 'CASH',
    value: '11.50',
    value_type: 'NOMINAL',
    market_id: MARKET,
    branch_id: BRANCH,
  },
  {
    id: 'price-2',
    product_id: PRODUCT,
    product_modifier_id: SHOT,
    priceable_type: 'PAYMENT_METHOD',
    priceable_id: 'MADA',
    value: '2.30',
    value_type: 'NOMINAL',
    market_id: MARKET,
    branch_id: BRANCH,
  },
];
const pricesFrom230 = [
  {
    id: 'price-1',
    product_id: PRODUCT,
    modifier_id: null,
    priceable_type: 'PAYMENT_METHOD',
    priceable_id: 'CASH',
    value: '11.50',
    value_type: 'NOMINAL',
  },
  {
    id: 'price-2',
    product_id: PRODUCT,
    modifier_id: SHOT,
    priceable_type: 'PAYMENT_METHOD',
    priceable_id: 'MADA',
    value: '2.30',
    value_type: 'NOMINAL',
  },
];
export const pricesWire: PerVersion<Json[]> = {
  '2.0.0': pricesBelow223,
  '2.1.0': pricesBelow223,
  '2.2.0': pricesBelow223,
  '2.2.1': pricesBelow223,
  '2.2.3': prices223,
  '2.3.0': pricesFrom230,
  '2.4.0': pricesFrom230,
  '2.5.0': pricesFrom230,
};
export const pricesCanonical: Price[] = [
  {
    id: 'price-1',
    product_id: PRODUCT,
    modifier_id: null,
    priceable_type: 'PAYMENT_METHOD',
    priceable_id: 'CASH',
    value: 1150,
    value_type: 'NOMINAL',
  },
  {
    id: 'price-2',
    product_id: PRODUCT,
    modifier_id: SHOT,
    priceable_type: 'PAYMENT_METHOD',
    priceable_id: 'MADA',
    value: 230,
    value_type: 'NOMINAL',
  },
];

// ---- products ----------------------------------------------------------------

const productAsIs = {
  id: PRODUCT,
  market_id: MARKET,
  branch_id: null,
  name_en: 'Flat white',
  name_ar: 'فلات وايت',
  description_en: 'Double shot, steamed milk',
  description_ar: null,
  stock: null,
  order: 2,
  images: ['https://cdn.example.com/flat-white.png'],
  is_active: true,
  created_at: 1_700_000_000_000,
  updated_at: 1_700_000_500_000,
  deleted_at: null,
  rating_amount: 12,
  rating_avg: '4.25',
  sold_amount: 340,
  sold_revenue: 3910.5,
  accounting_id: null,
};
function productBelow230(version: ApiVersion): Json {
  return { ...productAsIs, product_category_id: 7, preparation_time: 4, modifiers: [modifierWire], prices: pricesWire[version] };
}
function productFrom230(version: ApiVersion): Json {
  return { ...productAsIs, category_id: 7, duration: 4, modifiers: [modifierWire], prices: pricesWire[version] };
}
export const productWire: PerVersion<Json> = {
  '2.0.0': productBelow230('2.0.0'),
  '2.1.0': productBelow230('2.1.0'),
  '2.2.0': productBelow230('2.2.0'),
  '2.2.1': productBelow230('2.2.1'),
  '2.2.3': productBelow230('2.2.3'),
  '2.3.0': productFrom230('2.3.0'),
  '2.4.0': productFrom230('2.4.0'),
  '2.5.0': productFrom230('2.5.0'),
};
export const productCanonical: Product = {
  ...productAsIs,
  category_id: 7,
  duration: 4,
  modifiers: [modifierCanonical],
  prices: pricesCanonical,
};

// ---- barcodes ----------------------------------------------------------------

const barcodesBelow230 = [
  { id: 'bc-1', barcode: '6281000000017', product_id: PRODUCT, product_modifier_id: null },
  { id: 'bc-2', barcode: '6281000000024', product_id: PRODUCT, product_modifier_id: SHOT },
];
const barcodesFrom230 = [
  { id: 'bc-1', barcode: '6281000000017', product_id: PRODUCT, modifier_id: null },
  { id: 'bc-2', barcode: '6281000000024', product_id: PRODUCT, modifier_id: SHOT },
];
export const barcodesWire: PerVersion<Json[]> = {
  '2.0.0': barcodesBelow230,
  '2.1.0': barcodesBelow230,
  '2.2.0': barcodesBelow230,
  '2.2.1': barcodesBelow230,
  '2.2.3': barcodesBelow230,
  '2.3.0': barcodesFrom230,
  '2.4.0': barcodesFrom230,
  '2.5.0': barcodesFrom230,
};
export const barcodesCanonical: Barcode[] = [
  { id: 'bc-1', barcode: '6281000000017', product_id: PRODUCT, modifier_id: null },
  { id: 'bc-2', barcode: '6281000000024', product_id: PRODUCT, modifier_id: SHOT },
];

// ---- payment methods and their configs ---------------------------------------

export const paymentMethodsWire = [
  { key: 'CASH', name: 'Cash', is_online: false, logo_img: null },
  { key: 'MADA', name: 'mada', is_online: false, logo_img: 'https://cdn.example.com/mada.png' },
];
export const paymentMethodsCanonical: PaymentMethod[] = [
  { key: 'CASH', name: 'Cash', is_online: false, logo_img: null },
  { key: 'MADA', name: 'mada', is_online: false, logo_img: 'https://cdn.example.com/mada.png' },
];

const configsBelow240 = [
  { id: 'cfg-1', payment_method_key: 'CASH' },
  { id: 'cfg-2', payment_method_key: 'MADA' },
];
const configsFrom240 = [
  { id: 'cfg-1', payment_method_key: 'CASH', target: 'MARKET', method: 'FIXED', scope: 'ALL', sort: 1 },
  { id: 'cfg-2', payment_method_key: 'MADA', target: 'PRODUCT', sort: 2 },
];
export const configsWire: PerVersion<Json[]> = {
  '2.0.0': configsBelow240,
  '2.1.0': configsBelow240,
  '2.2.0': configsBelow240,
  '2.2.1': configsBelow240,
  '2.2.3': configsBelow240,
  '2.3.0': configsBelow240,
  '2.4.0': configsFrom240,
  '2.5.0': configsFrom240,
};
const configsHidden: PaymentMethodConfig[] = [
  { id: 'cfg-1', payment_method_key: 'CASH', target: null, method: null, scope: null, sort: null },
  { id: 'cfg-2', payment_method_key: 'MADA', target: null, method: null, scope: null, sort: null },
];
const configsShown: PaymentMethodConfig[] = [
  { id: 'cfg-1', payment_method_key: 'CASH', target: 'MARKET', method: 'FIXED', scope: 'ALL', sort: 1 },
  { id: 'cfg-2', payment_method_key: 'MADA', target: 'PRODUCT', method: null, scope: null, sort: 2 },
];
export const configsCanonical: PerVersion<PaymentMethodConfig[]> = {
  '2.0.0': configsHidden,
  '2.1.0': configsHidden,
  '2.2.0': configsHidden,
  '2.2.1': configsHidden,
  '2.2.3': configsHidden,
  '2.3.0': configsHidden,
  '2.4.0': configsShown,
  '2.5.0': configsShown,
};

// ---- printers ----------------------------------------------------------------

const printerBelow221 = {
  id: 'printer-1',
  name: 'Kitchen',
  branch_id: BRANCH,
  is_multi_lang: true,
  is_show_product: true,
  is_open_drawer: false,
  is_postpaid_print: false,
  is_img_print: true,
  is_auto_print: true,
  is_app_to_app: false,
  add_space: true,
  is_raster: true,
  is_pdf: false,
};
// The flags above as the `settings` object of 2.2.1 on, which is also the canonical record's.
const printerSettingsFrom221 = {
  MULTILINGUAL: true,
  PRODUCT_SHOW: true,
  DRAWER_OPEN: false,
  PRINT_POSTPAID: false,
  PRINT_IMAGE: true,
  PRINT_AUTO: true,
  APP_TO_APP: false,
  HAS_SPACE: true,
  RASTER: true,
  PDF: false,
};
const printerFrom221 = { id: 'printer-1', name: 'Kitchen', branch_id: BRANCH, settings: printerSettingsFrom221 };
export const printerWire: PerVersion<Json> = {
  '2.0.0': printerBelow221,
  '2.1.0': printerBelow221,
  '2.2.0': printerBelow221,
  '2.2.1': printerFrom221,
  '2.2.3': printerFrom221,
  '2.3.0': printerFrom221,
  '2.4.0': printerFrom221,
  '2.5.0': printerFrom221,
};
export const printerCanonical: Printer = { id: 'printer-1', name: 'Kitchen', settings: { ...printerSettingsFrom221 } };

// ---- customers ---------------------------------------------------------------

export const customerWire = {
  id: '3e4f5a6b-7c8d-4e9f-a0b1-c2d3e4f5a6b7',
  userable_id: '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a',
  role: 'USER_CUSTOMER',
  name: 'Layla Haddad',
  username: null,
  email: 'layla@example.com',
  phone_prefix: '966',
  phone: '501234567',
  lang: 'ar',
  fcm_token: null,
  is_active: true,
  email_verified_at: 1_690_000_000_000,
  phone_verified_at: null,
  created_at: 1_690_000_000_000,
  updated_at: 1_695_000_000_000,
  deleted_at: null,
  profile_img: 'data:image/png;base64,iVBORw0KGgo=',
  userable: { id: '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a', market_id: MARKET, points: 120 },
};
export const customerCanonical: Customer = {
  id: '3e4f5a6b-7c8d-4e9f-a0b1-c2d3e4f5a6b7',
  userable_id: '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a',
  name: 'Layla Haddad',
  email: 'layla@example.com',
  phone_prefix: '966',
  phone: '501234567',
  lang: 'ar',
  is_active: true,
};

// ---- product ingredients and ingredients -------------------------------------

const productIngredientBelow220 = {
  id: 'pi-1',
  product_id: PRODUCT,
  product_modifier_id: SHOT,
  ingredient_id: 1,
  quantity: '18.00',
  market_id: MARKET,
  branch_id: null,
};
const productIngredient220 = { ...productIngredientBelow220, ingredient_id: 'ing-espresso' };
const productIngredientFrom230 = {
  id: 'pi-1',
  product_id: PRODUCT,
  modifier_id: SHOT,
  ingredient_id: 'ing-espresso',
  quantity: '18.00',
};
export const productIngredientWire: PerVersion<Json> = {
  '2.0.0': productIngredientBelow220,
  '2.1.0': productIngredientBelow220,
  '2.2.0': productIngredient220,
  '2.2.1': productIngredient220,
  '2.2.3': productIngredient220,
  '2.3.0': productIngredientFrom230,
  '2.4.0': productIngredientFrom230,
  '2.5.0': productIngredientFrom230,
};
// From 2.3.0 the service sends the canonical record as it is.
const productIngredientKnown: ProductIngredient = { ...productIngredientFrom230 };
export const productIngredientCanonical: PerVersion<ProductIngredient> = {
  '2.0.0': { ...productIngredientKnown, ingredient_id: null },
  '2.1.0': { ...productIngredientKnown, ingredient_id: null },
  '2.2.0': productIngredientKnown,
  '2.2.1': productIngredientKnown,
  '2.2.3': productIngredientKnown,
  '2.3.0': productIngredientKnown,
  '2.4.0': productIngredientKnown,
  '2.5.0': productIngredientKnown,
};

const ingredientHiddenCost = { id: 'ing-espresso', name: 'Espresso beans' };
const ingredientWithCost = { id: 'ing-espresso', name: 'Espresso beans', cost: '0.45' };
export const ingredientWire: PerVersion<Json> = {
  '2.0.0': ingredientHiddenCost,
  '2.1.0': ingredientWithCost,
  '2.2.0': ingredientWithCost,
  '2.2.1': ingredientWithCost,
  '2.2.3': ingredientWithCost,
  '2.3.0': ingredientWithCost,
  '2.4.0': ingredientWithCost,
  '2.5.0': ingredientWithCost,
};
export const ingredientCanonical: PerVersion<Ingredient> = {
  '2.0.0': { id: 'ing-espresso', name: 'Espresso beans', cost: null },
  '2.1.0': { id: 'ing-espresso', name: 'Espresso beans', cost: '0.45' },
  '2.2.0': { id: 'ing-espresso', name: 'Espresso beans', cost: '0.45' },
  '2.2.1': { id: 'ing-espresso', name: 'Espresso beans', cost: '0.45' },
  '2.2.3': { id: 'ing-espresso', name: 'Espresso beans', cost: '0.45' },
  '2.3.0': { id: 'ing-espresso', name: 'Espresso beans', cost: '0.45' },
  '2.4.0': { id: 'ing-espresso', name: 'Espresso beans', cost: '0.45' },
  '2.5.0': { id: 'ing-espresso', name: 'Espresso beans', cost: '0.45' },
};

// ---- /me ---------------------------------------------------------------------

export const meWire = {
  user: { id: 'user-1', name: 'Demo owner', role: 'SUBSCRIBER' },
  market: { id: MARKET, name_en: 'Demo Cafe', name_ar: 'مقهى تجريبي', vat_number: '300000000000003' },
  branch: { id: BRANCH, name_en: 'Olaya', name_ar: 'العليا', vat_rate: '15.00', prices_include_tax: true },
};
