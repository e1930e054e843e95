import { describe, it, expect, expectTypeOf } from 'vitest';
import { API_VERSIONS } from '../../../src-shared/api-version.ts';
import type { Customer, Product } from '../../../src-shared/catalog/index.ts';
import { parseCategory, parseListPage, parseMe } from '../../../src-shared/wire/index.ts';
import type { ParsedPage } from '../../../src-shared/wire/index.ts';
import {
  barcodesCanonical,
  barcodesWire,
  categoryCanonical,
  categoryWire,
  configsCanonical,
  configsWire,
  customerCanonical,
  customerWire,
  detailBody,
  ingredientCanonical,
  ingredientWire,
  listBody,
  meWire,
  modifierCanonical,
  modifierWire,
  paymentMethodsCanonical,
  paymentMethodsWire,
  pricesCanonical,
  pricesWire,
  printerCanonical,
  printerWire,
  productCanonical,
  productIngredientCanonical,
  productIngredientWire,
  productWire,
} from './samples.ts';

describe.each(API_VERSIONS)('records at contract %s normalize to the canonical record', (version) => {
  it('categories, in a list and as a detail read', () => {
    expect(parseListPage('categories', version, listBody([categoryWire[version]]), 1).records).toStrictEqual([categoryCanonical]);
    expect(parseCategory(version, detailBody(categoryWire[version]))).toStrictEqual(categoryCanonical);
  });

  it('products with their modifiers and prices', () => {
    expect(parseListPage('products', version, listBody([productWire[version]]), 1).records).toStrictEqual([productCanonical]);
  });

  it('products listed without includes get no modifiers and no prices', () => {
    const { modifiers: _m, prices: _p, ...bare } = productWire[version];
    const [product] = parseListPage('products', version, listBody([bare]), 1).records;
    // Marked, so that the pull reads them per product instead.
    expect(product).toStrictEqual({ ...productCanonical, modifiers: [], prices: [], missing_includes: ['modifiers', 'prices'] });
  });

  it('product prices', () => {
    expect(parseListPage('product_prices', version, listBody(pricesWire[version]), 1).records).toStrictEqual(pricesCanonical);
  });

  it('product modifiers', () => {
    expect(parseListPage('product_modifiers', version, listBody([modifierWire]), 1).records).toStrictEqual([modifierCanonical]);
  });

  it('barcodes', () => {
    expect(parseListPage('barcodes', version, listBody(barcodesWire[version]), 1).records).toStrictEqual(barcodesCanonical);
  });

  it('payment methods', () => {
    expect(parseListPage('payment_methods', version, listBody(paymentMethodsWire), 1).records).toStrictEqual(paymentMethodsCanonical);
  });

  it('payment-method configs, with the fields the version hides as null', () => {
    expect(parseListPage('payment_method_configs', version, listBody(configsWire[version]), 1).records).toStrictEqual(configsCanonical[version]);
  });

  it('printers, with the flags in settings', () => {
    expect(parseListPage('printers', version, listBody([printerWire[version]]), 1).records).toStrictEqual([printerCanonical]);
  });

  it('customers, with and without the userable include', () => {
    const { userable: _u, ...withoutUserable } = customerWire;
    const records = parseListPage('customers', version, listBody([customerWire, withoutUserable]), 1).records;
    expect(records).toStrictEqual([customerCanonical, customerCanonical]);
  });

  it('product ingredients, with the pre-2.2.0 placeholder id as null', () => {
    expect(parseListPage('product_ingredients', version, listBody([productIngredientWire[version]]), 1).records).toStrictEqual([
      productIngredientCanonical[version],
    ]);
  });

  it('ingredients, with the hidden cost as null', () => {
    expect(parseListPage('ingredients', version, listBody([ingredientWire[version]]), 1).records).toStrictEqual([ingredientCanonical[version]]);
  });
});

describe('the eight versions agree where the contract carries the information', () => {
  it('gives the same product from every version', () => {
    const products = API_VERSIONS.map((v) => parseListPage('products', v, listBody([productWire[v]]), 1).records[0]);
    for (const product of products) expect(product).toStrictEqual(products[0]);
  });

  it('gives the same printer settings from every version', () => {
    const printers = API_VERSIONS.map((v) => parseListPage('printers', v, listBody([printerWire[v]]), 1).records[0]);
    for (const printer of printers) expect(printer).toStrictEqual(printers[0]);
  });
});

