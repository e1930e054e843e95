import { z } from 'zod';
import type { DecimalString, EpochMs } from '../catalog/index.ts';
import { bool, decimal, epochMs, id, idOrNull, list, number, oneOf, record, text, textOrNull } from './primitives.ts';
import { successEnvelopeSchema } from './envelope.ts';
import { readBody } from './wire-validation-error.ts';

// The order upload contract is the project's assumption, not the spec's
// (docs/decisions.md, "The order upload contract"): `POST /orders/sync` with
// `{"orders": [Order, ...]}`, answered by one result per order.

/** At most this many orders go in one sync request. */
export const MAX_ORDERS_PER_SYNC = 50;

export interface OrderLineModifier {
  modifier_id: string;
}

export interface OrderLine {
  product_id: string;
  quantity: number;
  unit_price: DecimalString;
  modifiers: OrderLineModifier[];
  notes: string | null;
  total: DecimalString;
}

export interface OrderPayment {
  payment_method_key: string;
  amount: DecimalString;
}

/** An order as uploaded; `uuid` is made by the till and is the idempotency key. */
export interface Order {
  uuid: string;
  market_id: string;
  branch_id: string;
  /** The number the cashier calls out ("042"), counted per branch per business day. */
  number: string;
  /** An order type as prices name it (DINE_IN, TAKEAWAY, DELIVERY). */
  type: string;
  table_id: string | null;
  customer_id: string | null;
  created_at: EpochMs;
  items: OrderLine[];
  subtotal: DecimalString;
  discount_total: DecimalString;
  tax: DecimalString;
  total: DecimalString;
  payments: OrderPayment[];
  /** PAID, UNPAID (some of it on PAY_LATER) or REFUND. */
  status: string;
  /** Till's addition to the upload contract (docs/decisions.md): a refund names the order it refunds. */
  refund_of: string | null;
  /** Extra members (issue 11): the cashier's name and the shift's uuid; null on orders from before cashiers. */
  cashier?: string | null;
  shift_id?: string | null;
  refund_reason?: string | null;
  /**
   * Extra member (issue 35): the coupons and loyalty rewards given on the
   * sale, each with its code and what it took off; `verified` false for a
   * coupon accepted offline from the replica, for the service to judge.
   * Absent when there were none.
   */
  discounts?: OrderDiscount[];
}

/**
 * A discount named on an uploaded order (issue 35): the members of a
 * service discount given (discount_id, names, scope, amount, code), with
 * where it came from (`source`: coupon or reward) and whether the service
 * confirmed it. A reward's discount_id is null when the provider named none.
 */
export interface OrderDiscount {
  discount_id: string | null;
  name_en: string;
  name_ar: string;
  /** Always ORDER for a coupon or reward: a whole-order discount. */
  scope: string;
  amount: DecimalString;
  code: string | null;
  source: string;
  verified: boolean;
}

export interface OrderSyncRequest {
  orders: Order[];
}

/** The request order as a schema, for the emulator to check what it receives. */
export const orderSchema: z.ZodType<Order> = record({
  uuid: id,
  market_id: id,
  branch_id: id,
  number: id,
  type: id,
  table_id: idOrNull,
  customer_id: idOrNull,
  created_at: epochMs,
  items: list(
    record({
      product_id: id,
      quantity: number,
      unit_price: decimal,
      modifiers: list(record({ modifier_id: id })),
      notes: textOrNull,
      total: decimal,
    }),
  ),
  subtotal: decimal,
  discount_total: decimal,
  tax: decimal,
  total: decimal,
  payments: list(record({ payment_method_key: id, amount: decimal })),
  status: id,
  refund_of: idOrNull,
  cashier: textOrNull.optional(),
  shift_id: idOrNull.optional(),
  refund_reason: textOrNull.optional(),
  discounts: list(
    record({ discount_id: idOrNull, name_en: text, name_ar: text, scope: id, amount: decimal, code: textOrNull, source: id, verified: bool }),
  ).optional(),
});

export const orderSyncRequestSchema = record({ orders: list(orderSchema) });

export const ORDER_SYNC_STATUSES = ['created', 'duplicate', 'rejected'] as const;
export type OrderSyncStatus = (typeof ORDER_SYNC_STATUSES)[number];

/**
 * One order's outcome: `created`, `duplicate` (the service already had the
 * uuid; a success too) or `rejected` (permanent; `errors` says why, in the
 * 422 convention of field to messages).
 */
export const orderSyncResultSchema = record({
  uuid: id,
  status: oneOf(ORDER_SYNC_STATUSES),
  id: id.optional(),
  errors: z.record(z.string(), list(text), { error: 'an object of string arrays' }).optional(),
});

export type OrderSyncResult = z.output<typeof orderSyncResultSchema>;

const orderSyncAnswerSchema = successEnvelopeSchema(record({ results: list(orderSyncResultSchema) }));

/** The results of a sync answer. A body that is not one throws WireValidationError: retry the batch later. */
export function parseOrderSyncResults(body: unknown): OrderSyncResult[] {
  const answer = readBody(orderSyncAnswerSchema, body, {
    subject: 'order_sync',
    page: null,
    layout: { at: ['data', 'results'], listed: true },
  });
  return answer.data.results;
}
