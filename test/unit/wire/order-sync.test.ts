import { describe, it, expect } from 'vitest';
import { orderSyncRequestSchema, parseOrderSyncResults, WireValidationError } from '../../../src-shared/wire/index.ts';
import type { Order } from '../../../src-shared/wire/index.ts';
import { detailBody } from './samples.ts';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const C = '33333333-3333-4333-8333-333333333333';

describe('parseOrderSyncResults', () => {
  it('reads one result per order', () => {
    const body = detailBody({
      results: [
        { uuid: A, status: 'created', id: 'order-900' },
        { uuid: B, status: 'duplicate', id: 'order-512' },
        { uuid: C, status: 'rejected', errors: { 'items.0.product_id': ['The product does not exist.'] } },
      ],
    });
    expect(parseOrderSyncResults(body)).toStrictEqual([
      { uuid: A, status: 'created', id: 'order-900' },
      { uuid: B, status: 'duplicate', id: 'order-512' },
      { uuid: C, status: 'rejected', errors: { 'items.0.product_id': ['The product does not exist.'] } },
    ]);
  });

  it('rejects an unknown status, naming the order', () => {
    const body = detailBody({
      results: [
        { uuid: A, status: 'created' },
        { uuid: B, status: 'ok' },
      ],
    });
    let error: unknown;
    try {
      parseOrderSyncResults(body);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(WireValidationError);
    expect((error as WireValidationError).message).toBe(`order_sync, record ${B}: field "status" must be "created" or "duplicate" or "rejected", got "ok"`);
    expect((error as WireValidationError).recordId).toBe(B);
  });

  it('rejects an answer without results', () => {
    expect(() => parseOrderSyncResults(detailBody({}))).toThrow('order_sync: envelope field "data.results" is required (expected an array, got undefined)');
  });
});

describe('the order request', () => {
  const order: Order = {
    uuid: A,
    market_id: 'market-1',
    branch_id: 'branch-1',
    number: '042',
    type: 'TAKEAWAY',
    table_id: null,
    customer_id: null,
    created_at: 1_700_000_000_000,
    items: [{ product_id: 'p-1', quantity: 2, unit_price: '14.50', modifiers: [{ modifier_id: 'm-1' }], notes: null, total: '29.00' }],
    subtotal: '29.00',
    discount_total: '0.00',
    tax: '3.78',
    total: '29.00',
    payments: [{ payment_method_key: 'CASH', amount: '29.00' }],
    status: 'PAID',
    refund_of: null,
  };

  it('accepts a well-formed batch', () => {
    expect(orderSyncRequestSchema.parse({ orders: [order] })).toStrictEqual({ orders: [order] });
  });

  it('refuses money that is not a decimal string', () => {
    expect(orderSyncRequestSchema.safeParse({ orders: [{ ...order, total: 29 }] }).success).toBe(false);
  });
});
