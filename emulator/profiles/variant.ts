// `variant`: different but plausible choices for everything the spec leaves
// open (issue 8, part 8), so the client is tested against a service we did
// not shape: other member names on the records whose fields are not shown,
// extra members everywhere (a client must ignore them), a flat /me,
// barcodes without a modifier reference, printers with address members of
// their own, the accounting reference under another provider's name, and
// the Orders Sync answer counted, or keyed by uuid; option groups as group
// records with their options nested (and, per product, under other names).

import type { RequestContext } from '../route-spec.ts';
import { catalogRecordRules, defineProfile, rename, without, type JsonRecord } from './profile.ts';
import type { Answer } from '../route-spec.ts';
import { MESSAGES, successBody } from '../envelope.ts';

export const VARIANT_ACCOUNTING_MEMBER = 'xero_id';

/** Members a real service might add to anything; the client must ignore them. */
function extras(record: JsonRecord, kind: string): JsonRecord {
  return { ...record, _type: kind, etag: `W/"${String(record.id ?? record.key ?? kind)}"`, links: { self: null } };
}

function modifier(record: JsonRecord): JsonRecord {
  // A modifier with its price called `amount`, and no product reference (it is nested in, or routed by, its product);
  // its group under other names: one name for both languages, `min_quantity`/`max_quantity`, `is_required`.
  const { price, product_id: _productId, group_id, group_name_en, group_name_ar: _groupAr, min, max, ...rest } = record;
  const out: JsonRecord = { ...rest, amount: price, is_default: false };
  if (group_id !== undefined)
    Object.assign(out, { modifier_group_id: group_id, group_name: group_name_en, min_quantity: min, max_quantity: max, is_required: (min as number) > 0 });
  return extras(out, 'modifier');
}

const GROUP_MEMBERS = ['group_id', 'group_name_en', 'group_name_ar', 'min', 'max'];

/**
 * A product's modifiers as a service that nests them sends them: each group
 * a record (its id, names, `max_quantity`, `is_required`, no `min`) with its
 * options under `options`, where its first option was; options in no group
 * stay records of their own.
 */
function nestedModifiers(modifiers: JsonRecord[]): JsonRecord[] {
  const out: JsonRecord[] = [];
  const groups = new Map<unknown, JsonRecord[]>();
  for (const m of modifiers) {
    if (m.group_id === undefined) {
      out.push(modifier(m));
      continue;
    }
    let options = groups.get(m.group_id);
    if (!options) {
      groups.set(m.group_id, (options = []));
      out.push(
        extras(
          { id: m.group_id, name_en: m.group_name_en, name_ar: m.group_name_ar, max_quantity: m.max ?? 0, is_required: (m.min as number) > 0, options },
          'modifier_group',
        ),
      );
    }
    options.push(modifier(without(m, GROUP_MEMBERS)));
  }
  return out;
}

function product(record: JsonRecord, context: RequestContext): JsonRecord {
  let out = rename(record, { accounting_id: VARIANT_ACCOUNTING_MEMBER });
  if (Array.isArray(out.modifiers)) out = { ...out, modifiers: nestedModifiers(out.modifiers as JsonRecord[]) };
  if (Array.isArray(out.prices)) out = { ...out, prices: out.prices.map((p) => price(p as JsonRecord, context)) };
  return extras({ ...out, sku: `SKU-${String(record.id).slice(0, 8)}`, calories: null, tags: [] }, 'product');
}

/** Prices keep the spec's members; the ids not shown are left out (a client derives them). */
const price = (record: JsonRecord, _context: RequestContext): JsonRecord => extras(without(record, ['id', 'product_id']), 'price');

function barcode(record: JsonRecord): JsonRecord {
  // No modifier reference; the code under `code`, with its symbology.
  const { barcode: code, modifier_id: _m, product_modifier_id: _pm, ...rest } = record;
  return extras({ ...rest, code, format: 'EAN13' }, 'barcode');
}

function printer(record: JsonRecord): JsonRecord {
  // Its own address members (`ip` and `port`) instead of one `address`, and its name per language.
  const { name, address, ...rest } = record;
  const out: JsonRecord = { ...rest, name_en: name, name_ar: name, connection: 'NETWORK' };
  const match = typeof address === 'string' ? /^tcp:\/\/([^:/]+):(\d+)$/.exec(address) : null;
  Object.assign(out, { ip: match ? match[1] : null, port: match ? Number(match[2]) : null });
  return extras(out, 'printer');
}