describe('version boundaries', () => {
  it('reads a body shaped for another version as a failure, not as missing data', () => {
    expect(() => parseListPage('products', '2.2.3', listBody([productWire['2.3.0']]), 1)).toThrow(/field "product_category_id" is required/);
    expect(() => parseListPage('products', '2.3.0', listBody([productWire['2.2.3']]), 1)).toThrow(/field "category_id" is required/);
    expect(() => parseListPage('printers', '2.2.0', listBody([printerWire['2.2.1']]), 1)).toThrow(/field "is_multi_lang" is required/);
    expect(() => parseListPage('printers', '2.2.1', listBody([printerWire['2.2.0']]), 1)).toThrow(/field "settings" is required/);
    expect(() => parseListPage('product_prices', '2.2.1', listBody(pricesWire['2.2.3']), 1)).toThrow(/field "payment_method_key" is required/);
    // The modifier reference is named but not typed by the spec: it is read under either name, never required.
    expect(parseListPage('product_prices', '2.2.3', listBody(pricesWire['2.3.0']), 1).records).toStrictEqual(pricesCanonical);
    expect(() => parseListPage('ingredients', '2.1.0', listBody([ingredientWire['2.0.0']]), 1)).toThrow(/field "cost" is required/);
    expect(() => parseListPage('product_ingredients', '2.2.0', listBody([productIngredientWire['2.1.0']]), 1)).toThrow(
      /field "ingredient_id" must be a non-empty string, got 1/,
    );
    expect(() => parseListPage('payment_method_configs', '2.4.0', listBody(configsWire['2.3.0']), 1)).toThrow(/field "target" is required/);
  });

  it('keeps order-type and percent prices from 2.2.3', () => {
    const orderType = {
      id: 'price-3',
      product_id: 'p',
      modifier_id: null,
      priceable_type: 'ORDER_TYPE',
      priceable_id: 'DELIVERY',
      value: '10.00',
      value_type: 'PERCENT',
    };
    const { modifier_id: _m, ...without } = orderType;
    const wire223 = { ...without, product_modifier_id: null, market_id: 'm', branch_id: null };
    // Read once into the till's form: hundredths of a percent.
    const expected = { ...orderType, value: 1000 };
    expect(parseListPage('product_prices', '2.2.3', listBody([wire223]), 1).records).toStrictEqual([expected]);
    expect(parseListPage('product_prices', '2.5.0', listBody([orderType]), 1).records).toStrictEqual([expected]);
  });
});

describe('printer flags', () => {
  // The spec's table "Printer object", written out again so a swapped pair in the code fails.
  const table: [legacy: string, flag: string][] = [
    ['is_multi_lang', 'MULTILINGUAL'],
    ['is_show_product', 'PRODUCT_SHOW'],
    ['is_open_drawer', 'DRAWER_OPEN'],
    ['is_postpaid_print', 'PRINT_POSTPAID'],
    ['is_img_print', 'PRINT_IMAGE'],
    ['is_auto_print', 'PRINT_AUTO'],
    ['is_app_to_app', 'APP_TO_APP'],
    ['add_space', 'HAS_SPACE'],
    ['is_raster', 'RASTER'],
    ['is_pdf', 'PDF'],
  ];
  const allOff = Object.fromEntries(table.map(([legacy]) => [legacy, false]));

  it.each(table)('legacy %s becomes settings.%s and nothing else', (legacy, flag) => {
    const wire = { id: 'printer-1', name: 'Bar', branch_id: null, ...allOff, [legacy]: true };
    const [printer] = parseListPage('printers', '2.0.0', listBody([wire]), 1).records;
    const on = Object.entries(printer!.settings).filter(([, value]) => value);
    expect(on).toStrictEqual([[flag, true]]);
    expect(Object.keys(printer!.settings).sort()).toStrictEqual(table.map(([, f]) => f).sort());
  });
});

describe('/me', () => {
  it('parses the pairing answer', () => {
    expect(parseMe(detailBody(meWire))).toStrictEqual(meWire);
  });

  it('accepts a user without a branch', () => {
    expect(parseMe(detailBody({ ...meWire, branch: null })).branch).toBeNull();
  });
});

describe('types', () => {
  it('maps each resource to its canonical record', () => {
    expectTypeOf(parseListPage('products', '2.5.0', listBody([]), 1)).toEqualTypeOf<ParsedPage<Product>>();
    expectTypeOf(parseListPage('customers', '2.5.0', listBody([]), 1)).toEqualTypeOf<ParsedPage<Customer>>();
  });
});
