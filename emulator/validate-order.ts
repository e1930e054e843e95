import { isLive } from './answers.ts';
import { findById } from './find-by-id.ts';
import { UUID_PATTERN } from './ids.ts';
import { fromCents, MONEY_PATTERN, toCents } from './money.ts';
import type { UploadedOrder, UploadedOrderItem } from './received-order.ts';
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

  nullableString(input: Input, field: string, name = field): string | null {
    const value = input[field];
    if (value === undefined || value === null) return null;
    if (typeof value !== 'string') this.v.fail(name, rules.string(name));
    return typeof value === 'string' ? value : null;
  }

  money(input: Input, field: string, name = field): number | undefined {
    const value = this.string(input, field, name);
    if (value === undefined) return undefined;
    if (!MONEY_PATTERN.test(value)) return void this.v.fail(name, rules.decimal(name));
    return toCents(value) ?? undefined;
  }

  integer(input: Input, field: string, min: number, name = field): number | undefined {
    const value = input[field];
    if (missing(value)) return void this.v.fail(name, rules.required(name));
    const n = typeof value === 'number' ? asInteger(value) : undefined;
    if (n === undefined) return void this.v.fail(name, rules.integer(name));
    if (n < min) return void this.v.fail(name, rules.min(name, min));
    return n;
  }

  list(input: Input, field: string, name = field): unknown[] | undefined {
    const value = input[field];
    if (missing(value)) return void this.v.fail(name, rules.required(name));
    if (!Array.isArray(value)) return void this.v.fail(name, rules.array(name));
    if (value.length === 0) return void this.v.fail(name, rules.minItems(name, 1));
    return value;
  }
}

function mustEqual(v: Validator, field: string, actual: number | undefined, expected: number, what: string): void {
  if (actual !== undefined && actual !== expected) {
    v.fail(field, `The ${field} field must equal ${what} (${fromCents(expected)}).`);
  }
}

function checkItem(raw: unknown, index: number, tenant: Tenant, r: Reader): { item: UploadedOrderItem; total?: number } | null {
  const at = `items.${index}`;
  if (!isObject(raw)) {
    r.v.fail(at, `The ${at} field must be an object.`);
    return null;
  }
  const productId = r.string(raw, 'product_id', `${at}.product_id`);
  const product = productId === undefined ? undefined : findById(tenant.products, productId);
  // An unknown (for example deleted upstream) product is a permanent rejection.
  if (productId !== undefined && (!product || !isLive(product))) r.v.fail(`${at}.product_id`, rules.selected(`${at}.product_id`));
  const quantity = r.integer(raw, 'quantity', 1, `${at}.quantity`);
  const unitPrice = r.money(raw, 'unit_price', `${at}.unit_price`);
  const total = r.money(raw, 'total', `${at}.total`);
  if (quantity !== undefined && unitPrice !== undefined) mustEqual(r.v, `${at}.total`, total, unitPrice * quantity, 'unit_price × quantity');
  const modifiers: { modifier_id: string }[] = [];
  const rawModifiers = raw.modifiers ?? [];
  if (!Array.isArray(rawModifiers)) r.v.fail(`${at}.modifiers`, rules.array(`${at}.modifiers`));
  else {
    rawModifiers.forEach((m: unknown, j) => {
      const name = `${at}.modifiers.${j}.modifier_id`;
      const modifierId = isObject(m) ? r.string(m, 'modifier_id', name) : void r.v.fail(name, rules.required(name));
      if (modifierId === undefined) return;
      if (product && !product.modifiers.some((known) => known.id === modifierId)) r.v.fail(name, rules.selected(name));
      modifiers.push({ modifier_id: modifierId });
    });
  }
  const notes = r.nullableString(raw, 'notes', `${at}.notes`);
  return {
    item: {
      product_id: productId ?? '',
      quantity: quantity ?? 0,
      unit_price: unitPrice === undefined ? '' : fromCents(unitPrice),
      modifiers,
      notes,
      total: total === undefined ? '' : fromCents(total),
    },
    ...(total === undefined ? {} : { total }),
  };
}

/**
 * Checks one uploaded order against DESIGN.md's contract and the tenant:
 * shapes, known product, modifier and payment-method ids, the caller's
 * market and branch, and totals that add up. Errors are keyed by the field
 * within the order (`items.0.product_id`).
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
  const tableId = r.nullableString(raw, 'table_id');
  const customerId = r.nullableString(raw, 'customer_id');
  const createdAt = r.integer(raw, 'created_at', 0);

  const items: UploadedOrderItem[] = [];
  let itemsTotal: number | undefined = 0;
  for (const [index, rawItem] of (r.list(raw, 'items') ?? []).entries()) {
    const checked = checkItem(rawItem, index, tenant, r);
    if (checked) items.push(checked.item);
    itemsTotal = checked?.total === undefined || itemsTotal === undefined ? undefined : itemsTotal + checked.total;
  }
  const subtotal = r.money(raw, 'subtotal');
  const discount = r.money(raw, 'discount_total');
  const tax = r.money(raw, 'tax');
  const total = r.money(raw, 'total');
  if (itemsTotal !== undefined && items.length > 0) mustEqual(v, 'subtotal', subtotal, itemsTotal, 'the sum of the item totals');
  // Prices that include VAT already carry the tax; otherwise it is added on top.
  const taxIncluded = tenant.me.branch?.prices_include_tax ?? true;
  if (subtotal !== undefined && discount !== undefined && tax !== undefined) {
    mustEqual(v, 'total', total, subtotal - discount + (taxIncluded ? 0 : tax), taxIncluded ? 'subtotal − discount_total' : 'subtotal − discount_total + tax');
  }

  const payments: UploadedOrder['payments'] = [];
  let paid: number | undefined = 0;
  for (const [index, rawPayment] of (r.list(raw, 'payments') ?? []).entries()) {
    const at = `payments.${index}`;
    if (!isObject(rawPayment)) {
      v.fail(at, `The ${at} field must be an object.`);
      paid = undefined;
      continue;
    }
    const key = r.string(rawPayment, 'payment_method_key', `${at}.payment_method_key`);
    if (key !== undefined && !tenant.paymentMethods.some((m) => m.key === key)) {
      v.fail(`${at}.payment_method_key`, rules.selected(`${at}.payment_method_key`));
    }
    const amount = r.money(rawPayment, 'amount', `${at}.amount`);
    paid = amount === undefined || paid === undefined ? undefined : paid + amount;
    payments.push({ payment_method_key: key ?? '', amount: amount === undefined ? '' : fromCents(amount) });
  }
  if (paid !== undefined && payments.length > 0 && total !== undefined && paid !== total) {
    v.fail('payments', `The payments must add up to the total (${fromCents(total)}); they add up to ${fromCents(paid)}.`);
  }
  const status = r.string(raw, 'status');

  if (v.failed) return { ok: false, errors: v.messages };
  return {
    ok: true,
    order: {
      uuid: uuid!,
      market_id: marketId!,
      branch_id: branchId!,
      number: number as string | number,
      type: type!,
      table_id: tableId,
      customer_id: customerId,
      created_at: createdAt!,
      items,
      subtotal: fromCents(subtotal!),
      discount_total: fromCents(discount!),
      tax: fromCents(tax!),
      total: fromCents(total!),
      payments,
      status: status!,
    },
  };
}
