import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TillError, TillInputError } from '../../../src-shared/errors/index.ts';
import { decodeZatcaQr } from '../../../src-shared/zatca/index.ts';
import { TillService } from '../../../src-main/host/index.ts';
import type { TillDatabase } from '../../../src-main/db/index.ts';
import { emulatedService, type EmulatedService } from '../../support/emulated-service.ts';

let service: EmulatedService;
let db: TillDatabase;
let till: TillService;
let latte: { id: string; price: number | null };
let withModifiers: { id: string };

beforeAll(async () => {
  service = await emulatedService({ seed: 31 });
  db = service.open('till.db');
  await service.pull(db);
});
afterAll(async () => {
  await service.close();
});
beforeEach(async () => {
  till = new TillService({ db, now: () => Date.UTC(2026, 10, 21, 9, 30) });
  // The station's open cart is kept in the database (a restart gives it back): each test starts from an empty one.
  await till.voidCart();
  latte = (await till.search({ query: 'flat white', limit: 1 }))[0]!;
  const categories = await till.categories();
  const { items } = await till.products({ category_id: categories[0]!.id, limit: 50 });
  withModifiers = items.find((p) => p.has_modifiers)!;
});

const orderCount = () => (db.prepare('SELECT count(*) AS n FROM orders').get() as { n: number }).n;

