import type { ApiVersion } from '../api-version.ts';
import type { DiscountBound, ServiceDiscount } from '../catalog/index.ts';
import { schemaOf } from './schema-from-table.ts';
import { perVersion } from './per-version.ts';
import { ReadTally } from './read-tally.ts';

/** An item of `GET /discounts` (fields not shown by the spec; member table, "discount"). */
export const discountSchema = perVersion((version: ApiVersion) => schemaOf('discount', version));

type Loose = string | number | unknown[] | null | undefined;

/** A discount as the member table's schema leaves it: every member optional but the id, aliases already folded in. */
export interface WireDiscount {
  id: string;
  name_en?: string | null;
  name_ar?: string | null;
  type?: string | null;
  value?: string | number | null;
  percentage?: string | number | null;
  amount?: string | number | null;
  max_amount?: string | number | null;
  applies_to?: string | null;
  product_ids?: Loose;
  category_ids?: Loose;
  branch_ids?: Loose;
  order_types?: Loose;
  starts_at?: number | string | null;
  ends_at?: number | string | null;
  days?: Loose;
  start_time?: string | null;
  end_time?: string | null;
  code?: string | null;
  min_order?: string | number | null;
  is_active?: boolean | null;
  is_automatic?: boolean | null;
  deleted_at?: number | null;
}

const PERCENT_WORDS = new Set(['PERCENT', 'PERCENTAGE', 'RATE']);
const AMOUNT_WORDS = new Set(['AMOUNT', 'FIXED', 'NOMINAL', 'FLAT', 'VALUE']);
const ORDER_WORDS = new Set(['ORDER', 'ALL', 'INVOICE', 'WHOLE_ORDER', 'CART']);
const ITEM_WORDS = new Set(['PRODUCTS', 'PRODUCT', 'CATEGORIES', 'CATEGORY', 'ITEMS', 'ITEM']);
const DAY_NAMES = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];
const ORDER_TYPE_WORDS: Record<string, string> = {
  DINE_IN: 'DINE_IN',
  DINEIN: 'DINE_IN',
  TAKEAWAY: 'TAKEAWAY',
  TAKE_AWAY: 'TAKEAWAY',
  PICKUP: 'TAKEAWAY',
  DELIVERY: 'DELIVERY',
};

const word = (value: string) =>
  value
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '_');

/** The items of a list member: an array, or one item alone; an object item by its `id` (or `key`). */
function items(value: Loose, member: string): (string | number)[] {
  if (value === null || value === undefined || value === '') return [];
  const list = Array.isArray(value) ? value : [value];
  return list.map((item, index) => {
    if (typeof item === 'string' || typeof item === 'number') return item;
    if (item !== null && typeof item === 'object') {
      const inner = (item as Record<string, unknown>).id ?? (item as Record<string, unknown>).key;
      if (typeof inner === 'string' || typeof inner === 'number') return inner;
    }
    throw new Error(`${member}[${index}] is neither an id nor an object with an id`);
  });
}

function categoryIds(value: Loose): number[] {
  return items(value, 'category_ids').map((item, index) => {
    const n = typeof item === 'number' ? item : Number(item);
    if (!Number.isSafeInteger(n)) throw new Error(`category_ids[${index}] (${String(item)}) is not an integer id`);
    return n;
  });
}

function orderTypes(value: Loose): string[] {
  return items(value, 'order_types').map((item) => {
    const type = ORDER_TYPE_WORDS[word(String(item))];
    if (!type) throw new Error(`order type "${String(item)}" is none of DINE_IN, TAKEAWAY, DELIVERY`);
    return type;
  });
}

