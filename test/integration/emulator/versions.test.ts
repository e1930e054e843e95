import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_VERSIONS } from '../../../src-shared/api-version.ts';
import { startEmulator } from '../../../emulator/index.ts';
import type { RunningEmulator } from '../../../emulator/index.ts';
import { specShownMembers } from '../../support/spec-shown-members.ts';
import { call, get, post, scope } from './service-client.ts';

let emulator: RunningEmulator;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, seed: 5 });
});
afterAll(() => emulator.close());

const espresso = () => emulator.tenant.products.find((p) => p.name_en === 'Espresso')!;
const byName = (name: string) => emulator.tenant.products.find((p) => p.name_en === name)!;

describe('X-API-Version', () => {
  it('serves 2.0.0 when the header is absent', async () => {
    const product = (await get(emulator, `/products?${scope(emulator)}&per_page=1`)).body.data.data[0];
    expect(product).toHaveProperty('product_category_id');
    expect(product).toHaveProperty('preparation_time');
  });

  it('answers an unknown version with 422 naming the header', async () => {
    const reply = await get(emulator, '/me', { version: '3.0.0' });
    expect(reply.status).toBe(422);
    expect(reply.body.data).toBeNull();
    expect(reply.body.meta.code).toBe(422);
    expect(reply.body.meta.status).toBe('error');
    expect(reply.body.meta.message).toContain('X-API-Version');
    expect(Object.keys(reply.body.errors)).toEqual(['X-API-Version']);
  });
});

describe('products', () => {
  it('has the 21 legacy members below 2.3.0', async () => {
    for (const version of ['2.0.0', '2.2.3'] as const) {
      const product = (await get(emulator, `/products?${scope(emulator)}&per_page=1`, { version })).body.data.data[0];
      expect(Object.keys(product)).toHaveLength(21);
      expect(Object.keys(product).sort()).toEqual(specShownMembers('product', version).sort());
      expect(product.product_category_id).toBe(1);
      expect(product.preparation_time).toBe(4);
      expect(product.rating_avg).toMatch(/^\d+\.\d{2}$/);
    }
  });

  it('renames category_id and duration from 2.3.0', async () => {
    for (const version of ['2.3.0', '2.5.0'] as const) {
      const product = (await get(emulator, `/products?${scope(emulator)}&per_page=1`, { version })).body.data.data[0];
      expect(Object.keys(product).sort()).toEqual(specShownMembers('product', version).sort());
      expect(product).toMatchObject({ id: espresso().id, category_id: 1, duration: 4, name_en: 'Espresso', name_ar: 'إسبريسو' });
    }
  });

  it('accepts filter[category_id] from 2.3.0 only', async () => {
    const newer = await get(emulator, `/products?${scope(emulator)}&filter[category_id]=3&per_page=100`, { version: '2.3.0' });
    expect(newer.body.data.data.length).toBeGreaterThan(0);
    expect(newer.body.data.data.every((p: { category_id: number }) => p.category_id === 3)).toBe(true);
    const older = await get(emulator, `/products?${scope(emulator)}&filter[category_id]=3&per_page=100`, { version: '2.2.3' });
    // Unknown to 2.2.3: ignored, so every category comes back.
    expect(new Set(older.body.data.data.map((p: { product_category_id: number }) => p.product_category_id)).size).toBeGreaterThan(1);
    const legacy = await get(emulator, `/products?${scope(emulator)}&filter[product_category_id]=3&per_page=100`, { version: '2.0.0' });
    expect(legacy.body.data.total).toBe(newer.body.data.total);
  });
});

