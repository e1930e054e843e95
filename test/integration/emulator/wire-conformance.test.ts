import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_VERSIONS } from '../../../src-shared/api-version.ts';
import { LIST_RESOURCES, parseErrorEnvelope, parseListPage, parseMe, parseOrderSyncResults } from '../../../src-shared/wire/index.ts';
import type { ListResource } from '../../../src-shared/wire/index.ts';
import { startEmulator } from '../../../emulator/index.ts';
import type { RunningEmulator } from '../../../emulator/index.ts';
import { validOrder } from './orders-fixture.ts';
import { get, post, scope } from './service-client.ts';

// The till's wire schemas (src-shared/wire) are written from the same spec
// and README choices: every answer the emulator gives must parse with them.

let emulator: RunningEmulator;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
});
afterAll(() => emulator.close());

function pathOf(resource: ListResource): string {
  const latte = emulator.tenant.products.find((p) => p.name_en === 'Caffè latte')!;
  const paths: Record<ListResource, string> = {
    categories: '/product-categories',
    products: `/products?${scope(emulator)}&includes[]=modifiers&includes[]=prices`,
    barcodes: '/products/modifiers/barcodes',
    payment_methods: '/payment-methods',
    payment_method_configs: '/payment-methods/settings',
    printers: '/printers',
    kitchens: '/kitchens',
    tables: '/tables',
    discounts: '/discounts',
    customers: `/users/customers?filter[market_id]=${emulator.marketId}&includes[]=userable`,
    product_modifiers: `/products/${latte.id}/modifiers`,
    product_prices: `/products/${latte.id}/prices`,
    product_ingredients: `/products/${latte.id}/ingredients`,
    ingredients: '/ingredients',
  };
  return paths[resource];
}

describe.each(API_VERSIONS)('at %s', (version) => {
  it.each(LIST_RESOURCES)('%s parses with the till’s schema', async (resource) => {
    const reply = await get(emulator, `${pathOf(resource)}${pathOf(resource).includes('?') ? '&' : '?'}per_page=50`, { version });
    expect(reply.status).toBe(200);
    const page = parseListPage(resource, version, reply.body, 1);
    expect(page.records.length).toBeGreaterThan(0);
    expect(page.info.total).toBe(reply.body.data.total);
  });

  it('/me parses', async () => {
    const me = parseMe((await get(emulator, '/me', { version })).body);
    expect(me.market.id).toBe(emulator.marketId);
  });
});

describe('errors and order sync', () => {
  it('error envelopes parse, with their extra members', async () => {
    const gone = parseErrorEnvelope((await get(emulator, '/import/products', { version: '2.5.0' })).body);
    expect(gone?.meta.code).toBe(410);
    expect(gone?.removed_in).toBe('2.5.0');
    const invalid = parseErrorEnvelope((await get(emulator, '/products')).body);
    expect(invalid?.errors?.['filter.market_id']).toHaveLength(1);
  });

  it('sync results parse', async () => {
    const order = validOrder(emulator);
    const results = parseOrderSyncResults((await post(emulator, '/orders/sync', { orders: [order] }, { version: '2.5.0' })).body);
    expect(results).toEqual([{ uuid: order.uuid, status: 'created', id: expect.any(String) }]);
  });
});
