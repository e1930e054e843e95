// `spec-only`: exactly what the spec shows and nothing it does not
// (issue 8, part 8). No /me, no /kitchens and no /tables (their paths and shapes are not
// shown); products without the `prices` include (only the spec's own
// /products/{id}/prices route), their accounting reference under a
// provider's name; and no member on any object that the spec does not show
// for it. Records the spec shows no fields for (modifiers, barcodes,
// printers beyond their flags) keep only what the general conventions give
// every record: an id, and English and Arabic names where the record has them.
// The Orders Sync answer is a bare success envelope: its shape is not shown.

import { MESSAGES, successBody } from '../envelope.ts';
import type { RequestContext } from '../route-spec.ts';
import { productMemberNames } from '../serialize-product.ts';
import { catalogRecordRules, defineProfile, only, type JsonRecord } from './profile.ts';

/** The accounting reference's wire name "carries the provider's name" (spec, Product). */
export const SPEC_ONLY_ACCOUNTING_MEMBER = 'qoyod_id';

const CONVENTIONAL = ['id', 'name_en', 'name_ar'] as const;

/** The spec's product members but the accounting reference, which goes under a provider's name (below). */
const PRODUCT_MEMBERS = (context: RequestContext) => productMemberNames(context.features).filter((member) => member !== 'accounting_id');

const modifier = (record: JsonRecord): JsonRecord => only(record, CONVENTIONAL);

function product(record: JsonRecord, context: RequestContext): JsonRecord {
  const out = only(record, PRODUCT_MEMBERS(context));
  out[SPEC_ONLY_ACCOUNTING_MEMBER] = record.accounting_id ?? null;
  // `includes` (e.g. `modifiers`) is shown; `prices` as an include is not.
  if (Array.isArray(record.modifiers)) out.modifiers = record.modifiers.map((m) => modifier(m as JsonRecord));
  return out;
}

/** The price object per version (spec, "Product price object"): no id, no product reference. */
function price(record: JsonRecord, context: RequestContext): JsonRecord {
  const modifierRef = context.features.renamed ? ['modifier_id'] : ['product_modifier_id', 'market_id', 'branch_id'];
  const members = context.features.polymorphicPrices
    ? ['priceable_type', 'priceable_id', 'value', 'value_type']
    : ['payment_method_key', 'price', 'tax', 'total', 'is_tax_included'];
  return only(record, [...members, ...modifierRef]);
}

const PRINTER_FLAGS_LEGACY = [
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
];

/** Only the flags are shown for a printer; its id by the general conventions. */
const printer = (record: JsonRecord): JsonRecord => only(record, ['id', 'settings', ...PRINTER_FLAGS_LEGACY]);

const CUSTOMER_MEMBERS = [
  'id',
  'userable_id',
  'role',
  'name',
  'username',
  'email',
  'phone_prefix',
  'phone',
  'lang',
  'fcm_token',
  'is_active',
  'email_verified_at',
  'phone_verified_at',
  'created_at',
  'updated_at',
  'deleted_at',
  'profile_img',
];

function customer(record: JsonRecord): JsonRecord {
  const out = only(record, CUSTOMER_MEMBERS);
  // The related customer record's fields are not shown.
  if (record.userable && typeof record.userable === 'object') out.userable = only(record.userable as JsonRecord, ['id']);
  return out;
}

export const specOnlyProfile = defineProfile('spec-only', {
  hidden: [
    'GET /me',
    'GET /kitchens',
    'GET /kitchens/:kitchenId',
    'GET /tables',
    'GET /tables/:tableId',
    'GET /discounts',
    'GET /discounts/:discountId',
    'POST /orders/payments',
    'POST /attendances/sync',
    'POST /orders/payments',
    'POST /attendances/sync',
    'POST /discounts/verify',
  ],
  records: {
    ...catalogRecordRules({ product, modifier, price, barcode: (record) => only(record, ['id']), printer }),
    'GET /users/customers': customer,
  },
  answers: {
    'POST /orders/sync': () => ({ status: 200, body: successBody(200, MESSAGES.synced, null) }),
  },
});