describe('prices', () => {
  it('serves the legacy object below 2.2.3, payment-method prices only, tax worked out from the branch VAT', async () => {
    const product = espresso();
    const reply = await get(emulator, `/products/${product.id}/prices`, { version: '2.2.1' });
    expect(reply.status).toBe(200);
    const prices = reply.body.data.data;
    const served = product.prices.filter((p) => p.priceable_type === 'PAYMENT_METHOD');
    expect(prices).toHaveLength(served.length);
    const cash = prices.find((p: { payment_method_key: string }) => p.payment_method_key === 'CASH');
    // 9.00 including 15 % VAT: tax = 9.00 × 15 / 115 = 1.17.
    expect(cash).toEqual({
      id: served.find((p) => p.priceable_id === 'CASH')!.id,
      product_id: product.id,
      product_modifier_id: null,
      payment_method_key: 'CASH',
      price: '7.83',
      tax: '1.17',
      total: '9.00',
      is_tax_included: true,
      market_id: emulator.marketId,
      branch_id: null,
    });
  });

  it('works legacy money out on net prices when the branch prices exclude tax', async () => {
    const branch = emulator.tenant.me.branch!;
    branch.prices_include_tax = false;
    try {
      const reply = await get(emulator, `/products/${espresso().id}/prices`, { version: '2.0.0' });
      const cash = reply.body.data.data.find((p: { payment_method_key: string }) => p.payment_method_key === 'CASH');
      expect(cash).toMatchObject({ price: '9.00', tax: '1.35', total: '10.35', is_tax_included: false });
    } finally {
      branch.prices_include_tax = true;
    }
  });

  it('is polymorphic from 2.2.3, still with the old modifier name and tenant ids', async () => {
    const product = espresso();
    const prices = (await get(emulator, `/products/${product.id}/prices`, { version: '2.2.3' })).body.data.data;
    expect(prices).toHaveLength(product.prices.length);
    const takeaway = prices.find((p: { priceable_id: string }) => p.priceable_id === 'TAKEAWAY');
    expect(takeaway).toEqual({
      id: expect.any(String),
      product_id: product.id,
      product_modifier_id: null,
      priceable_type: 'ORDER_TYPE',
      priceable_id: 'TAKEAWAY',
      value: '-1.00',
      value_type: 'NOMINAL',
      market_id: emulator.marketId,
      branch_id: null,
    });
  });

  it('uses modifier_id and drops market_id and branch_id from 2.3.0', async () => {
    // A drink in sizes: its larger sizes have delivery-app prices of their own.
    const product = byName('Cappuccino');
    const prices = (await get(emulator, `/products/${product.id}/prices`, { version: '2.3.0' })).body.data.data;
    for (const price of prices) {
      expect(Object.keys(price).sort()).toEqual(['id', 'modifier_id', 'priceable_id', 'priceable_type', 'product_id', 'value', 'value_type']);
    }
    const ofModifier = prices.find((p: { modifier_id: string | null }) => p.modifier_id !== null);
    expect(product.modifiers.map((m) => m.id)).toContain(ofModifier.modifier_id);
  });

  it('reads one price, and a price the version cannot express is not there', async () => {
    const product = espresso();
    const takeaway = product.prices.find((p) => p.priceable_type === 'ORDER_TYPE')!;
    expect((await get(emulator, `/products/${product.id}/prices/${takeaway.id}`, { version: '2.5.0' })).body.data.value).toBe('-1.00');
    expect((await get(emulator, `/products/${product.id}/prices/${takeaway.id}`, { version: '2.2.1' })).status).toBe(404);
  });

  it('comes inside products with includes[]=prices, and modifiers with includes[]=modifiers', async () => {
    const reply = await get(emulator, `/products?${scope(emulator)}&per_page=1&includes[]=prices&includes[]=modifiers`, { version: '2.5.0' });
    const product = reply.body.data.data[0];
    expect(product.prices).toHaveLength(espresso().prices.length);
    expect(product.modifiers).toEqual(
      espresso().modifiers.map((m) => ({
        id: m.id,
        product_id: m.product_id,
        name_en: m.name_en,
        name_ar: m.name_ar,
        price: m.price,
        // An option in a group names it and repeats its rule (issue 34).
        ...(m.group ? { group_id: m.group.id, group_name_en: m.group.name_en, group_name_ar: m.group.name_ar, min: m.group.min, max: m.group.max } : {}),
      })),
    );
    const bare = (await get(emulator, `/products?${scope(emulator)}&per_page=1`, { version: '2.5.0' })).body.data.data[0];
    expect(bare).not.toHaveProperty('prices');
    expect(bare).not.toHaveProperty('modifiers');
  });
});