/**
 * Other plausible shapes of a discount (issue 35): a lower-case type word
 * and a plain number, `percentage`/`amount` alone on alternate records,
 * lists of `{id}` objects under `products`/`categories`/`branches`, short
 * day names, dates as `yyyy-MM-dd` strings, and other names for the rest.
 */
function discount(record: JsonRecord): JsonRecord {
  const { type, value, product_ids, category_ids, branch_ids, days, ...rest } = record;
  const out: JsonRecord = rename(rest, {
    name_en: 'title',
    max_amount: 'max_discount',
    min_order: 'minimum_order',
    start_time: 'from_time',
    end_time: 'to_time',
    starts_at: 'valid_from',
    ends_at: 'valid_until',
    is_active: 'active',
    is_automatic: 'auto_apply',
    applies_to: 'scope',
    code: 'coupon_code',
  });
  // Percentages as `percentage` with no type word; amounts as a lower-case type with a number.
  if (type === 'PERCENT') out.percentage = Number(value);
  else Object.assign(out, { discount_type: 'fixed', discount_value: Number(value) });
  const ids = (list: unknown) => (Array.isArray(list) ? list.map((id) => ({ id })) : undefined);
  if (product_ids) out.products = ids(product_ids);
  if (category_ids) out.categories = ids(category_ids);
  if (branch_ids) out.branches = ids(branch_ids);
  if (Array.isArray(days)) out.weekdays = days.map((day) => String(day).slice(0, 3).toLowerCase());
  return out;
}

/** /me flat: ids, names, VAT number and tax as top-level members under other names. */
function me(record: JsonRecord): JsonRecord {
  const user = (record.user ?? {}) as JsonRecord;
  const market = (record.market ?? {}) as JsonRecord;
  const branch = (record.branch ?? null) as JsonRecord | null;
  return {
    id: user.id,
    name: user.name,
    role: user.role,
    market_id: market.id,
    market_name_en: market.name_en,
    market_name_ar: market.name_ar,
    tax_number: market.vat_number,
    branch_id: branch?.id ?? null,
    branch_name_en: branch?.name_en ?? null,
    branch_name_ar: branch?.name_ar ?? null,
    tax_rate: branch?.vat_rate ?? null,
    is_tax_included: branch?.prices_include_tax ?? null,
    permissions: ['orders.sync', 'products.read'],
  };
}

/**
 * The Orders Sync answer as two other services give it: a batch it took
 * whole is only counted (`{"data": {"accepted": N}}`, duplicates included);
 * a batch with a refusal is keyed by uuid, with other member names
 * (`{"data": {"<uuid>": {"result", "order_id", "errors"}}}`).
 */
function syncAnswer(answer: Answer): Answer {
  const body = answer.body as { data?: { results?: JsonRecord[] } } | null;
  const results = body?.data?.results;
  if (!Array.isArray(results)) return answer;
  if (results.every((r) => r.status === 'created' || r.status === 'duplicate')) {
    return { status: answer.status, body: { data: { accepted: results.length } } };
  }
  const STATUS: Record<string, string> = { created: 'success', duplicate: 'already_exists', rejected: 'rejected' };
  const keyed = Object.fromEntries(
    results.map((r) => [String(r.uuid), { result: STATUS[String(r.status)] ?? r.status, order_id: r.id ?? null, ...(r.errors ? { errors: r.errors } : {}) }]),
  );
  return { status: answer.status, body: successBody(answer.status, MESSAGES.synced, keyed) };
}

export const variantProfile = defineProfile('variant', {
  records: {
    'GET /me': me,
    ...catalogRecordRules({ product, modifier, price, barcode: barcode, printer }),
    'GET /product-categories': (record) => extras(record, 'category'),
    'GET /payment-methods': (record) => extras(record, 'payment_method'),
    'GET /payment-methods/settings': (record) => extras(record, 'payment_method_config'),
    'GET /users/customers': (record) => extras(record, 'customer'),
    'GET /kitchens': (record) => extras(record, 'kitchen'),
    // Other plausible names for a table's members (issue 21): a label, a section, a capacity.
    'GET /tables': (record) => extras(rename(record, { name: 'label', area: 'section', seats: 'capacity' }), 'dining_table'),
    'GET /discounts': (record) => extras(discount(record), 'discount'),
  },
  answers: {
    'POST /orders/sync': syncAnswer,
    // Customers Update (issue 35) answered as many REST services do: 204, no body.
    'POST /customers/:customerId': (answer) => (answer.status === 200 ? { status: 204, body: null } : answer),
  },
});
