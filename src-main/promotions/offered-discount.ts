import { parseDecimalRounded } from '../../src-shared/money/index.ts';
import type { AppliedPromotion } from '../../src-shared/selling/index.ts';

/** What a Verify or check_reward answer offers, before it is put on a cart. */
export type OfferedDiscount = Pick<AppliedPromotion, 'kind' | 'value' | 'max_amount' | 'discount_id' | 'name_en' | 'name_ar'>;

/** What an answer says: a discount, a refusal in the service's words, or nothing Till can read (never guessed into a discount). */
export type OfferReading = { kind: 'offered'; offer: OfferedDiscount } | { kind: 'refused'; message: string | null } | { kind: 'unreadable' };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const TYPE_KEYS = ['discount_type', 'type', 'value_type', 'kind', 'reward_type'];
const PERCENT_KEYS = ['percentage', 'percent', 'discount_percentage'];
const VALUE_KEYS = ['value', 'discount_value', 'amount', 'discount_amount', 'discount'];
/** The members whose name says money: an amount even when no type is stated (a bare `value` could be a percentage). */
const AMOUNT_KEYS = ['amount', 'discount_amount'];
const CAP_KEYS = ['max_discount', 'max_discount_amount', 'maximum_discount', 'max_amount', 'cap'];
const REFUSED_STATUSES = /^(invalid|expired|used|redeemed|rejected|refused|error|failed|not_found|inactive)$/i;

/** The first of `keys` that `record` has, as a number-like value. */
function numberAt(record: Record<string, unknown>, keys: readonly string[]): string | number | null {
  for (const key of keys) {
    const value = record[key];
    if (typeof value === 'number' && Number.isFinite(value)) return value;
    if (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value)) return value.trim();
  }
  return null;
}

function textAt(record: Record<string, unknown>, keys: readonly string[]): string | null {
  for (const key of keys) {
    const value = record[key];
    if (typeof value === 'string' && value.trim() !== '') return value.trim().slice(0, 200);
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  }
  return null;
}

/** The record that carries the discount: `data`, `data.discount`, `data.reward`, or the answer itself (the shapes are not shown). */
function discountRecord(body: Record<string, unknown>): Record<string, unknown> {
  const data = isObject(body.data) ? body.data : body;
  for (const key of ['discount', 'reward', 'coupon']) if (isObject(data[key])) return { ...data, ...(data[key] as Record<string, unknown>) };
  return data;
}

/** A refusal the answer states itself: valid false, success false, an error status. */
function statedRefusal(body: Record<string, unknown>, record: Record<string, unknown>): string | null | undefined {
  const meta = isObject(body.meta) ? body.meta : {};
  const message = textAt(meta, ['message']) ?? textAt(record, ['message', 'error']) ?? textAt(body, ['message', 'error']);
  for (const where of [record, body]) {
    for (const key of ['valid', 'is_valid', 'success', 'redeemable', 'is_redeemable']) if (where[key] === false) return message;
    if (typeof where.status === 'string' && REFUSED_STATUSES.test(where.status)) return message;
  }
  if (meta.status === 'error') return message;
  return undefined;
}

/**
 * Reads a Verify or check_reward answer tolerantly (the contract shows
 * neither shape): the discount may sit in `data`, `data.discount` or the
 * answer itself; its kind in `discount_type`/`type` (percent…, or
 * amount/fixed/flat), its value in `value`/`amount`/`discount_value` or a
 * `percentage`; a cap in `max_discount`/`cap`; amounts in the currency's
 * major units as numbers or decimal strings. Without a stated kind, only a
 * `percentage` or an `amount` says which it is: a bare `value` is unreadable. A stated refusal (valid
 * false, an error status) is a refusal; anything else without a readable
 * positive value is unreadable, never a guessed discount.
 */
export function readOfferedDiscount(body: unknown, decimals: number): OfferReading {
  if (!isObject(body)) return { kind: 'unreadable' };
  const record = discountRecord(body);
  const refusal = statedRefusal(body, record);
  if (refusal !== undefined) return { kind: 'refused', message: refusal };
  const type = textAt(record, TYPE_KEYS)?.toLowerCase() ?? null;
  const percentValue = numberAt(record, PERCENT_KEYS);
  const value = numberAt(record, VALUE_KEYS);
  const amount = numberAt(record, AMOUNT_KEYS);
  let discount: { kind: 'PERCENT' | 'AMOUNT'; value: number } | null = null;
  try {
    if (percentValue !== null && (type === null || type.includes('percent'))) {
      discount = { kind: 'PERCENT', value: parseDecimalRounded(percentValue, 'percentage', 2).minor };
    } else if (value !== null && type !== null && type.includes('percent')) {
      discount = { kind: 'PERCENT', value: parseDecimalRounded(value, 'percentage', 2).minor };
    } else if (value !== null && type !== null && /amount|fixed|flat|value|cash/.test(type)) {
      discount = { kind: 'AMOUNT', value: parseDecimalRounded(value, 'amount', decimals).minor };
    } else if (type === null && amount !== null) {
      discount = { kind: 'AMOUNT', value: parseDecimalRounded(amount, 'amount', decimals).minor };
    }
  } catch {
    return { kind: 'unreadable' };
  }
  if (discount === null || discount.value <= 0) return { kind: 'unreadable' };
  if (discount.kind === 'PERCENT' && discount.value > 10_000) return { kind: 'unreadable' };
  const capValue = numberAt(record, CAP_KEYS);
  let cap: number | null = null;
  if (capValue !== null) {
    try {
      const read = parseDecimalRounded(capValue, 'cap', decimals).minor;
      cap = read > 0 ? read : null;
    } catch {
      return { kind: 'unreadable' };
    }
  }
  return {
    kind: 'offered',
    offer: {
      kind: discount.kind,
      value: discount.value,
      max_amount: cap,
      discount_id: textAt(record, ['id', 'discount_id', 'reward_id']),
      name_en: textAt(record, ['name_en', 'name', 'title']),
      name_ar: textAt(record, ['name_ar']),
    },
  };
}