describe('printers', () => {
  it('has ten booleans below 2.2.1', async () => {
    const printers = (await get(emulator, '/printers', { version: '2.2.0' })).body.data.data;
    const cashier = printers.find((p: { name: string }) => p.name === 'Cashier');
    expect(Object.keys(cashier)).toEqual(['id', 'name', 'branch_id', ...specShownMembers('printer', '2.2.0')]);
    expect(cashier).toMatchObject({
      is_open_drawer: true,
      is_auto_print: true,
      is_multi_lang: true,
      is_show_product: true,
      is_pdf: false,
      branch_id: emulator.branchId,
    });
  });

  it('folds them into settings from 2.2.1', async () => {
    const printers = (await get(emulator, '/printers', { version: '2.2.1' })).body.data.data;
    expect(printers.map((p: { name: string }) => p.name)).toEqual(['Cashier', 'Bar', 'Kitchen']);
    const cashier = printers[0];
    expect(Object.keys(cashier)).toEqual(['id', 'name', 'branch_id', 'settings']);
    expect(cashier.settings).toEqual({
      MULTILINGUAL: true,
      PRODUCT_SHOW: true,
      DRAWER_OPEN: true,
      PRINT_POSTPAID: false,
      PRINT_IMAGE: false,
      PRINT_AUTO: true,
      APP_TO_APP: false,
      HAS_SPACE: false,
      RASTER: false,
      PDF: false,
    });
    const one = await get(emulator, `/printers/${cashier.id}`, { version: '2.2.1' });
    expect(one.body.data).toEqual(cashier);
    expect((await get(emulator, '/printers/nope')).status).toBe(404);
  });

  it('send an address only when the tenant has one', async () => {
    const kitchen = emulator.tenant.printers[2]!;
    kitchen.address = 'tcp://127.0.0.1:9100';
    try {
      const printers = (await get(emulator, '/printers', { version: '2.5.0' })).body.data.data;
      expect(printers[2]).toMatchObject({ name: 'Kitchen', address: 'tcp://127.0.0.1:9100' });
      expect(printers[0]).not.toHaveProperty('address');
    } finally {
      delete kitchen.address;
    }
  });
});

describe('kitchens', () => {
  it('link printers and categories with kitchen_group_id and product_category_id below 2.3.0', async () => {
    const kitchens = (await get(emulator, '/kitchens', { version: '2.2.3' })).body.data.data;
    expect(kitchens.map((k: { name_en: string }) => k.name_en)).toEqual(['Bar', 'Kitchen']);
    const bar = kitchens[0];
    const barPrinter = emulator.tenant.printers.find((p) => p.name === 'Bar')!;
    expect(Object.keys(bar)).toEqual(['id', 'branch_id', 'name_en', 'name_ar', 'printers', 'categories']);
    expect(bar.printers).toEqual([{ id: expect.any(String), printer_id: barPrinter.id, kitchen_group_id: bar.id }]);
    expect(bar.categories.map((c: { product_category_id: number }) => c.product_category_id)).toEqual([1, 2, 3, 4]);
    expect(Object.keys(bar.categories[0])).toEqual(['id', 'kitchen_group_id', 'product_category_id']);
  });

  it('use kitchen_id and category_id from 2.3.0', async () => {
    const kitchen = (await get(emulator, '/kitchens', { version: '2.3.0' })).body.data.data[1];
    expect(kitchen.name_ar).toBe('المطبخ');
    expect(Object.keys(kitchen.printers[0])).toEqual(['id', 'printer_id', 'kitchen_id']);
    expect(kitchen.categories.map((c: { kitchen_id: string; category_id: number }) => [c.kitchen_id, c.category_id])).toEqual(
      [5, 6, 7, 8, 9].map((id) => [kitchen.id, id]),
    );
    expect((await get(emulator, `/kitchens/${kitchen.id}`, { version: '2.3.0' })).body.data).toEqual(kitchen);
  });
});

