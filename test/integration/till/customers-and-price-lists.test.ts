import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TILL_API_METHODS } from '../../../src-shared/api/index.ts';
import { type CustomerView } from '../../../src-shared/selling/index.ts';
import { TillError, TillInputError } from '../../../src-shared/errors/index.ts';
import { TillService } from '../../../src-main/host/index.ts';
import type { TillDatabase } from '../../../src-main/db/index.ts';
import { emulatedService, type EmulatedService } from '../../support/emulated-service.ts';

let service: EmulatedService;
let db: TillDatabase;
let till: TillService;

beforeAll(async () => {
  service = await emulatedService({ seed: 47 });
  db = service.open('till.db');
  await service.pull(db);
});
afterAll(async () => {
  await service.close();
});
beforeEach(() => {
  till = new TillService({ db, now: () => Date.UTC(2026, 10, 21, 9, 30) });
});

/** The demo tenant's customers as the emulator serves them, and the replica holds them. */
const demo = () => service.emulator.tenant.customers;
const byName = (name: string) => demo().find((c) => c.name === name)!;
const ids = (customers: CustomerView[]) => customers.map((c) => c.id);

/** One product's own price for a method (modifier_id null), in halalas, from the replica. */
function methodPrice(productId: string, key: string): number | undefined {
  const row = db
    .prepare(
      "SELECT value FROM prices WHERE product_id = ? AND modifier_id IS NULL AND priceable_type = 'PAYMENT_METHOD' AND priceable_id = ? AND value_type = 'NOMINAL'",
    )
    .get(productId, key) as { value: number } | undefined;
  return row?.value;
}

