import { isLive } from './answers.ts';
import { findById } from './find-by-id.ts';
import { UUID_PATTERN } from './ids.ts';
import { fromCents, toCents } from './money.ts';
import type { UploadedOrder } from './received-order.ts';
import type { Tenant } from './tenant.ts';
import { asInteger, rules, Validator } from './validation.ts';

export const ORDER_TYPES = ['DINE_IN', 'TAKEAWAY', 'DELIVERY'] as const;

export type OrderCheck = { ok: true; order: UploadedOrder } | { ok: false; errors: Record<string, string[]> };

type Input = Record<string, unknown>;

const isObject = (value: unknown): value is Input => typeof value === 'object' && value !== null && !Array.isArray(value);
const missing = (value: unknown) => value === undefined || value === null || value === '';

/** Field readers that record Laravel-style failures under the order-relative field name. */
class Reader {
  constructor(readonly v: Validator) {}

  string(input: Input, field: string, name = field): string | undefined {
    const value = input[field];
    if (missing(value)) return void this.v.fail(name, rules.required(name));
    if (typeof value !== 'string') return void this.v.fail(name, rules.string(name));
    return value;
  }

  nullableString(input: Input, field: string, name = field): void {
    const value = input[field];
    if (value !== undefined && value !== null && typeof value !== 'string') this.v.fail(name, rules.string(name));
  }

  /** Hundredths of a two-place decimal string; signed, since a refund carries negative amounts. */
  money(input: Input, field: string, name = field): number | undefined {
    const value = this.string(input, field, name);
    if (value === undefined) return undefined;
    const cents = toCents(value);
    if (cents === null) return void this.v.fail(name, rules.decimal(name));
    return cents;
  }

  integer(input: Input, field: string, name = field): number | undefined {
    const value = input[field];
    if (missing(value)) return void this.v.fail(name, rules.required(name));
    const n = typeof value === 'number' ? asInteger(value) : undefined;
    if (n === undefined) return void this.v.fail(name, rules.integer(name));
    return n;
  }

  list(input: Input, field: string, name = field): unknown[] {
    const value = input[field];
    if (missing(value)) this.v.fail(name, rules.required(name));
    else if (!Array.isArray(value)) this.v.fail(name, rules.array(name));
    else if (value.length === 0) this.v.fail(name, rules.minItems(name, 1));
    else return value;
    return [];
  }
}

function mustEqual(v: Validator, field: string, actual: number | undefined, expected: number, what: string): void {
  if (actual !== undefined && actual !== expected) {
    v.fail(field, `The ${field} field must equal ${what} (${fromCents(expected)}).`);
  }
}

/** Checks one line; returns its total in hundredths, or undefined when that is not known. */
function checkItem(raw: unknown, at: string, tenant: Tenant, r: Reader): number | undefined {
  if (!isObject(raw)) return void r.v.fail(at, `The ${at} field must be an object.`);
  const productId = r.string(raw, 'product_id', `${at}.product_id`);
  const product = productId === undefined ? undefined : findById(tenant.products, productId);
  // An unknown product (deleted upstream, say) can never succeed: a permanent rejection.
  if (productId !== undefined && (!product || !isLive(product))) r.v.fail(`${at}.product_id`, rules.selected(`${at}.product_id`));
  const quantity = r.integer(raw, 'quantity', `${at}.quantity`);
  // Negative on a refund; never zero.
  if (quantity === 0) r.v.fail(`${at}.quantity`, `The ${at}.quantity field must not be 0.`);
  const unitPrice = r.money(raw, 'unit_price', `${at}.unit_price`);
  const total = r.money(raw, 'total', `${at}.total`);
  if (quantity !== undefined && unitPrice !== undefined) mustEqual(r.v, `${at}.total`, total, unitPrice * quantity, 'unit_price × quantity');
  const modifiers = raw.modifiers ?? [];
  if (!Array.isArray(modifiers)) r.v.fail(`${at}.modifiers`, rules.array(`${at}.modifiers`));
  else {
    modifiers.forEach((m: unknown, j) => {
      const name = `${at}.modifiers.${j}.modifier_id`;
      const modifierId = isObject(m) ? r.string(m, 'modifier_id', name) : void r.v.fail(name, rules.required(name));
      if (modifierId !== undefined && product && !product.modifiers.some((known) => known.id === modifierId)) {
        r.v.fail(name, rules.selected(name));
      }
    });
  }
  r.nullableString(raw, 'notes', `${at}.notes`);
  return total;
}

