import type { ApiVersion } from '../api-version.ts';

// The one table of what the till reads from the service, per object and per
// contract version. The zod schemas are built from it (schema-from-table.ts)
// and docs/service-contract.md's section "What the till needs from the service" is
// generated from it (member-table-readme.ts), so the code, the table and the
// documentation cannot drift apart.
//
// shown:    the spec shows the member for this object at this version; it
//           is validated as the spec types it.
// required: a record without it (or with it of the wrong type) cannot be
//           used; it is left out of the pull and reported (quarantined).
//           A member the spec shows is required unless the spec itself says
//           it may be omitted. A member the spec does not show is never
//           required unless the record means nothing without it.
// fallback: what the till uses when the member is missing or null.
// Members the table does not name are ignored, never an error.

/** How a member is typed on the wire. */
export type MemberKind =
  | 'id' // a non-empty string
  | 'id|null'
  | 'int'
  | 'int|null'
  | 'text'
  | 'text|null'
  | 'bool'
  | 'number'
  | 'decimal' // any decimal string ("12.5", "3.125"): money, rounded to the currency's places by the one rounding rule
  | 'decimal2' // a decimal string with exactly two places (the spec promises this form)
  | 'epoch-ms'
  | 'epoch-ms|null'
  | 'url-list|null'
  | 'enum'
  | 'object'
  | 'object-list'
  | 'list' // an array of ids or names, or one of them alone; its items are read by the normalizer
  | 'time'; // epoch ms, or a date (`yyyy-MM-dd`) or date and time (`yyyy-MM-dd HH:mm[:ss]`) string

export interface MemberRule {
  /** The wire name. */
  member: string;
  kind: MemberKind;
  shown: boolean;
  required: boolean;
  /** First version carrying it (inclusive); absent: from 2.0.0. */
  since?: ApiVersion;
  /** First version no longer carrying it; absent: still carried at 2.5.0. */
  before?: ApiVersion;
  /** For `enum`: the allowed values. */
  values?: readonly string[];
  /** For `object` and `object-list`: the table of the nested object. */
  nested?: WireObjectName;
  /** Other names a service plausibly uses for a member the spec does not show; the first present one is read. */
  aliases?: readonly string[];
  /**
   * Text a person wrote (a name, a description) for `text` members: control
   * and bidi-override characters are stripped as it is read ('line': line
   * breaks become spaces; 'lines': kept). Ids, codes, URLs and addresses
   * are never rewritten: changing them would change what they name.
   */
  human?: 'line' | 'lines';
  /** What the till uses when the member is missing (documented in docs/service-contract.md). */
  fallback?: string;
  note?: string;
}

export const WIRE_OBJECTS = [
  'category',
  'sector',
  'product',
  'price',
  'modifier',
  'modifier_option',
  'barcode',
  'payment_method',
  'payment_method_config',
  'printer',
  'printer_settings',
  'kitchen',
  'kitchen_printer',
  'kitchen_category',
  'customer',
  'dining_table',
  'discount',
] as const;

export type WireObjectName = (typeof WIRE_OBJECTS)[number];

export interface WireObjectTable {
  name: WireObjectName;
  /** How docs/service-contract.md names it. */
  title: string;
  /** Where the till reads it. */
  source: string;
  /** Is the object as a whole shown by the spec. */
  shown: boolean;
  members: readonly MemberRule[];
  note?: string;
}

const shown = (member: string, kind: MemberKind, extra: Partial<MemberRule> = {}): MemberRule => ({
  member,
  kind,
  shown: true,
  required: true,
  ...extra,
});

const notShown = (member: string, kind: MemberKind, fallback: string, extra: Partial<MemberRule> = {}): MemberRule => ({
  member,
  kind,
  shown: false,
  required: false,
  fallback,
  ...extra,
});

/** A member the spec does not show but without which the record is useless: it is quarantined. */
const notShownNeeded = (member: string, kind: MemberKind, extra: Partial<MemberRule> = {}): MemberRule => ({
  member,
  kind,
  shown: false,
  required: true,
  fallback: 'none: the record is left out and reported',
  ...extra,
});