describe('customers()', () => {
  it('is part of the API a UI can call', () => {
    expect(TILL_API_METHODS).toContain('customers');
  });

  it('lists active customers by name, with the fields a picker shows, 20 at most by default', async () => {
    const all = await till.customers({});
    expect(all).toHaveLength(demo().length);
    expect(all.map((c) => c.name)).toEqual([...all.map((c) => c.name)].sort());
    const abdullah = byName('Abdullah Al-Qahtani');
    expect(all.find((c) => c.id === abdullah.id)).toEqual({
      id: abdullah.id,
      name: 'Abdullah Al-Qahtani',
      phone_prefix: '966',
      phone: '501234567',
      email: 'abdullah.alqahtani@mail.example',
    });
    expect(await till.customers({ limit: 2 })).toEqual(all.slice(0, 2));

    // Twenty-five more active customers: the default page is 20.
    const insert = db.prepare(
      "INSERT INTO customers (id, userable_id, name, email, phone_prefix, phone, lang, is_active) VALUES (?, ?, ?, ?, '966', ?, 'en', 1)",
    );
    db.transaction(() => {
      for (let i = 0; i < 25; i++)
        insert.run(`bulk-${i}`, `u-bulk-${i}`, `Zz bulk ${String(i).padStart(2, '0')}`, `bulk${i}@mail.example`, String(590000000 + i));
    })();
    try {
      expect(await till.customers({})).toHaveLength(20);
      expect(await till.customers({ query: 'zz bulk', limit: 100 })).toHaveLength(25);
    } finally {
      db.prepare("DELETE FROM customers WHERE id LIKE 'bulk-%'").run();
    }
  });

  it('matches name, phone and email by substring, in any case', async () => {
    const lina = byName('Lina Haddad');
    const sara = byName('سارة العتيبي');
    expect(ids(await till.customers({ query: 'HADDAD' }))).toEqual([lina.id]);
    expect(ids(await till.customers({ query: 'ina hAd' }))).toEqual([lina.id]);
    expect(ids(await till.customers({ query: 'SARA.ALOTAIBI@MAIL' }))).toEqual([sara.id]);
    expect(ids(await till.customers({ query: 'العتيبي' }))).toEqual([sara.id]);
    // Arabic as people type it: ه for ة.
    expect(ids(await till.customers({ query: 'ساره' }))).toEqual([sara.id]);
    // A phone as stored, with the local leading 0, or with the country code.
    expect(ids(await till.customers({ query: '4567890' }))).toEqual([lina.id]);
    expect(ids(await till.customers({ query: '0544567890' }))).toEqual([lina.id]);
    expect(ids(await till.customers({ query: '+966 54 456' }))).toEqual([lina.id]);
    // The mail domain is everyone's; a name that starts with the query comes first.
    const mail = await till.customers({ query: 'mail.example' });
    expect(mail).toHaveLength(demo().length);
    expect((await till.customers({ query: 'mo' }))[0]!.name).toBe('Mohammed Al-Harbi');
    expect(await till.customers({ query: 'nobody-by-this-name' })).toEqual([]);
    // Accents and case beyond ASCII fold too.
    db.prepare(
      "INSERT INTO customers (id, userable_id, name, email, phone_prefix, phone, lang, is_active) VALUES ('zoe', 'u-zoe', 'Zoë MÁRQUEZ', 'zoe@mail.example', '966', '599999999', 'en', 1)",
    ).run();
    try {
      expect(ids(await till.customers({ query: 'zoe marq' }))).toEqual(['zoe']);
      expect(ids(await till.customers({ query: 'márquez' }))).toEqual(['zoe']);
    } finally {
      db.prepare("DELETE FROM customers WHERE id = 'zoe'").run();
    }
    // Wildcards are text, not patterns.
    expect(await till.customers({ query: '%' })).toEqual([]);
    expect(await till.customers({ query: '_' })).toEqual([]);
  });

  it('finds a customer by id, so a cart or order that names one can show who it is', async () => {
    const mohammed = byName('Mohammed Al-Harbi');
    expect(await till.customers({ query: mohammed.id })).toEqual([expect.objectContaining({ id: mohammed.id, name: 'Mohammed Al-Harbi' })]);
  });

  it('leaves inactive customers out', async () => {
    const abdullah = byName('Abdullah Al-Qahtani');
    db.prepare('UPDATE customers SET is_active = 0 WHERE id = ?').run(abdullah.id);
    try {
      expect(ids(await till.customers({ query: 'abdullah' }))).toEqual([]);
      expect(ids(await till.customers({ query: abdullah.id }))).toEqual([]);
      expect(ids(await till.customers({}))).not.toContain(abdullah.id);
    } finally {
      db.prepare('UPDATE customers SET is_active = 1 WHERE id = ?').run(abdullah.id);
    }
  });

  it('refuses bad input with a message naming the field', async () => {
    const tooMany = await till.customers({ limit: 0 }).catch((e: unknown) => e);
    expect(tooMany).toBeInstanceOf(TillInputError);
    expect((tooMany as Error).message).toBe('customers: limit: at least 1');
    await expect(till.customers({ limit: 101 })).rejects.toThrow('customers: limit: at most 100');
    await expect(till.customers({ query: 'x'.repeat(201) })).rejects.toThrow('customers: query: at most 200 characters');
    await expect(till.customers({ query: 42 as unknown as string })).rejects.toBeInstanceOf(TillInputError);
  });
});