/**
 * Checks one uploaded order against the upload contract (docs/decisions.md) and the tenant:
 * shapes, known product, modifier and payment-method ids, the caller's
 * market and branch, and totals that add up (item total = unit_price ×
 * quantity, subtotal = Σ item totals, total = subtotal − discount_total,
 * + tax when the branch's prices exclude it, Σ payments = total). Errors are
 * keyed by the field within the order (`items.0.product_id`); emulator/README.md, 31.
 */
export function validateOrder(raw: unknown, tenant: Tenant): OrderCheck {
  const v = new Validator();
  const r = new Reader(v);
  if (!isObject(raw)) {
    v.fail('order', 'The order must be an object.');
    return { ok: false, errors: v.messages };
  }
  const uuid = r.string(raw, 'uuid');
  if (uuid !== undefined && !UUID_PATTERN.test(uuid)) v.fail('uuid', rules.uuid('uuid'));
  const marketId = r.string(raw, 'market_id');
  if (marketId !== undefined && marketId !== tenant.me.market.id) v.fail('market_id', rules.selected('market_id'));
  const branchId = r.string(raw, 'branch_id');
  if (branchId !== undefined && branchId !== tenant.me.branch?.id) v.fail('branch_id', rules.selected('branch_id'));
  const number = raw.number;
  if (missing(number)) v.fail('number', rules.required('number'));
  else if (typeof number !== 'string' && asInteger(number) === undefined) v.fail('number', rules.string('number'));
  const type = r.string(raw, 'type');
  if (type !== undefined && !(ORDER_TYPES as readonly string[]).includes(type)) v.fail('type', rules.selected('type'));
  r.nullableString(raw, 'table_id');
  r.nullableString(raw, 'customer_id');
  r.nullableString(raw, 'refund_of');
  const createdAt = r.integer(raw, 'created_at');
  if (createdAt !== undefined && createdAt < 0) v.fail('created_at', rules.min('created_at', 0));
  r.string(raw, 'status');

  const items = r.list(raw, 'items');
  let itemsTotal: number | undefined = 0;
  items.forEach((item, index) => {
    const total = checkItem(item, `items.${index}`, tenant, r);
    itemsTotal = total === undefined || itemsTotal === undefined ? undefined : itemsTotal + total;
  });
  const subtotal = r.money(raw, 'subtotal');
  const discount = r.money(raw, 'discount_total');
  const tax = r.money(raw, 'tax');
  const total = r.money(raw, 'total');
  if (items.length > 0 && itemsTotal !== undefined) mustEqual(v, 'subtotal', subtotal, itemsTotal, 'the sum of the item totals');
  // Prices that include VAT already carry the tax; otherwise it is added on top.
  const taxIncluded = tenant.me.branch?.prices_include_tax ?? true;
  if (subtotal !== undefined && discount !== undefined && tax !== undefined) {
    const rule = taxIncluded ? 'subtotal − discount_total' : 'subtotal − discount_total + tax';
    mustEqual(v, 'total', total, subtotal - discount + (taxIncluded ? 0 : tax), rule);
  }

  const payments = r.list(raw, 'payments');
  let paid: number | undefined = 0;
  payments.forEach((payment, index) => {
    const at = `payments.${index}`;
    if (!isObject(payment)) {
      v.fail(at, `The ${at} field must be an object.`);
      paid = undefined;
      return;
    }
    const key = r.string(payment, 'payment_method_key', `${at}.payment_method_key`);
    if (key !== undefined && !tenant.paymentMethods.some((m) => m.key === key)) {
      v.fail(`${at}.payment_method_key`, rules.selected(`${at}.payment_method_key`));
    }
    const amount = r.money(payment, 'amount', `${at}.amount`);
    paid = amount === undefined || paid === undefined ? undefined : paid + amount;
  });
  if (payments.length > 0 && paid !== undefined && total !== undefined && paid !== total) {
    v.fail('payments', `The payments must add up to the total (${fromCents(total)}); they add up to ${fromCents(paid)}.`);
  }

  if (v.failed) return { ok: false, errors: v.messages };
  // Kept as received, members beyond the contract (such as `refund_of`) included.
  return { ok: true, order: raw as unknown as UploadedOrder };
}
