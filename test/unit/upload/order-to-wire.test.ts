import { describe, expect, it } from 'vitest';
import { buildSyncBatches, orderToWire } from '../../../src-main/sync/push/index.ts';
import type { OrderRecord } from '../../../src-shared/till/index.ts';
import { orderSyncRequestSchema } from '../../../src-shared/wire/index.ts';
import { refundDraft, saleDraft, type SellableProduct, type Shop } from './order-drafts.ts';

const shop: Shop = { marketId: 'market-1', branchId: 'branch-1', tax: { vatRate: 1500, pricesIncludeTax: true }, methodKey: 'CASH' };
const latte: SellableProduct = {
  id: 'p-latte',
  category_id: 1,
  name_en: 'Latte',
  name_ar: 'لاتيه',
  price: 1450,
  modifiers: [{ id: 'm-shot', name_en: 'Extra shot', name_ar: 'شوت إضافي', price: 300 }],
};
const water: SellableProduct = { id: 'p-water', category_id: 2, name_en: 'Water', name_ar: 'ماء', price: 5 };

function record(draft: ReturnType<typeof saleDraft>, number = '042'): OrderRecord {
  return { ...draft, number, business_day: '2025-01-01' };
}

describe('orderToWire', () => {
  const sale = record(
    saleDraft(shop, [{ product: latte, quantity: 2, modifierIds: ['m-shot'], discount: 250, notes: 'no sugar' }, { product: water, quantity: 3 }], {
      uuid: '6f1c2a4e-8b3d-4c5e-9f60-7a8b9c0d1e2f',
      createdAt: 1_700_000_000_123,
      type: 'TAKEAWAY',
    }),
  );

  it('writes money as two-place decimal strings and keeps the number a string', () => {
    const wire = orderToWire(sale);
    expect(wire).toMatchObject({
      uuid: '6f1c2a4e-8b3d-4c5e-9f60-7a8b9c0d1e2f',
      market_id: 'market-1',
      branch_id: 'branch-1',
      number: '042',
      type: 'TAKEAWAY',
      table_id: null,
      customer_id: null,
      created_at: 1_700_000_000_123,
      subtotal: '35.15',
      discount_total: '2.50',
      total: '32.65',
      payments: [{ payment_method_key: 'CASH', amount: '32.65' }],
      status: 'PAID',
      refund_of: null,
    });
    // 15% VAT included in 32.50 (latte net) and 0.15 (water): 4.24 + 0.02.
    expect(wire.tax).toBe('4.26');
  });

  it('sends each item as unit price × quantity with its modifiers, so the subtotal is their sum', () => {
    const wire = orderToWire(sale);
    expect(wire.items).toEqual([
      { product_id: 'p-latte', quantity: 2, unit_price: '17.50', modifiers: [{ modifier_id: 'm-shot' }], notes: 'no sugar', total: '35.00' },
      { product_id: 'p-water', quantity: 3, unit_price: '0.05', modifiers: [], notes: null, total: '0.15' },
    ]);
  });

  it('leaves out what only the till needs (names, tendered cash, the QR)', () => {
    const wire = orderToWire({ ...sale, tendered: 5000, change_due: 1735, zatca_qr: 'AQ==' }) as unknown as Record<string, unknown>;
    expect(Object.keys(wire).sort()).toEqual(
      ['branch_id', 'cashier', 'shift_id', 'created_at', 'customer_id', 'discount_total', 'items', 'market_id', 'number', 'payments', 'refund_of', 'status', 'subtotal', 'table_id', 'tax', 'total', 'type', 'uuid'].sort(),
    );
  });

  it('sends a refund with negative amounts and quantities, status REFUND, and the order it refunds', () => {
    const refund = record(refundDraft(sale), '043');
    const wire = orderToWire(refund);
    expect(wire).toMatchObject({ status: 'REFUND', refund_of: sale.uuid, subtotal: '-35.15', discount_total: '-2.50', tax: '-4.26', total: '-32.65' });
    expect(wire.items[0]).toMatchObject({ quantity: -2, unit_price: '17.50', total: '-35.00' });
    expect(wire.items[1]).toMatchObject({ quantity: -3, total: '-0.15' });
    expect(wire.payments).toEqual([{ payment_method_key: 'CASH', amount: '-32.65' }]);
  });

  it('sends a sale refunded later as what it was when sold', () => {
    expect(orderToWire({ ...sale, status: 'REFUNDED' }).status).toBe('PAID');
    const onTab = { ...sale, status: 'REFUNDED' as const, payments: [{ method_key: 'PAY_LATER', amount: sale.total }] };
    expect(orderToWire(onTab).status).toBe('UNPAID');
    expect(orderToWire({ ...sale, status: 'UNPAID' }).status).toBe('UNPAID');
  });

  it('sends every payment of a split bill', () => {
    const split = record(saleDraft(shop, [{ product: latte, quantity: 1 }], { payWith: ['CASH', 'MADA'] }));
    expect(orderToWire(split).payments).toEqual([
      { payment_method_key: 'CASH', amount: '7.25' },
      { payment_method_key: 'MADA', amount: '7.25' },
    ]);
  });

  it('formats sub-unit and zero amounts without losing the leading zero', () => {
    const small = record(saleDraft({ ...shop, tax: { vatRate: 0, pricesIncludeTax: true } }, [{ product: water, quantity: 1 }]));
    expect(orderToWire(small)).toMatchObject({ subtotal: '0.05', discount_total: '0.00', tax: '0.00', total: '0.05' });
  });

  it('names the order and field of an amount that is not whole minor units', () => {
    expect(() => orderToWire({ ...sale, total: 12.5 })).toThrow(`order ${sale.uuid} total: 12.5 is not a whole number of minor units`);
  });

  it('matches the wire schema the service checks requests with', () => {
    expect(orderSyncRequestSchema.safeParse({ orders: [orderToWire(sale)] }).success).toBe(true);
  });
});

describe('buildSyncBatches', () => {
  it('splits records into requests of at most 50 orders, in the order given', () => {
    const records = Array.from({ length: 120 }, (_, i) => record(saleDraft(shop, [{ product: water, quantity: 1 + (i % 3) }]), String(i + 1).padStart(3, '0')));
    const batches = buildSyncBatches(records);
    expect(batches.map((b) => b.orders.length)).toEqual([50, 50, 20]);
    expect(batches.flatMap((b) => b.orders.map((o) => o.uuid))).toEqual(records.map((r) => r.uuid));
    expect(buildSyncBatches([])).toEqual([]);
  });
});
