import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tenant } from '../../../emulator/index.ts';
import { buildSyncBatches, orderToWire } from '../../../src-main/sync/push/index.ts';
import type { OrderRecord } from '../../../src-shared/selling/index.ts';
import { orderSyncRequestSchema } from '../../../src-shared/wire/index.ts';
import { openCheckoutShop, type CheckoutShop, type MenuProduct } from '../../support/checkout-shop.ts';

// Every order here is rung up through the real checkout (cart, discounts,
// modifiers, VAT inside the 15% tax-inclusive prices of the demo branch).
const LATTE_ID = '6a1c0f52-4c1d-4b8e-9a51-0000000000a1';
const SHOT_ID = '6a1c0f52-4c1d-4b8e-9a51-0000000000a2';
const WATER_ID = '6a1c0f52-4c1d-4b8e-9a51-0000000000a3';

/** A latte at 14.50 with an extra shot at 3.00, and water at 0.05: CASH prices only, no order-type adjustments. */
function addTestMenu(tenant: Tenant): void {
  const template = tenant.products.find((p) => p.modifiers.length > 0)!;
  const cashPrice = (productId: string, value: string) => ({
    ...template.prices[0]!,
    id: `${productId.slice(0, -2)}b${productId.slice(-1)}`,
    product_id: productId,
    modifier_id: null,
    priceable_type: 'PAYMENT_METHOD' as const,
    priceable_id: 'CASH',
    value,
    value_type: 'NOMINAL' as const,
  });
  tenant.products.push(
    {
      ...template,
      id: LATTE_ID,
      name_en: 'Latte',
      name_ar: 'لاتيه',
      modifiers: [{ ...template.modifiers[0]!, id: SHOT_ID, product_id: LATTE_ID, name_en: 'Extra shot', price: '3.00' }],
      prices: [cashPrice(LATTE_ID, '14.50')],
    },
    { ...template, id: WATER_ID, name_en: 'Water', name_ar: 'ماء', modifiers: [], prices: [cashPrice(WATER_ID, '0.05')] },
  );
}

let shop: CheckoutShop;
let latte: MenuProduct;
let water: MenuProduct;
let sale: OrderRecord;
beforeAll(async () => {
  shop = await openCheckoutShop({ menu: addTestMenu });
  latte = shop.products.find((p) => p.id === LATTE_ID)!;
  water = shop.products.find((p) => p.id === WATER_ID)!;
  sale = await shop.sellLines([
    { product: latte, quantity: 2, modifierIds: [SHOT_ID], discount: 250, notes: 'no sugar' },
    { product: water, quantity: 3 },
  ]);
});
afterAll(async () => shop.close());

describe('orderToWire', () => {
  it('writes money as two-place decimal strings and keeps the number a string', () => {
    const wire = orderToWire(sale);
    expect(wire).toMatchObject({
      uuid: sale.uuid,
      market_id: shop.emulator.marketId,
      branch_id: shop.emulator.branchId,
      number: sale.number,
      type: 'TAKEAWAY',
      table_id: null,
      customer_id: null,
      created_at: sale.created_at,
      subtotal: '35.15',
      discount_total: '2.50',
      total: '32.65',
      payments: [{ payment_method_key: 'CASH', amount: '32.65' }],
      status: 'PAID',
      refund_of: null,
    });
    expect(wire.number).toMatch(/^\d+$|^[A-Z]{1,2}-\d+$/);
    // 15% VAT included in 32.50 (latte net) and 0.15 (water): 4.24 + 0.02.
    expect(wire.tax).toBe('4.26');
  });

  it('sends each item as unit price × quantity with its modifiers, so the subtotal is their sum', () => {
    const wire = orderToWire(sale);
    expect(wire.items).toEqual([
      { product_id: LATTE_ID, quantity: 2, unit_price: '17.50', modifiers: [{ modifier_id: SHOT_ID }], notes: 'no sugar', total: '35.00' },
      { product_id: WATER_ID, quantity: 3, unit_price: '0.05', modifiers: [], notes: null, total: '0.15' },
    ]);
  });

  it('leaves out what only the till needs (names, tendered cash, the QR)', () => {
    expect(sale.zatca_qr).not.toBeNull();
    const paidInCash: OrderRecord = { ...sale, tendered: 5000, change_due: 1735 };
    const wire = orderToWire(paidInCash) as unknown as Record<string, unknown>;
    expect(Object.keys(wire).sort()).toEqual(
      [
        'branch_id',
        'cashier',
        'shift_id',
        'created_at',
        'customer_id',
        'discount_total',
        'items',
        'market_id',
        'number',
        'payments',
        'refund_of',
        'status',
        'subtotal',
        'table_id',
        'tax',
        'total',
        'type',
        'uuid',
      ].sort(),
    );
  });

  it('sends a refund with negative amounts and quantities, status REFUND, and the order it refunds', async () => {
    const sold = await shop.sellLines([
      { product: latte, quantity: 2, modifierIds: [SHOT_ID], discount: 250 },
      { product: water, quantity: 3 },
    ]);
    const refund = await shop.refund(sold);
    const wire = orderToWire(refund);
    expect(wire).toMatchObject({ status: 'REFUND', refund_of: sold.uuid, subtotal: '-35.15', discount_total: '-2.50', tax: '-4.26', total: '-32.65' });
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

  it('sends every payment of a split bill', async () => {
    const split = await shop.sellLines([{ product: latte, quantity: 1 }], { payWith: ['CASH', 'MADA'] });
    expect(orderToWire(split).payments).toEqual([
      { payment_method_key: 'CASH', amount: '7.25' },
      { payment_method_key: 'MADA', amount: '7.25' },
    ]);
  });

  it('formats sub-unit and zero amounts without losing the leading zero', async () => {
    // 15% inside 0.05 rounds to 0.01; the discount is zero.
    const small = await shop.sellLines([{ product: water, quantity: 1 }]);
    expect(orderToWire(small)).toMatchObject({ subtotal: '0.05', discount_total: '0.00', tax: '0.01', total: '0.05' });
  });

  it('names the order and field of an amount that is not whole minor units', () => {
    expect(() => orderToWire({ ...sale, total: 12.5 })).toThrow(`order ${sale.uuid} total: 12.5 is not a whole number of minor units`);
  });

  it('matches the wire schema the service checks requests with', () => {
    expect(orderSyncRequestSchema.safeParse({ orders: [orderToWire(sale)] }).success).toBe(true);
  });
});

describe('buildSyncBatches', () => {
  it('splits records into requests of at most 50 orders, in the order given', async () => {
    const records: OrderRecord[] = [];
    for (let i = 0; i < 120; i++) records.push(await shop.sellLines([{ product: water, quantity: 1 + (i % 3) }]));
    const batches = buildSyncBatches(records);
    expect(batches.map((b) => b.orders.length)).toEqual([50, 50, 20]);
    expect(batches.flatMap((b) => b.orders.map((o) => o.uuid))).toEqual(records.map((r) => r.uuid));
    expect(buildSyncBatches([])).toEqual([]);
  });
});
