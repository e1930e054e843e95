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

/** A service discount the order was given (issue 35): Till's addition to the upload contract (docs/decisions.md). */
export interface OrderDiscount {
  /** The id of the service's discount (its Discounts list); null only for a loyalty reward whose provider named none. */
  discount_id: string | null;
  name_en: string;
  name_ar: string;
  /** ORDER: on the whole order; ITEMS: on some of its products or categories. */
  scope: string;
  /** What it took off, part of discount_total. */
  amount: DecimalString;
  /** The coupon or reward code it was given for, or null. */
  code: string | null;
  /** Where its code came from: `coupon`, `reward`; null for the service's automatic or picked ones. */
  source: string | null;
  /** False only for a coupon accepted offline from the replica. */
  verified: boolean;
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
   * Extra member (issue 35): the service's discounts given (automatic,
   * picked, coupons and loyalty rewards), each naming its discount; a
   * coupon's or reward's `verified` false when accepted offline from the
   * replica, for the service to judge. Absent when none.
   */
  discounts?: OrderDiscount[];
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
    record({ discount_id: idOrNull, name_en: text, name_ar: text, scope: id, amount: decimal, code: textOrNull, source: textOrNull, verified: bool }),
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