describe('price lists', () => {
  it('paymentMethods() says which methods have their own prices: the delivery apps, never CASH', async () => {
    const methods = await till.paymentMethods();
    const withPrices = methods.filter((m) => m.has_prices).map((m) => m.key);
    expect(withPrices.sort()).toEqual(['HUNGERSTATION', 'JAHEZ']);
    expect(methods.find((m) => m.key === 'CASH')).toMatchObject({ has_prices: false, is_online: false });
    expect(methods.every((m) => typeof m.has_prices === 'boolean')).toBe(true);
  });

  it('counts a price on a modifier alone as the method having prices', async () => {
    const product = db.prepare('SELECT product_id FROM modifiers LIMIT 1').get() as { product_id: string };
    const modifier = db.prepare('SELECT id FROM modifiers WHERE product_id = ? LIMIT 1').get(product.product_id) as { id: string };
    db.prepare(
      "INSERT INTO prices (id, product_id, modifier_id, priceable_type, priceable_id, value, value_type) VALUES ('mada-mod', ?, ?, 'PAYMENT_METHOD', 'MADA', 100, 'NOMINAL')",
    ).run(product.product_id, modifier.id);
    try {
      expect((await till.paymentMethods()).find((m) => m.key === 'MADA')!.has_prices).toBe(true);
    } finally {
      db.prepare("DELETE FROM prices WHERE id = 'mada-mod'").run();
    }
    expect((await till.paymentMethods()).find((m) => m.key === 'MADA')!.has_prices).toBe(false);
  });

  it("re-prices the cart with a delivery app's prices, falls back to CASH where it has none, and back again", async () => {
    const drink = (await till.search({ query: 'americano', limit: 5 })).find((p) => p.name_en === 'Americano')!;
    const food = (await till.search({ query: 'butter croissant', limit: 1 }))[0]!;
    const hungerstation = methodPrice(drink.id, 'HUNGERSTATION')!;
    expect(hungerstation).toBeGreaterThan(methodPrice(drink.id, 'CASH')!);
    expect(methodPrice(food.id, 'HUNGERSTATION')).toBeUndefined();

    await till.setOrderType({ type: 'DINE_IN' });
    await till.addItem({ product_id: drink.id });
    const counter = await till.addItem({ product_id: food.id });
    expect(counter.price_list).toBe('CASH');

    const delivery = await till.setPriceList({ method_key: 'HUNGERSTATION' });
    expect(delivery.price_list).toBe('HUNGERSTATION');
    expect(delivery.lines.map((l) => l.unit_price)).toEqual([hungerstation, methodPrice(food.id, 'CASH')]);
    expect(delivery.total).toBe(hungerstation + methodPrice(food.id, 'CASH')!);
    // The grid's prices follow the cart's list too.
    expect((await till.product({ id: drink.id })).price).toBe(hungerstation);

    expect((await till.setPriceList({ method_key: 'CASH' })).total).toBe(counter.total);
    await expect(till.setPriceList({ method_key: 'NO_SUCH_APP' })).rejects.toThrow(/not in the catalog/);
    expect((await till.cart()).price_list).toBe('CASH');
  });

  it('keeps the price list and the customer on the order, and starts the next cart on CASH with no customer', async () => {
    const sara = byName('سارة العتيبي');
    const drink = (await till.search({ query: 'americano', limit: 5 })).find((p) => p.name_en === 'Americano')!;
    await till.addItem({ product_id: drink.id, quantity: 2 });
    await till.setPriceList({ method_key: 'HUNGERSTATION' });
    const cart = await till.setCustomer({ customer_id: sara.id });
    expect(cart.customer_id).toBe(sara.id);
    const order = await till.checkout({ payments: [{ method_key: 'HUNGERSTATION', amount: cart.total }] });
    expect(order).toMatchObject({ customer_id: sara.id, price_list: 'HUNGERSTATION', total: cart.total, status: 'PAID' });
    expect((await till.order({ uuid: order.uuid })).customer_id).toBe(sara.id);
    expect(await till.cart()).toMatchObject({ lines: [], price_list: 'CASH', customer_id: null });
  });

  it('sets and clears the customer, refusing one the replica does not have', async () => {
    const lina = byName('Lina Haddad');
    expect((await till.setCustomer({ customer_id: lina.id })).customer_id).toBe(lina.id);
    const error = await till.setCustomer({ customer_id: 'no-such-customer' }).catch((e: unknown) => e);
    expect((error as TillError).code).toBe('not_found');
    expect((await till.cart()).customer_id).toBe(lina.id);
    expect((await till.setCustomer({ customer_id: null })).customer_id).toBeNull();
  });
});