describe('payment-method configs', () => {
  it('hide target, method, scope and sort below 2.4.0', async () => {
    const configs = (await get(emulator, '/payment-methods/settings', { version: '2.3.0' })).body.data.data;
    expect(configs.length).toBeGreaterThan(0);
    for (const config of configs) expect(Object.keys(config)).toEqual(['id', 'payment_method_key']);
  });

  it('show them from 2.4.0, without method and scope for PRODUCT targets', async () => {
    const configs = (await get(emulator, '/payment-methods/settings?per_page=50', { version: '2.4.0' })).body.data.data;
    const market = configs.find((c: { target: string }) => c.target === 'MARKET');
    expect(market).toEqual({ id: expect.any(String), payment_method_key: 'CASH', target: 'MARKET', method: 'FIXED', scope: 'ALL', sort: 1 });
    const product = configs.find((c: { target: string }) => c.target === 'PRODUCT');
    expect(Object.keys(product)).toEqual(['id', 'payment_method_key', 'target', 'sort']);
    const one = await get(emulator, `/payment-methods/settings/${market.id}`, { version: '2.4.0' });
    expect(one.body.data).toEqual(market);
  });
});

describe('ingredients', () => {
  it('product ingredients: integer 1 below 2.2.0, the real id from 2.2.0, modifier_id without tenant ids from 2.3.0', async () => {
    const latte = byName('Caffè latte');
    const path = `/products/${latte.id}/ingredients`;
    const links = emulator.tenant.productIngredients.filter((l) => l.product_id === latte.id);
    expect(links.length).toBeGreaterThan(1);

    const v210 = (await get(emulator, path, { version: '2.1.0' })).body.data.data;
    expect(v210).toHaveLength(links.length);
    expect(Object.keys(v210[0])).toEqual(['id', 'product_id', 'product_modifier_id', 'ingredient_id', 'quantity', 'market_id', 'branch_id']);
    expect(v210.every((l: { ingredient_id: unknown }) => l.ingredient_id === 1)).toBe(true);

    const v220 = (await get(emulator, path, { version: '2.2.0' })).body.data.data;
    expect(v220.map((l: { ingredient_id: string }) => l.ingredient_id)).toEqual(links.map((l) => l.ingredient_id));

    const v230 = (await get(emulator, path, { version: '2.3.0' })).body.data.data;
    expect(Object.keys(v230[0])).toEqual(['id', 'product_id', 'modifier_id', 'ingredient_id', 'quantity']);
    expect(v230.some((l: { modifier_id: string | null }) => l.modifier_id !== null)).toBe(true);
  });

  it('ingredient cost is hidden below 2.1.0', async () => {
    const [first] = emulator.tenant.ingredients;
    const old = await get(emulator, `/ingredients/${first!.id}`, { version: '2.0.0' });
    expect(old.body.data).toEqual({ id: first!.id, name: first!.name });
    const newer = await get(emulator, `/ingredients/${first!.id}`, { version: '2.1.0' });
    expect(newer.body.data).toEqual({ id: first!.id, name: first!.name, cost: first!.cost });
    const list = (await get(emulator, '/ingredients?per_page=100', { version: '2.1.0' })).body.data;
    expect(list.total).toBe(emulator.tenant.ingredients.length);
  });
});

