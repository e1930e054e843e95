import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../../../emulator/index.ts';
import type { RunningEmulator } from '../../../emulator/index.ts';
import { validOrder } from './orders-fixture.ts';
import { post } from './service-client.ts';

let emulator: RunningEmulator;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
});
afterAll(() => emulator.close());

const sync = (orders: unknown[], options = {}) => post(emulator, '/orders/sync', { orders }, options);

describe('POST /orders/sync', () => {
  it('stores new orders and answers created with the service id', async () => {
    const first = validOrder(emulator);
    const second = validOrder(emulator, { number: '043' });
    const postsBefore = emulator.orderPosts;
    const reply = await sync([first, second]);
    expect(reply.status).toBe(200);
    expect(reply.body.meta).toEqual({ code: 200, status: 'success', message: 'Data Synced Successfully' });
    expect(reply.body.data.results).toEqual([
      { uuid: first.uuid, status: 'created', id: expect.any(String) },
      { uuid: second.uuid, status: 'created', id: expect.any(String) },
    ]);
    expect(emulator.orderPosts).toBe(postsBefore + 1);
    const held = emulator.orders.get(first.uuid)!;
    expect(held).toMatchObject({ uuid: first.uuid, id: reply.body.data.results[0].id, order: first });
    expect(held.receivedAt).toBeGreaterThan(0);
  });

  it('is idempotent: the same batch again is all duplicate and stores nothing new', async () => {
    const orders = [validOrder(emulator), validOrder(emulator)];
    const created = await sync(orders);
    const size = emulator.orders.size;
    const again = await sync(orders);
    expect(again.body.data.results).toEqual(orders.map((o, i) => ({ uuid: o.uuid, status: 'duplicate', id: created.body.data.results[i].id })));
    expect(emulator.orders.size).toBe(size);
  });

  it('keeps the first copy when a duplicate differs', async () => {
    const order = validOrder(emulator);
    await sync([order]);
    const changed = { ...order, number: '999' };
    const reply = await sync([changed]);
    expect(reply.body.data.results[0].status).toBe('duplicate');
    expect(emulator.orders.get(order.uuid)!.order.number).toBe('042');
  });

  it('treats a uuid repeated inside one batch as a duplicate', async () => {
    const order = validOrder(emulator);
    const reply = await sync([order, order]);
    expect(reply.body.data.results.map((r: { status: string }) => r.status)).toEqual(['created', 'duplicate']);
  });

  it('rejects an order for a product deleted upstream, and stores the rest', async () => {
    const doomed = emulator.tenant.products.find((p) => p.name_en === 'Mocha')!;
    const index = emulator.tenant.products.indexOf(doomed);
    emulator.tenant.products.splice(index, 1);
    try {
      const good = validOrder(emulator);
      const bad = validOrder(emulator, {
        items: [{ product_id: doomed.id, quantity: 1, unit_price: '18.00', modifiers: [], notes: null, total: '18.00' }],
        subtotal: '18.00',
        total: '18.00',
        tax: '2.35',
        payments: [{ payment_method_key: 'MADA', amount: '18.00' }],
      });
      const reply = await sync([bad, good]);
      expect(reply.body.data.results).toEqual([
        { uuid: bad.uuid, status: 'rejected', errors: { 'items.0.product_id': ['The selected items.0.product id is invalid.'] } },
        { uuid: good.uuid, status: 'created', id: expect.any(String) },
      ]);
      expect(emulator.orders.has(bad.uuid)).toBe(false);
      // A rejected uuid is not held: once fixed, it can still be created.
      const fixed = { ...validOrder(emulator), uuid: bad.uuid };
      expect((await sync([fixed])).body.data.results[0].status).toBe('created');
    } finally {
      emulator.tenant.products.splice(index, 0, doomed);
    }
  });

  it('rejects totals that do not add up', async () => {
    const order = validOrder(emulator, { subtotal: '41.00', total: '41.00', payments: [{ payment_method_key: 'CASH', amount: '39.00' }] });
    const [result] = (await sync([order])).body.data.results;
    expect(result.status).toBe('rejected');
    expect(result.errors).toEqual({
      subtotal: ['The subtotal field must equal the sum of the item totals (40.00).'],
      payments: ['The payments must add up to the total (41.00); they add up to 39.00.'],
    });
    const line = validOrder(emulator);
    line.items[0]!.total = '20.00';
    const [lineResult] = (await sync([line])).body.data.results;
    expect(lineResult.errors['items.0.total']).toEqual(['The items.0.total field must equal unit_price × quantity (40.00).']);
  });

  it('rejects malformed fields: money without two places, unknown keys, foreign market, bad uuid', async () => {
    const latte = emulator.tenant.products.find((p) => p.name_en === 'Caffè latte')!;
    const order = validOrder(emulator, {
      market_id: 'another-market',
      type: 'DRIVE_THRU',
      discount_total: '0',
      payments: [{ payment_method_key: 'BITCOIN', amount: '40.00' }],
      items: [{ product_id: latte.id, quantity: 2, unit_price: '20.00', modifiers: [{ modifier_id: 'no-such-modifier' }], notes: null, total: '40.00' }],
    });
    const [result] = (await sync([order])).body.data.results;
    expect(result).toEqual({
      uuid: order.uuid,
      status: 'rejected',
      errors: {
        market_id: ['The selected market id is invalid.'],
        type: ['The selected type is invalid.'],
        'items.0.modifiers.0.modifier_id': ['The selected items.0.modifiers.0.modifier id is invalid.'],
        discount_total: ['The discount total field must have 2 decimal places.'],
        'payments.0.payment_method_key': ['The selected payments.0.payment method key is invalid.'],
      },
    });
    const [badUuid] = (await sync([validOrder(emulator, { uuid: 'order-1' })])).body.data.results;
    expect(badUuid).toEqual({ uuid: 'order-1', status: 'rejected', errors: { uuid: ['The uuid field must be a valid UUID.'] } });
  });

  it('accepts a refund: negative quantities and amounts that add up', async () => {
    const sale = validOrder(emulator);
    await sync([sale]);
    const refund = validOrder(emulator, {
      status: 'REFUND',
      refund_of: sale.uuid,
      items: [{ ...sale.items[0]!, quantity: -2, total: '-40.00' }],
      subtotal: '-40.00',
      tax: '-5.22',
      total: '-40.00',
      payments: [{ payment_method_key: 'CASH', amount: '-40.00' }],
    });
    const [result] = (await sync([refund])).body.data.results;
    expect(result.status).toBe('created');
    expect(emulator.orders.get(refund.uuid)!.order.refund_of).toBe(sale.uuid);
  });

  it('answers 422 for a batch that is empty, not a list, or over 50 orders', async () => {
    const tooMany = Array.from({ length: 51 }, () => validOrder(emulator));
    const over = await sync(tooMany);
    expect(over.status).toBe(422);
    expect(over.body).toEqual({
      meta: { code: 422, status: 'error', message: 'The orders field must not have more than 50 items.' },
      data: null,
      errors: { orders: ['The orders field must not have more than 50 items.'] },
    });
    expect(tooMany.some((o) => emulator.orders.has(o.uuid))).toBe(false);
    expect((await sync(tooMany.slice(0, 50))).body.data.results).toHaveLength(50);
    expect((await sync([])).status).toBe(422);
    expect((await post(emulator, '/orders/sync', { orders: 'none' })).body.errors).toEqual({ orders: ['The orders field must be an array.'] });
  });

  it('answers 400 for a body that is not JSON, 401 without a token and 403 without permission', async () => {
    const response = await fetch(`${emulator.baseUrl}/orders/sync`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${emulator.token}`, 'Content-Type': 'application/json' },
      body: '{"orders": [',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ meta: { code: 400, status: 'error', message: 'The request body is not valid JSON.' }, data: null });
    expect((await sync([validOrder(emulator)], { token: null })).status).toBe(401);
    const forbidden = await sync([validOrder(emulator)], { token: emulator.issueToken({ noPermission: true }) });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.meta.message).toBe('This action is unauthorized.');
  });

  it('counts every POST, including refused ones', async () => {
    const before = emulator.orderPosts;
    await sync([validOrder(emulator, { uuid: randomUUID() })], { token: null });
    await sync([]);
    expect(emulator.orderPosts).toBe(before + 2);
  });
});
