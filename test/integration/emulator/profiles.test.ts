// The emulator's three readings of the spec, checked over HTTP: `full` is
// today's service, `spec-only` serves nothing the spec does not show, and
// `variant` makes other plausible choices for what the spec leaves open.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, SPEC_ONLY_ACCOUNTING_MEMBER, VARIANT_ACCOUNTING_MEMBER, type RunningEmulator } from '../../../emulator/index.ts';
import { ACCOUNTING_MEMBER } from '../../../src-shared/wire/index.ts';
import { specShownMembers } from '../../support/spec-shown-members.ts';
import { get, post, scope } from './service-client.ts';
import { validOrder } from './orders-fixture.ts';

/** The product the spec shows at 2.5.0, but for the accounting reference, which spec-only names after a provider. */
const PRODUCT_MEMBERS_2_5 = specShownMembers('product', '2.5.0').filter((member) => member !== ACCOUNTING_MEMBER);

let full: RunningEmulator;
let specOnly: RunningEmulator;
let variant: RunningEmulator;
beforeAll(async () => {
  [full, specOnly, variant] = await Promise.all([
    startEmulator({ port: 0, seed: 3 }),
    startEmulator({ port: 0, seed: 3, profile: 'spec-only' }),
    startEmulator({ port: 0, seed: 3, profile: 'variant' }),
  ]);
});
afterAll(async () => {
  await Promise.all([full.close(), specOnly.close(), variant.close()]);
});

describe('the spec-only profile', () => {
  it('has no /me, no /kitchens and no /tables', async () => {
    expect((await get(specOnly, '/me')).status).toBe(404);
    expect((await get(specOnly, '/kitchens')).status).toBe(404);
    expect((await get(specOnly, '/tables')).status).toBe(404);
    expect((await get(full, '/me')).status).toBe(200);
  });

  it("serves a product's 21 members, the accounting reference under a provider's name, and no prices include", async () => {
    const page = await get(specOnly, `/products?${scope(specOnly)}&includes[]=prices&includes[]=modifiers&per_page=5`, { version: '2.5.0' });
    expect(page.status).toBe(200);
    const product = page.body.data.data[0];
    expect(Object.keys(product)).toEqual([...PRODUCT_MEMBERS_2_5, SPEC_ONLY_ACCOUNTING_MEMBER, 'modifiers']);
    expect(product).not.toHaveProperty('prices');
    for (const modifier of product.modifiers) expect(Object.keys(modifier)).toEqual(['id', 'name_en', 'name_ar']);
    const old = await get(specOnly, `/products?${scope(specOnly)}&per_page=1`, { version: '2.0.0' });
    expect(Object.keys(old.body.data.data[0])).toContain('product_category_id');
    expect(Object.keys(old.body.data.data[0])).toContain('preparation_time');
  });

  it('serves prices on their own route with the members of the version, and no id', async () => {
    const product = full.tenant.products.find((p) => p.prices.length > 0)!;
    const now = await get(specOnly, `/products/${product.id}/prices`, { version: '2.5.0' });
    expect(now.status).toBe(200);
    for (const price of now.body.data.data) expect(Object.keys(price).sort()).toEqual(['modifier_id', 'priceable_id', 'priceable_type', 'value', 'value_type']);
    const old = await get(specOnly, `/products/${product.id}/prices`, { version: '2.0.0' });
    for (const price of old.body.data.data) {
      expect(Object.keys(price).sort()).toEqual([
        'branch_id',
        'is_tax_included',
        'market_id',
        'payment_method_key',
        'price',
        'product_modifier_id',
        'tax',
        'total',
      ]);
    }
  });

  it('serves printers with their flags only, barcodes with their id only, customers with the 17 shown members', async () => {
    const printers = await get(specOnly, '/printers', { version: '2.5.0' });
    for (const printer of printers.body.data.data) expect(Object.keys(printer)).toEqual(['id', 'settings']);
    const legacy = await get(specOnly, '/printers', { version: '2.0.0' });
    // The ten flags below 2.2.1, and the id every record has by the general conventions.
    expect(Object.keys(legacy.body.data.data[0])).toEqual(['id', ...specShownMembers('printer', '2.0.0')]);
    const barcodes = await get(specOnly, '/products/modifiers/barcodes?includes[]=modifier', { version: '2.5.0' });
    expect(barcodes.status).toBe(200);
    for (const barcode of barcodes.body.data.data) expect(Object.keys(barcode)).toEqual(['id']);
    const customers = await get(specOnly, `/users/customers?filter[market_id]=${specOnly.marketId}&per_page=2`);
    expect(Object.keys(customers.body.data.data[0])).toHaveLength(17);
  });

  it('answers the Orders Sync with a bare success envelope, and still keeps the order once', async () => {
    const order = validOrder(specOnly);
    const answer = await post(specOnly, '/orders/sync', { orders: [order] }, { version: '2.5.0' });
    expect(answer).toEqual({ status: 200, body: { meta: { code: 200, status: 'success', message: 'Data Synced Successfully' }, data: null } });
    await post(specOnly, '/orders/sync', { orders: [order] }, { version: '2.5.0' });
    expect(specOnly.orders.has(order.uuid)).toBe(true);
    expect(specOnly.orders.size).toBe(1);
  });
});