const NAME = { human: 'line' } as const;
const DESCRIPTION = { human: 'lines' } as const;

/** The product's accounting reference: its wire name carries a provider's name (spec, "Product"). */
export const ACCOUNTING_MEMBER = 'accounting_id';

export const MEMBER_TABLE: readonly WireObjectTable[] = [
  {
    name: 'category',
    title: 'Product category',
    source: 'GET /product-categories',
    shown: true,
    members: [
      shown('id', 'int'),
      shown('icon', 'text'),
      shown('name_en', 'text', NAME),
      shown('name_ar', 'text', NAME),
      shown('deleted_at', 'epoch-ms|null', { note: 'set: the category is treated as gone' }),
      shown('sectors', 'object-list', { nested: 'sector' }),
    ],
  },
  {
    name: 'sector',
    title: 'Category sector link (in `sectors`)',
    source: 'GET /product-categories',
    shown: true,
    members: [
      shown('id', 'int'),
      shown('sector_id', 'int'),
      shown('product_category_id', 'int', { before: '2.3.0' }),
      shown('category_id', 'int', { since: '2.3.0' }),
    ],
  },
  {
    name: 'product',
    title: 'Product',
    source: 'GET /products',
    shown: true,
    members: [
      shown('id', 'id'),
      shown('market_id', 'id'),
      shown('branch_id', 'id|null'),
      shown('product_category_id', 'int', { before: '2.3.0' }),
      shown('category_id', 'int', { since: '2.3.0' }),
      shown('name_en', 'text', NAME),
      shown('name_ar', 'text', NAME),
      shown('description_en', 'text|null', DESCRIPTION),
      shown('description_ar', 'text|null', DESCRIPTION),
      shown('preparation_time', 'int|null', { before: '2.3.0' }),
      shown('duration', 'int|null', { since: '2.3.0' }),
      shown('stock', 'int|null'),
      shown('order', 'int'),
      shown('images', 'url-list|null'),
      shown('is_active', 'bool'),
      shown('created_at', 'epoch-ms'),
      shown('updated_at', 'epoch-ms'),
      shown('deleted_at', 'epoch-ms|null', { note: 'set: the product is treated as gone' }),
      shown('rating_amount', 'int'),
      shown('rating_avg', 'decimal2'),
      shown('sold_amount', 'int'),
      shown('sold_revenue', 'number'),
      {
        member: ACCOUNTING_MEMBER,
        kind: 'text|null',
        shown: true,
        required: false,
        fallback: 'null',
        note: "the spec says the wire name carries the accounting provider's name: read from `accounting_id`, else from the one unknown member named `<provider>_id`",
      },
      notShown('modifiers', 'object-list', 'read from `GET /products/{id}/modifiers`', {
        nested: 'modifier',
        note: 'asked for with `includes[]=modifiers` (setting `sync.includes`)',
      }),
      notShown('prices', 'object-list', 'read from `GET /products/{id}/prices`', {
        nested: 'price',
        note: 'asked for with `includes[]=prices` (not in the spec; setting `sync.includes`, and dropped when the service refuses it)',
      }),
    ],
  },
  {
    name: 'price',
    title: 'Product price (in `prices`, or `GET /products/{id}/prices`)',
    source: 'GET /products/{id}/prices',
    shown: true,
    members: [
      notShown('id', 'id', 'derived from the product and the position: `{product}:price:{n}`'),
      notShown('product_id', 'id', 'the product it is nested in, or the product of the route'),
      shown('payment_method_key', 'id', { before: '2.2.3' }),
      shown('price', 'decimal', { before: '2.2.3' }),
      shown('tax', 'decimal', { before: '2.2.3' }),
      shown('total', 'decimal', { before: '2.2.3' }),
      shown('is_tax_included', 'bool', { before: '2.2.3', note: 'the price is `total` when true, else `price`' }),
      shown('priceable_type', 'enum', { since: '2.2.3', values: ['PAYMENT_METHOD', 'ORDER_TYPE'] }),
      shown('priceable_id', 'id', { since: '2.2.3' }),
      shown('value', 'decimal', { since: '2.2.3' }),
      shown('value_type', 'enum', { since: '2.2.3', values: ['NOMINAL', 'PERCENT'] }),
      notShown('product_modifier_id', 'id|null', "null: the price is the product's own", {
        before: '2.3.0',
        aliases: ['modifier_id'],
        note: 'the spec names the reference but not its type',
      }),
      notShown('modifier_id', 'id|null', "null: the price is the product's own", { since: '2.3.0', aliases: ['product_modifier_id'] }),
    ],
    note: '`market_id` and `branch_id` (below 2.3.0) are not read.',
  },
  {
    name: 'modifier',
    title: 'Product modifier (in `modifiers`, or `GET /products/{id}/modifiers`)',
    source: 'GET /products/{id}/modifiers',
    shown: false,
    members: [
      notShown('id', 'id', 'derived from the product and the position: `{product}:modifier:{n}`'),
      notShown('product_id', 'id', 'the product it is nested in, or the product of the route'),
      notShown('name_en', 'text', 'the other language\'s name, else "Option {n}"', { aliases: ['name'], ...NAME }),
      notShown('name_ar', 'text', 'the other language\'s name, else "Option {n}"', { aliases: ['name'], ...NAME }),
      notShown('price', 'decimal', '"0.00": a free add-on', { aliases: ['value', 'amount'] }),
      notShown('group_id', 'id|null', "the group's name names it; neither: an optional add-on", {
        aliases: ['modifier_group_id'],
        note: 'the option group it is one of (size, milk, extras); options with the same group id are one group',
      }),
      notShown('group_name_en', 'text|null', "the other language's name, else the group id", { aliases: ['group_name'], ...NAME }),
      notShown('group_name_ar', 'text|null', "the other language's name, else the group id", { aliases: ['group_name'], ...NAME }),
      notShown('min', 'int|null', '1 when `is_required` is true, else 0 (optional)', {
        aliases: ['min_quantity'],
        note: "the group's fewest options; read only with a group (on each option, or on a group record); lowered to the group's number of options",
      }),
      notShown('max', 'int|null', 'no limit', {
        aliases: ['max_quantity'],
        note: "the group's most options (1: one-of); 0 or less: no limit; raised to `min` when below it",
      }),
      notShown('is_required', 'bool', 'false', { note: 'true without `min`: at least one option of the group' }),
      notShown('options', 'object-list', 'none: the record is an option, not a group', {
        nested: 'modifier_option',
        aliases: ['modifiers'],
        note: 'a record carrying it is a group (its `id`, names, `min`, `max`, `is_required`) and these are its options',
      }),
    ],
    note: 'A service that sends no group members: every option is an optional add-on (any number, none required).',
  },
  {
    name: 'modifier_option',
    title: "Option of a modifier group (in a group record's `options`)",
    source: 'GET /products/{id}/modifiers',
    shown: false,
    members: [
      notShown('id', 'id', 'derived from the product and the positions: `{product}:modifier:{group}.{n}`'),
      notShown('name_en', 'text', 'the other language\'s name, else "Option {n}"', { aliases: ['name'], ...NAME }),
      notShown('name_ar', 'text', 'the other language\'s name, else "Option {n}"', { aliases: ['name'], ...NAME }),
      notShown('price', 'decimal', '"0.00": a free option', { aliases: ['value', 'amount'] }),
    ],
  },
  {
    name: 'barcode',
    title: 'Modifier barcode',
    source: 'GET /products/modifiers/barcodes',
    shown: false,
    members: [
      notShown('id', 'id', 'derived from the barcode: `barcode:{barcode}`'),
      notShownNeeded('barcode', 'text', { aliases: ['code', 'value'] }),
      notShownNeeded('product_id', 'id'),
      notShown('modifier_id', 'id|null', 'null: the barcode names the product itself', { aliases: ['product_modifier_id'] }),
    ],
    note: 'asked for with `includes[]=product` (the spec marks `includes` required here); a 422 about it is retried with what it names.',
  },
  {
    name: 'payment_method',
    title: 'Payment method',
    source: 'GET /payment-methods',
    shown: true,
    members: [shown('key', 'id'), shown('name', 'text', NAME), shown('is_online', 'bool'), shown('logo_img', 'text|null')],
  },
  {
    name: 'payment_method_config',
    title: 'Payment-method config',
    source: 'GET /payment-methods/settings',
    shown: true,
    members: [
      shown('id', 'id'),
      shown('payment_method_key', 'id'),
      shown('target', 'enum', { since: '2.4.0', values: ['MARKET', 'PRODUCT'] }),
      shown('method', 'text', { since: '2.4.0', required: false, fallback: 'null', note: 'omitted when target is PRODUCT' }),
      shown('scope', 'text', { since: '2.4.0', required: false, fallback: 'null', note: 'omitted when target is PRODUCT' }),
      shown('sort', 'int', { since: '2.4.0' }),
    ],
    note: 'Below 2.4.0 `target`, `method`, `scope` and `sort` are hidden and read as null.',
  },
  {
    name: 'printer',
    title: 'Printer',
    source: 'GET /printers',
    shown: true,
    members: [
      notShown('id', 'id', 'derived from the position: `printer-{n}`'),
      notShown('name', 'text', '"Printer {n}"', { aliases: ['name_en'], ...NAME }),
      notShown('address', 'text', 'none: the printer is bound on the till', {
        aliases: ['ip', 'host'],
        note: 'a bare host is read as `tcp://{host}:{port}`',
      }),
      notShown('port', 'int', '9100, with a bare host only'),
      shown('is_multi_lang', 'bool', { before: '2.2.1' }),
      shown('is_show_product', 'bool', { before: '2.2.1' }),
      shown('is_open_drawer', 'bool', { before: '2.2.1' }),
      shown('is_postpaid_print', 'bool', { before: '2.2.1' }),
      shown('is_img_print', 'bool', { before: '2.2.1' }),
      shown('is_auto_print', 'bool', { before: '2.2.1' }),
      shown('is_app_to_app', 'bool', { before: '2.2.1' }),
      shown('add_space', 'bool', { before: '2.2.1' }),
      shown('is_raster', 'bool', { before: '2.2.1' }),
      shown('is_pdf', 'bool', { before: '2.2.1' }),
      shown('settings', 'object', { since: '2.2.1', nested: 'printer_settings' }),
    ],
    note: 'Only the flags are shown by the spec.',
  },
  {
    name: 'printer_settings',
    title: 'Printer `settings` (from 2.2.1)',
    source: 'GET /printers',
    shown: true,
    members: [
      shown('MULTILINGUAL', 'bool'),
      shown('PRODUCT_SHOW', 'bool'),
      shown('DRAWER_OPEN', 'bool'),
      shown('PRINT_POSTPAID', 'bool'),
      shown('PRINT_IMAGE', 'bool'),
      shown('PRINT_AUTO', 'bool'),
      shown('APP_TO_APP', 'bool'),
      shown('HAS_SPACE', 'bool'),
      shown('RASTER', 'bool'),
      shown('PDF', 'bool'),
    ],
  },
  {
    name: 'kitchen',
    title: 'Kitchen',
    source: 'GET /kitchens (not in the spec; 404 or 403: no routing)',
    shown: false,
    members: [
      notShown('id', 'id', 'derived from the position: `kitchen-{n}`'),
      notShown('branch_id', 'id|null', 'null'),
      notShown('name_en', 'text', 'the other language\'s name, else "Kitchen {n}"', { aliases: ['name'], ...NAME }),
      notShown('name_ar', 'text', 'the other language\'s name, else "Kitchen {n}"', { aliases: ['name'], ...NAME }),
      notShown('printers', 'object-list', 'none', { nested: 'kitchen_printer' }),
      notShown('categories', 'object-list', 'none', { nested: 'kitchen_category' }),
    ],
  },
  {
    name: 'kitchen_printer',
    title: 'Kitchen printer link (in `printers`)',
    source: 'GET /kitchens',
    shown: false,
    members: [
      notShown('id', 'id', 'derived: `{kitchen}:printer:{n}`'),
      notShownNeeded('printer_id', 'id'),
      notShown('kitchen_group_id', 'id', 'the kitchen it is nested in', { before: '2.3.0', aliases: ['kitchen_id'] }),
      notShown('kitchen_id', 'id', 'the kitchen it is nested in', { since: '2.3.0', aliases: ['kitchen_group_id'] }),
    ],
  },
  {
    name: 'kitchen_category',
    title: 'Kitchen category link (in `categories`)',
    source: 'GET /kitchens',
    shown: false,
    members: [
      notShown('id', 'id', 'derived: `{kitchen}:category:{n}`'),
      notShown('kitchen_group_id', 'id', 'the kitchen it is nested in', { before: '2.3.0', aliases: ['kitchen_id'] }),
      notShown('kitchen_id', 'id', 'the kitchen it is nested in', { since: '2.3.0', aliases: ['kitchen_group_id'] }),
      notShownNeeded('product_category_id', 'int', { before: '2.3.0', aliases: ['category_id'] }),
      notShownNeeded('category_id', 'int', { since: '2.3.0', aliases: ['product_category_id'] }),
    ],
  },
  {
    name: 'customer',
    title: 'Customer user',
    source: 'GET /users/customers (403 or 404: no customers)',
    shown: true,
    members: [
      shown('id', 'id'),
      shown('userable_id', 'id'),
      shown('role', 'text'),
      shown('name', 'text', NAME),
      shown('username', 'text|null'),
      shown('email', 'text'),
      shown('phone_prefix', 'text'),
      shown('phone', 'text'),
      shown('lang', 'text'),
      shown('fcm_token', 'text|null'),
      shown('is_active', 'bool'),
      shown('email_verified_at', 'epoch-ms|null'),
      shown('phone_verified_at', 'epoch-ms|null'),
      shown('created_at', 'epoch-ms|null'),
      shown('updated_at', 'epoch-ms|null'),
      shown('deleted_at', 'epoch-ms|null'),
      shown('profile_img', 'text'),
    ],
    note: 'The `userable` include is not read.',
  },
  {
    name: 'dining_table',
    title: 'Table (of the branch floor)',
    source: 'GET /tables (named by the spec, path and fields not shown; 404 or 403, or an empty list: the manager defines tables on the till)',
    shown: false,
    members: [
      notShownNeeded('id', 'id', { aliases: ['uuid'] }),
      notShown('name', 'text', '"Table {id}"', { aliases: ['name_en', 'label', 'title'], ...NAME }),
      notShown('area', 'text|null', "none (the floor's one area)", { aliases: ['section', 'zone', 'area_name', 'floor'], ...NAME }),
      notShown('seats', 'int|null', 'not known', { aliases: ['capacity', 'seats_count', 'chairs', 'max_guests'] }),
      notShown('is_active', 'bool', 'true (in use)'),
    ],
    note: 'Only active tables are offered for a tab; tabs already open on a table that went inactive stay open.',
  },
  {
    name: 'discount',
    title: 'Discount',
    source:
      'GET /discounts (named by the spec as Discounts List, path and fields not shown; 404 or 403: the service has no discounts, the till offers only its own typed ones)',
    shown: false,
    members: [
      notShownNeeded('id', 'id', { aliases: ['uuid'] }),
      notShown('name_en', 'text', '"Discount {id}"', { aliases: ['name', 'title', 'label'], ...NAME }),
      notShown('name_ar', 'text', 'the English name', NAME),
      notShown('type', 'text', 'PERCENT when `percentage` is given, AMOUNT when `amount` is', {
        aliases: ['discount_type', 'value_type', 'kind'],
        note: 'PERCENT, PERCENTAGE or RATE; AMOUNT, FIXED, NOMINAL or FLAT (any case). Any other word: the record is left out.',
      }),
      notShown('value', 'decimal', 'the `percentage` or `amount` member', {
        aliases: ['discount_value', 'discount'],
        note: 'A percentage (10 = 10%, two places) or money in the currency; neither it nor `percentage`/`amount`: the record is left out.',
      }),
      notShown('percentage', 'decimal', '—', { aliases: ['percent', 'rate'] }),
      notShown('amount', 'decimal', '—', { aliases: ['fixed_amount'] }),
      notShown('max_amount', 'decimal', 'no cap', { aliases: ['max_discount', 'maximum_amount', 'max_discount_amount', 'cap', 'max_value'] }),
      notShown('applies_to', 'text', 'PRODUCTS/CATEGORIES when a list of them is given, else ORDER', {
        aliases: ['scope', 'target'],
        note: 'ORDER (or ALL, INVOICE): the whole order; PRODUCTS, CATEGORIES (or ITEMS): only the listed ones; a scope with an empty list: the record is left out.',
      }),
      notShown('product_ids', 'list', 'none', { aliases: ['products_ids', 'products'], note: 'ids, or objects with an `id`.' }),
      notShown('category_ids', 'list', 'none', {
        aliases: ['categories_ids', 'product_category_ids', 'categories'],
        note: 'integer ids, or objects with an `id`.',
      }),
      notShown('branch_ids', 'list', 'every branch', { aliases: ['branches_ids', 'branches', 'branch_id'] }),
      notShown('order_types', 'list', 'every order type', {
        aliases: ['types', 'order_type'],
        note: 'DINE_IN, TAKEAWAY, DELIVERY (any case; PICKUP reads as TAKEAWAY).',
      }),
      notShown('starts_at', 'time', 'valid from always', {
        aliases: ['start_at', 'valid_from', 'start_date', 'from_date', 'starts_on'],
        note: "A date or date and time without a zone is the branch's wall clock (setting `branch.time_zone`).",
      }),
      notShown('ends_at', 'time', 'valid for ever', {
        aliases: ['end_at', 'valid_to', 'valid_until', 'expires_at', 'end_date', 'to_date', 'ends_on'],
        note: 'Inclusive; a date alone means to the end of that day.',
      }),
      notShown('days', 'list', 'every day', {
        aliases: ['week_days', 'weekdays', 'days_of_week'],
        note: 'Day names (SUNDAY, sun, any case) or numbers 0–6 from Sunday (7 also reads as Sunday).',
      }),
      notShown('start_time', 'text', 'all day', {
        aliases: ['from_time', 'time_from', 'hours_from', 'start_hour'],
        note: "`HH:mm` or `HH:mm:ss`, the branch's wall clock.",
      }),
      notShown('end_time', 'text', 'all day', {
        aliases: ['to_time', 'time_to', 'hours_to', 'end_hour'],
        note: 'Exclusive; before `start_time`: the window runs past midnight.',
      }),
      notShown('code', 'text|null', 'none', {
        aliases: ['coupon_code', 'promo_code'],
        note: 'A discount with a code is a coupon: given only for its code, never picked from the list.',
      }),
      notShown('min_order', 'decimal', 'no minimum', { aliases: ['minimum_order', 'min_order_amount', 'minimum_amount', 'min_total', 'min_order_value'] }),
      notShown('is_active', 'bool', 'true (in use)', { aliases: ['active', 'enabled'] }),
      notShown('is_automatic', 'bool', 'false (the cashier picks it)', { aliases: ['automatic', 'auto_apply', 'is_auto_applied', 'apply_automatically'] }),
      notShown('deleted_at', 'epoch-ms|null', 'not deleted', { note: 'A deleted discount is kept as inactive.' }),
    ],
    note: "Amounts are rounded to the currency's places as prices are; a percentage always to two places. See docs/discounts.md for when a discount applies.",
  },
];

const byName = new Map(MEMBER_TABLE.map((table) => [table.name, table]));

export function objectTable(name: WireObjectName): WireObjectTable {
  const table = byName.get(name);
  if (!table) throw new RangeError(`no member table for "${name}"`);
  return table;
}
