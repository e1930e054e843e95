import { describe, expect, it } from 'vitest';
import { createDemoTenant, generateCatalog, startEmulator } from '../../../emulator/index.ts';
import { get, scope } from './service-client.ts';

const ARABIC = /[\u0600-\u06FF]/;
const EMOJI = /\p{Extended_Pictographic}/u;
const MONEY = /^-?\d+\.\d{2}$/;

function isEan13(code: string): boolean {
  if (!/^\d{13}$/.test(code)) return false;
  const sum = [...code.slice(0, 12)].reduce((total, digit, i) => total + Number(digit) * (i % 2 === 0 ? 1 : 3), 0);
  return (10 - (sum % 10)) % 10 === Number(code[12]);
}

describe('the demo tenant', () => {
  const tenant = createDemoTenant();

  it('is a cafe menu of at least 120 bilingual products in at least 8 emoji categories', () => {
    expect(tenant.products.length).toBeGreaterThanOrEqual(120);
    expect(tenant.categories.length).toBeGreaterThanOrEqual(8);
    for (const category of tenant.categories) {
      expect(category.icon).toMatch(EMOJI);
      expect(category.name_ar).toMatch(ARABIC);
      expect(tenant.products.filter((p) => p.category_id === category.id).length).toBeGreaterThanOrEqual(10);
    }
    expect(tenant.categories.map((c) => c.name_en)).toEqual(
      expect.arrayContaining(['Hot coffee', 'Iced drinks', 'Tea', 'Juices & smoothies', 'Bakery', 'Sandwiches', 'Desserts', 'Breakfast']),
    );
    for (const product of tenant.products) {
      expect(product.name_ar).toMatch(ARABIC);
      expect(product.description_ar).toMatch(ARABIC);
      expect(product.description_en).toMatch(/[a-z]/);
    }
    expect(new Set(tenant.products.map((p) => p.name_en)).size).toBe(tenant.products.length);
  });

  it('prices every product for cash, a delivery app with a markup, and order types', () => {
    for (const product of tenant.products) {
      const cash = product.prices.find((p) => p.priceable_id === 'CASH')!;
      expect(cash).toMatchObject({ priceable_type: 'PAYMENT_METHOD', value_type: 'NOMINAL', modifier_id: null });
      const app = product.prices.find((p) => ['HUNGERSTATION', 'JAHEZ'].includes(p.priceable_id) && p.modifier_id === null)!;
      expect(Number(app.value)).toBeGreaterThan(Number(cash.value));
      for (const price of product.prices) expect(price.value).toMatch(MONEY);
    }
    const all = tenant.products.flatMap((p) => p.prices);
    expect(all).toContainEqual(expect.objectContaining({ priceable_type: 'ORDER_TYPE', priceable_id: 'DELIVERY', value: '10.00', value_type: 'PERCENT' }));
    expect(all).toContainEqual(expect.objectContaining({ priceable_type: 'ORDER_TYPE', priceable_id: 'TAKEAWAY', value: '-1.00', value_type: 'NOMINAL' }));
    const cents = tenant.products.map((p) => Number(p.prices[0]!.value));
    expect(Math.min(...cents)).toBeGreaterThanOrEqual(2);
    expect(Math.max(...cents)).toBeLessThanOrEqual(100);
  });

  it("groups a drink's options as a café does: size one of three and required, milk one of two or none, extras up to 3 (issue 34)", () => {
    const cappuccino = tenant.products.find((p) => p.name_en === 'Cappuccino')!;
    expect(cappuccino.modifiers.map((m) => [m.name_en, m.group?.name_en, m.group?.min, m.group?.max])).toStrictEqual([
      ['Small', 'Size', 1, 1],
      ['Medium', 'Size', 1, 1],
      ['Large', 'Size', 1, 1],
      ['Oat milk', 'Milk', 0, 1],
      ['Almond milk', 'Milk', 0, 1],
      ['Extra shot', 'Extras', 0, 3],
      ['Sugar-free vanilla syrup', 'Extras', 0, 3],
      ['Sugar-free caramel syrup', 'Extras', 0, 3],
      ['Decaf', 'Extras', 0, 3],
    ]);
    // Food's options are in no group: optional add-ons, as a service without groups sends them.
    const croissant = tenant.products.find((p) => p.name_en === 'Butter croissant')!;
    expect(croissant.modifiers.length).toBeGreaterThan(0);
    expect(croissant.modifiers.every((m) => m.group === undefined)).toBe(true);
  });

  it('has modifiers, barcodes for packaged goods, payment methods, configs, printers and customers', () => {
    const modifierNames = new Set(tenant.products.flatMap((p) => p.modifiers.map((m) => m.name_en)));
    for (const name of ['Extra shot', 'Oat milk', 'Large', 'Sugar-free vanilla syrup']) expect(modifierNames).toContain(name);
    expect(tenant.barcodes.length).toBeGreaterThanOrEqual(10);
    for (const barcode of tenant.barcodes) {
      expect(isEan13(barcode.barcode)).toBe(true);
      expect(tenant.products.find((p) => p.id === barcode.product_id)!.category_id).toBe(10);
    }
    expect(tenant.paymentMethods.map((m) => m.key)).toEqual(
      expect.arrayContaining(['CASH', 'MADA', 'VISA', 'MASTERCARD', 'APPLE_PAY', 'PAY_LATER', 'HUNGERSTATION', 'JAHEZ']),
    );
    expect(tenant.paymentMethods.some((m) => m.is_online)).toBe(true);
    for (const method of tenant.paymentMethods) expect(tenant.paymentMethodConfigs.some((c) => c.payment_method_key === method.key)).toBe(true);
    expect(tenant.printers.map((p) => p.name)).toEqual(['Cashier', 'Bar', 'Kitchen']);
    expect(tenant.printers[0]!.settings).toMatchObject({ DRAWER_OPEN: true, PRINT_AUTO: true, MULTILINGUAL: true, PRODUCT_SHOW: true });
    // Every prepared category is routed to exactly one kitchen; packaged goods to none.
    const routed = tenant.kitchens.flatMap((k) => k.categories.map((c) => c.category_id)).sort((a, b) => a - b);
    expect(routed).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(tenant.kitchens.map((k) => tenant.printers.find((p) => p.id === k.printers[0]!.printer_id)!.name)).toEqual(['Bar', 'Kitchen']);
    expect(tenant.customers.length).toBeGreaterThanOrEqual(3);
    expect(tenant.me.market.vat_number).toMatch(/^\d{15}$/);
    expect(tenant.me.branch).toMatchObject({ vat_rate: '15.00', prices_include_tax: true });
  });

  it('draws its ids from the seed', () => {
    expect(createDemoTenant(1)).toEqual(tenant);
    const other = createDemoTenant(2);
    expect(other.products[0]!.id).not.toBe(tenant.products[0]!.id);
    expect(other.products.map((p) => p.name_en)).toEqual(tenant.products.map((p) => p.name_en));
  });
});