describe('the variant profile', () => {
  it('serves /me flat, under other names', async () => {
    const me = await get(variant, '/me');
    expect(me.body.data).toMatchObject({
      market_id: variant.marketId,
      branch_id: variant.branchId,
      tax_number: expect.stringMatching(/^3\d{13}3$/),
      tax_rate: '15.00',
    });
    expect(me.body.data).not.toHaveProperty('market');
  });

  it('adds members a client must ignore, and names the accounting reference after another provider', async () => {
    const page = await get(variant, `/products?${scope(variant)}&includes[]=prices&includes[]=modifiers&per_page=5`, { version: '2.5.0' });
    const product = page.body.data.data[0];
    expect(product).toHaveProperty(VARIANT_ACCOUNTING_MEMBER);
    expect(product).not.toHaveProperty('accounting_id');
    expect(product).toMatchObject({ _type: 'product', sku: expect.any(String), links: { self: null } });
    const withModifiers = page.body.data.data.find((p: { modifiers: unknown[] }) => p.modifiers.length > 0);
    // A drink's first modifier record is its size group, its options nested (issue 34).
    const first = withModifiers.modifiers[0];
    const option = first._type === 'modifier_group' ? first.options[0] : first;
    if (first._type === 'modifier_group')
      expect(first).toMatchObject({
        name_en: expect.any(String),
        max_quantity: expect.any(Number),
        is_required: expect.any(Boolean),
        options: expect.any(Array),
      });
    // A drink with sizes sends its size as a required one-of group, its options nested (issue 34).
    const groups = page.body.data.data.flatMap((p: { modifiers: { _type: string; name_en?: string }[] }) => p.modifiers);
    const size = groups.find((g: { _type: string; name_en?: string }) => g._type === 'modifier_group' && g.name_en === 'Size');
    if (size) expect(size).toMatchObject({ max_quantity: 1, is_required: true, options: expect.any(Array) });
    expect(option).toMatchObject({ name_en: expect.any(String), amount: expect.stringMatching(/^\d+\.\d{2}$/), _type: 'modifier' });
    expect(option).not.toHaveProperty('product_id');
    expect(option).not.toHaveProperty('price');
  });

  it('serves barcodes without a modifier reference, and printers with address members of their own', async () => {
    const barcodes = await get(variant, '/products/modifiers/barcodes?includes[]=modifier', { version: '2.5.0' });
    for (const barcode of barcodes.body.data.data) {
      expect(barcode).toMatchObject({ code: expect.any(String), product_id: expect.any(String) });
      expect(barcode).not.toHaveProperty('modifier_id');
    }
    const printers = await get(variant, '/printers', { version: '2.5.0' });
    for (const printer of printers.body.data.data) {
      expect(printer).toMatchObject({ name_en: expect.any(String), settings: expect.any(Object) });
      expect(printer).not.toHaveProperty('name');
      expect(printer).toHaveProperty('ip');
      expect(printer).toHaveProperty('port');
    }
  });

  it('answers the Orders Sync with a count when it took the whole batch, keyed by uuid when it refused an order', async () => {
    const order = validOrder(variant);
    const answer = await post(variant, '/orders/sync', { orders: [order] }, { version: '2.5.0' });
    expect(answer.body).toEqual({ data: { accepted: 1 } });
    // Duplicates count as held.
    const again = await post(variant, '/orders/sync', { orders: [order] }, { version: '2.5.0' });
    expect(again.body).toEqual({ data: { accepted: 1 } });
    const bad = validOrder(variant, { total: '0.01' });
    const mixed = await post(variant, '/orders/sync', { orders: [order, bad] }, { version: '2.5.0' });
    expect(mixed.body.data[order.uuid]).toMatchObject({ result: 'already_exists', order_id: expect.any(String) });
    expect(mixed.body.data[bad.uuid]).toMatchObject({ result: 'rejected', errors: expect.any(Object) });
  });
});