describe('categories and barcodes', () => {
  it('name the sector link product_category_id below 2.3.0 and category_id from 2.3.0', async () => {
    const old = (await get(emulator, '/product-categories', { version: '2.2.3' })).body.data.data[0];
    expect(old).toEqual({
      id: 1,
      icon: '☕',
      name_en: 'Hot coffee',
      name_ar: 'قهوة ساخنة',
      deleted_at: null,
      sectors: [{ id: 1, sector_id: 1, product_category_id: 1 }],
    });
    const newer = (await get(emulator, '/product-categories', { version: '2.3.0' })).body.data.data[0];
    expect(newer.sectors).toEqual([{ id: 1, sector_id: 1, category_id: 1 }]);
  });

  it('rename the barcode modifier reference at 2.3.0', async () => {
    const old = (await get(emulator, '/products/modifiers/barcodes', { version: '2.2.3' })).body.data.data[0];
    expect(Object.keys(old)).toEqual(['id', 'barcode', 'product_id', 'product_modifier_id']);
    const newer = (await get(emulator, '/products/modifiers/barcodes', { version: '2.3.0' })).body.data.data[0];
    expect(Object.keys(newer)).toEqual(['id', 'barcode', 'product_id', 'modifier_id']);
    expect(newer.barcode).toMatch(/^628\d{10}$/);
  });
});

describe('version-gated operations', () => {
  const REPLACEMENT = (base: string) => ({
    import_url: `${base}/bulk/products/import`,
    template_url: `${base}/bulk/products/import/template`,
    upload_url: `${base}/bulk/products/import/upload-url`,
    status_url: `${base}/bulk-jobs`,
    removed_in: '2.5.0',
  });

  it('legacy import answers 426 below 2.5.0 with the five members', async () => {
    for (const [method, path] of [
      ['GET', '/import/products'],
      ['POST', '/import/products/full'],
      ['GET', '/import/products/template'],
      ['GET', '/import/products/full/template'],
    ] as const) {
      const reply = method === 'GET' ? await get(emulator, path, { version: '2.4.0' }) : await post(emulator, path, {}, { version: '2.4.0' });
      expect(reply.status).toBe(426);
      expect(reply.body).toEqual({
        meta: { code: 426, status: 'error', message: 'This operation requires API version 2.5.0 or higher.' },
        data: null,
        ...REPLACEMENT(emulator.baseUrl),
      });
    }
  });

  it('legacy import answers 410 from 2.5.0 with the same members', async () => {
    const reply = await post(emulator, '/import/products', {}, { version: '2.5.0' });
    expect(reply.status).toBe(410);
    expect(reply.body).toEqual({
      meta: { code: 410, status: 'error', message: 'This operation was removed in 2.5.0; use the bulk import.' },
      data: null,
      ...REPLACEMENT(emulator.baseUrl),
    });
  });

  it('renewals answer 426 below 2.1.0 and 200 from 2.1.0', async () => {
    const old = await post(emulator, '/renewals', { plan_key: 'PRO' }, { version: '2.0.0' });
    expect(old.status).toBe(426);
    expect(old.body).toEqual({ meta: { code: 426, status: 'error', message: 'This operation requires API version 2.1.0 or higher.' }, data: null });
    for (const path of ['/renewals', '/renewals/custom', '/renewals/preview', '/renewals/calculate']) {
      const reply = await post(emulator, path, { plan_key: 'PRO', cycle_key: 'YEARLY' }, { version: '2.1.0' });
      expect(reply.status).toBe(200);
      expect(reply.body.meta).toEqual({ code: 200, status: 'success', message: 'Data Saved Successfully' });
      expect(reply.body.data).toMatchObject({ plan_key: 'PRO', cycle_key: 'YEARLY', id: expect.any(String) });
    }
    const put = await call(emulator, 'PUT', '/renewals/r-1', { cycle_key: 'MONTHLY' }, { version: '2.5.0' });
    expect(put.status).toBe(200);
    expect(put.body.data).toEqual({ cycle_key: 'MONTHLY', id: 'r-1' });
  });

  it('every named version is accepted', async () => {
    for (const version of API_VERSIONS) expect((await get(emulator, '/me', { version })).status).toBe(200);
  });
});