function days(value: Loose): number[] {
  const out = items(value, 'days').map((item) => {
    if (typeof item === 'number' || /^\d+$/.test(String(item))) {
      const n = Number(item);
      if (n < 0 || n > 7) throw new Error(`day ${n} is not 0–6 (from Sunday) or 7`);
      return n % 7;
    }
    const day = DAY_NAMES.indexOf(word(String(item)).slice(0, 3));
    if (day < 0) throw new Error(`day "${String(item)}" is not a day of the week`);
    return day;
  });
  return [...new Set(out)].sort((a, b) => a - b);
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * A bound of the validity period: epoch ms as they are; a string with a
 * zone (Z, +03:00) becomes epoch ms; one without is the branch's wall clock,
 * `yyyy-MM-dd HH:mm:ss` (a date alone: the day's start, or its end for `ends_at`).
 */
function bound(value: number | string | null | undefined, end: boolean, member: string): DiscountBound | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return value;
  const match = DATE.exec(value.trim());
  if (!match) throw new Error(`${member} "${value}" is neither epoch ms nor a date (yyyy-MM-dd[ HH:mm[:ss]])`);
  const [, y, mo, d, h, mi, s, zone] = match;
  if (zone) {
    const at = Date.parse(value.trim().replace(' ', 'T'));
    if (!Number.isFinite(at)) throw new Error(`${member} "${value}" is not a real date`);
    return at;
  }
  const time = h === undefined ? (end ? '23:59:59' : '00:00:00') : `${h}:${mi}:${s ?? (end ? '59' : '00')}`;
  return `${y}-${mo}-${d} ${time}`;
}

function hour(value: string | null | undefined, member: string): string | null {
  if (value === null || value === undefined || value.trim() === '') return null;
  const match = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(value.trim());
  if (!match || Number(match[1]) > 24 || Number(match[2]) > 59) throw new Error(`${member} "${value}" is not a time of day (HH:mm)`);
  return `${match[1]!.padStart(2, '0')}:${match[2]}`;
}

/** A discount as the till keeps it; what it cannot read throws, and the record is left out of the pull and reported. */
export function normalizeDiscount(input: unknown, _position = 0, tally: ReadTally = new ReadTally()): ServiceDiscount {
  const wire = input as WireDiscount;
  const where = `discount ${wire.id}`;
  const typeWord = wire.type ? word(wire.type) : null;
  let kind: ServiceDiscount['kind'];
  let raw: string | number | null | undefined;
  if (typeWord !== null && PERCENT_WORDS.has(typeWord)) [kind, raw] = ['PERCENT', wire.value ?? wire.percentage];
  else if (typeWord !== null && AMOUNT_WORDS.has(typeWord)) [kind, raw] = ['AMOUNT', wire.value ?? wire.amount];
  else if (typeWord !== null) throw new Error(`type "${wire.type}" is neither a percentage nor an amount`);
  else if (wire.percentage != null) [kind, raw] = ['PERCENT', wire.percentage];
  else if (wire.amount != null) [kind, raw] = ['AMOUNT', wire.amount];
  else throw new Error('it says neither a percentage nor an amount (type, percentage or amount)');
  if (raw === null || raw === undefined) throw new Error(`it is a ${kind === 'PERCENT' ? 'percentage' : 'an amount'} without a value`);
  const value = kind === 'PERCENT' ? tally.percent(raw, `${where} value`) : tally.money(raw, '0', `${where} value`);
  if (value <= 0) throw new Error(`its value ${String(raw)} is not above 0`);
  if (kind === 'PERCENT' && value > 10_000) throw new Error(`its percentage ${String(raw)} is above 100`);
  const maxAmount = wire.max_amount == null ? null : tally.money(wire.max_amount, '0', `${where} max_amount`);
  const minOrder = wire.min_order == null ? null : tally.money(wire.min_order, '0', `${where} min_order`);

  const productIds = items(wire.product_ids, 'product_ids').map(String);
  const categories = categoryIds(wire.category_ids);
  const scope = wire.applies_to ? word(wire.applies_to) : null;
  if (scope !== null && !ORDER_WORDS.has(scope) && !ITEM_WORDS.has(scope))
    throw new Error(`applies_to "${wire.applies_to}" is neither the order nor products or categories`);
  const wholeOrder = scope !== null && ORDER_WORDS.has(scope);
  if (!wholeOrder && scope !== null && productIds.length === 0 && categories.length === 0) {
    throw new Error(`it applies to ${wire.applies_to} but names none`);
  }
  const nameEn = wire.name_en?.trim() || `Discount ${wire.id}`;
  return {
    id: wire.id,
    name_en: nameEn,
    name_ar: wire.name_ar?.trim() || nameEn,
    kind,
    value,
    max_amount: maxAmount !== null && maxAmount > 0 ? maxAmount : null,
    product_ids: wholeOrder ? [] : productIds,
    category_ids: wholeOrder ? [] : categories,
    branch_ids: items(wire.branch_ids, 'branch_ids').map(String),
    order_types: orderTypes(wire.order_types),
    valid_from: bound(wire.starts_at, false, 'starts_at'),
    valid_to: bound(wire.ends_at, true, 'ends_at'),
    days: days(wire.days),
    hours_from: hour(wire.start_time, 'start_time'),
    hours_to: hour(wire.end_time, 'end_time'),
    code: wire.code?.trim() || null,
    min_order: minOrder !== null && minOrder > 0 ? minOrder : null,
    is_active: (wire.is_active ?? true) && (wire.deleted_at ?? null) === null,
    automatic: wire.is_automatic ?? false,
  };
}