describe('the catalog generator', () => {
  it('generates 100,000 products, each with two modifiers, two payment-method prices and a barcode', () => {
    const tenant = generateCatalog({ products: 100_000, seed: 3 });
    expect(tenant.products).toHaveLength(100_000);
    expect(tenant.barcodes).toHaveLength(100_000);
    expect(new Set(tenant.products.map((p) => p.id)).size).toBe(100_000);
    expect(new Set(tenant.barcodes.map((b) => b.barcode)).size).toBe(100_000);
    expect(tenant.categories).toEqual(createDemoTenant(3).categories);
    for (const product of [tenant.products[0]!, tenant.products[54_321]!, tenant.products[99_999]!]) {
      expect(product.modifiers).toHaveLength(2);
      expect(product.prices).toHaveLength(2);
      expect(product.prices.every((p) => p.priceable_type === 'PAYMENT_METHOD' && MONEY.test(p.value))).toBe(true);
      expect(product.name_ar).toMatch(ARABIC);
    }
    expect(isEan13(tenant.barcodes[77_777]!.barcode)).toBe(true);
  });

  it('serves a generated catalog where prefix searches find many products', async () => {
    const emulator = await startEmulator({ products: 5000, seed: 4 });
    try {
      const search = async (term: string) =>
        (await get(emulator, `/products?${scope(emulator)}&per_page=1&search=${encodeURIComponent(term)}`, { version: '2.5.0' })).body.data.total;
      expect(await search('Golden')).toBeGreaterThan(100);
      expect(await search('lat')).toBeGreaterThan(100);
      expect(await search('كورتادو')).toBeGreaterThan(20);
      const page = await get(emulator, `/products?${scope(emulator)}&per_page=500&page=3&includes[]=modifiers&includes[]=prices`, { version: '2.0.0' });
      expect(page.body.data.data).toHaveLength(500);
      expect(page.body.data.data[0].prices[0]).toHaveProperty('payment_method_key');
    } finally {
      await emulator.close();
    }
  });
});