describe('the till API over the replica', () => {
  it('prices the cart live and changes nothing on bad input', async () => {
    const cart = await till.addItem({ product_id: latte.id, quantity: 2 });
    expect(cart.lines[0]).toMatchObject({ quantity: 2, unit_price: latte.price, gross: 2 * latte.price! });
    expect(cart.total).toBe(2 * latte.price!);
    const error = await till.updateItem({ line_id: cart.lines[0]!.line_id, quantity: 0 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TillInputError);
    expect((error as Error).message).toBe('updateItem: quantity: at least 1; remove the line instead');
    expect(await till.cart()).toEqual(cart);
    await expect(till.addItem({ product_id: 'no-such-product' })).rejects.toThrow(/not in the catalog/);
    await expect(till.addItem({ product_id: latte.id, modifier_ids: ['not-its-modifier'] })).rejects.toThrow(/has no modifier not-its-modifier/);
    expect(await till.cart()).toEqual(cart);
  });

  it('adds modifiers, line and order discounts, and keeps VAT inside tax-inclusive prices', async () => {
    const detail = await till.product({ id: withModifiers.id });
    const modifier = detail.modifiers[0]!;
    let cart = await till.addItem({ product_id: detail.id, quantity: 1, modifier_ids: [modifier.id], notes: 'extra hot' });
    expect(cart.lines[0]!.unit_price).toBe(detail.price! + modifier.price);
    await till.updateItem({ line_id: cart.lines[0]!.line_id, discount: { kind: 'PERCENT', value: 1000 } });
    cart = await till.setOrderDiscount({ discount: { kind: 'AMOUNT', value: 100 } });
    const gross = detail.price! + modifier.price;
    const lineDiscount = Math.round(gross / 10);
    expect(cart.discount_total).toBe(lineDiscount + 100);
    expect(cart.total).toBe(gross - lineDiscount - 100);
    expect(cart.tax).toBe(Math.round((cart.total * 15) / 115));
  });

  it('checks out with split payment and change, in one durable order with its outbox entry and a ZATCA QR', async () => {
    const before = orderCount();
    const cart = await till.addItem({ product_id: latte.id, quantity: 3 });
    const card = 500;
    const order = await till.checkout({
      payments: [
        { method_key: 'MADA', amount: card },
        { method_key: 'CASH', amount: cart.total - card },
      ],
      cash_tendered: cart.total - card + 1000,
    });
    expect(orderCount()).toBe(before + 1);
    expect(order).toMatchObject({ kind: 'SALE', status: 'PAID', total: cart.total, change_due: 1000, upload: { state: 'pending' } });
    expect(order.payments.reduce((sum, p) => sum + p.amount, 0)).toBe(order.total);
    const qr = decodeZatcaQr(order.zatca_qr!);
    expect(qr).toMatchObject({
      vatNumber: expect.stringMatching(/^\d{15}$/),
      total: (cart.total / 100).toFixed(2),
      vatTotal: (cart.tax / 100).toFixed(2),
      timestamp: '2026-11-21T09:30:00Z',
    });
    expect((await till.cart()).lines).toEqual([]);
  });

  it('refuses payments that do not add up, and keeps the cart', async () => {
    const before = orderCount();
    const cart = await till.addItem({ product_id: latte.id });
    const error = await till.checkout({ payments: [{ method_key: 'CASH', amount: cart.total - 1 }] }).catch((e: unknown) => e);
    expect((error as TillError).code).toBe('payment_mismatch');
    expect((error as Error).message).toMatch(/0\.01 is missing/);
    expect(orderCount()).toBe(before);
    expect((await till.cart()).lines).toHaveLength(1);
  });

  it('leaves PAY_LATER orders unpaid and without a QR', async () => {
    const cart = await till.addItem({ product_id: latte.id });
    const order = await till.checkout({ payments: [{ method_key: 'PAY_LATER', amount: cart.total }] });
    expect(order.status).toBe('UNPAID');
    expect(order.zatca_qr).toBeNull();
  });

  it('parks and resumes a cart exactly, and will not resume over a cart in progress', async () => {
    const cart = await till.addItem({ product_id: latte.id, quantity: 2, notes: 'for Sara' });
    const parked = await till.parkCart({ label: 'Table 4' });
    expect(parked).toMatchObject({ label: 'Table 4', lines: 1, total: cart.total });
    expect((await till.cart()).lines).toEqual([]);
    await till.addItem({ product_id: latte.id });
    await expect(till.resumeCart({ id: parked.id })).rejects.toThrow(/finish, park or void the current cart/);
    await till.voidCart();
    const resumed = await till.resumeCart({ id: parked.id });
    expect(resumed.lines.map(({ line_id: _id, ...rest }) => rest)).toEqual(cart.lines.map(({ line_id: _id, ...rest }) => rest));
    expect((await till.parkedCarts()).some((p) => p.id === parked.id)).toBe(false);
  });

  it('lists what each parked ticket holds, and parks the order in progress to resume another when asked', async () => {
    await till.setOrderType({ type: 'DINE_IN', table_id: '7' });
    const first = await till.addItem({ product_id: latte.id, quantity: 2 });
    const parked = await till.parkCart({ label: 'Window' });
    expect(parked).toMatchObject({
      order_type: 'DINE_IN',
      table_id: '7',
      items: [{ name_en: first.lines[0]!.name_en, name_ar: first.lines[0]!.name_ar, quantity: 2 }],
    });
    expect((await till.parkedCarts()).find((p) => p.id === parked.id)).toEqual(parked);
    const current = await till.addItem({ product_id: latte.id });
    const resumed = await till.resumeCart({ id: parked.id, park_current: true });
    expect(resumed.total).toBe(first.total);
    // The order that was in progress is now a parked ticket of its own, not lost.
    const left = await till.parkedCarts();
    expect(left.some((p) => p.id === parked.id)).toBe(false);
    const swapped = left.find((p) => p.total === current.total && p.items.length === 1 && p.items[0]!.quantity === 1);
    expect(swapped).toBeDefined();
    await till.voidCart();
    await till.resumeCart({ id: swapped!.id });
    await till.voidCart();
  });

  it('refunds as a linked order with negative amounts, once', async () => {
    const cart = await till.addItem({ product_id: latte.id, quantity: 2 });
    const sale = await till.checkout({ payments: [{ method_key: 'CASH', amount: cart.total }] });
    const refund = await till.refund({ uuid: sale.uuid, reason: 'customer changed mind' });
    expect(refund).toMatchObject({ kind: 'REFUND', refund_of: sale.uuid, total: -sale.total, tax: -sale.tax });
    expect(refund.lines[0]!.quantity).toBe(-2);
    expect(refund.payments).toEqual([{ method_key: 'CASH', amount: -sale.total }]);
    expect((await till.order({ uuid: sale.uuid })).status).toBe('REFUNDED');
    const again = await till.refund({ uuid: sale.uuid, reason: 'again' }).catch((e: unknown) => e);
    expect((again as TillError).code).toBe('not_refundable');
  });

  it('numbers orders per business day', async () => {
    const numbers: string[] = [];
    for (let i = 0; i < 3; i++) {
      const cart = await till.addItem({ product_id: latte.id });
      numbers.push((await till.checkout({ payments: [{ method_key: 'CASH', amount: cart.total }] })).number);
    }
    const sequence = (number: string) => Number(number.split('-').pop());
    expect(numbers.map(sequence)).toEqual([sequence(numbers[0]!), sequence(numbers[0]!) + 1, sequence(numbers[0]!) + 2]);
    const nextDay = new TillService({ db, now: () => Date.UTC(2026, 10, 22, 9, 30) });
    const cart = await nextDay.addItem({ product_id: latte.id });
    expect((await nextDay.checkout({ payments: [{ method_key: 'CASH', amount: cart.total }] })).number).toBe('A-001');
  });
});
