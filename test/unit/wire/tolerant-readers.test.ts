import { describe, expect, it } from 'vitest';
import { API_VERSIONS } from '../../../src-shared/api-version.ts';
import { printerSettings } from '../../../src-shared/catalog/index.ts';
import { accountingReference, parseListPage, readListPage, readMe } from '../../../src-shared/wire/index.ts';
import { listBody, PRODUCT, productWire } from './samples.ts';

const settings = printerSettings(['MULTILINGUAL', 'DRAWER_OPEN', 'PRINT_AUTO']);

describe('/me is read for whatever it carries', () => {
  it("reads the emulator's nested shape", () => {
    const facts = readMe({
      meta: { code: 200, status: 'success', message: 'ok' },
      data: {
        user: { id: 'u', name: 'Sara', role: 'SUBSCRIBER' },
        market: { id: 'm-1', name_en: 'Cafe', name_ar: 'مقهى', vat_number: '310122393500003' },
        branch: { id: 'b-1', name_en: 'Olaya', name_ar: 'العليا', vat_rate: '15.00', prices_include_tax: true },
      },
    });
    expect(facts).toStrictEqual({
      market_id: 'm-1',
      branch_id: 'b-1',
      market_name_en: 'Cafe',
      market_name_ar: 'مقهى',
      branch_name_en: 'Olaya',
      branch_name_ar: 'العليا',
      user_name: 'Sara',
      vat_number: '310122393500003',
      tax_rate: '15.00',
      prices_include_tax: true,
      currency: null,
    });
  });

  it('reads a flat shape with other names and loose types, without an envelope', () => {
    const facts = readMe({ market_id: 42, branch_id: 'b', market_name: 'Shop', tax_number: '300000000000003', tax_rate: 5, is_tax_included: 0 });
    expect(facts).toMatchObject({
      market_id: '42',
      branch_id: 'b',
      market_name_en: 'Shop',
      vat_number: '300000000000003',
      tax_rate: '5.00',
      prices_include_tax: false,
    });
  });

  it.each([null, 'Unauthenticated', [], { data: null }, { data: { market: 'not an object', branch: { id: '' } } }, { data: { tax_rate: 'lots' } }])(
    'gives no facts, and never throws, for %j',
    (body) => {
      const facts = readMe(body);
      expect(Object.values(facts).every((value) => value === null)).toBe(true);
    },
  );
});

describe('records the spec does not show take the documented defaults', () => {
  it('a nested price takes its product from the parent and an id from its position', () => {
    const product = { ...productWire['2.5.0'], prices: [{ priceable_type: 'PAYMENT_METHOD', priceable_id: 'CASH', value: '10.00', value_type: 'NOMINAL' }] };
    const [read] = parseListPage('products', '2.5.0', listBody([product]), 1).records;
    expect(read!.prices).toStrictEqual([
      {
        id: `${PRODUCT}:price:1`,
        product_id: PRODUCT,
        modifier_id: null,
        priceable_type: 'PAYMENT_METHOD',
        priceable_id: 'CASH',
        value: 1000,
        value_type: 'NOMINAL',
      },
    ]);
  });

  it('a modifier with no price is a free add-on; with no names it is "Option n"; `name` stands in for both', () => {
    const product = { ...productWire['2.5.0'], modifiers: [{ name: 'Oat milk' }, {}] };
    const [read] = parseListPage('products', '2.5.0', listBody([product]), 1).records;
    expect(read!.modifiers).toStrictEqual([
      { id: `${PRODUCT}:modifier:1`, product_id: PRODUCT, name_en: 'Oat milk', name_ar: 'Oat milk', price: 0 },
      { id: `${PRODUCT}:modifier:2`, product_id: PRODUCT, name_en: 'Option 2', name_ar: 'Option 2', price: 0 },
    ]);
  });

  it('a printer with only its flags is "Printer n" with a derived id; a bare host becomes a tcp address', () => {
    const page = parseListPage('printers', '2.5.0', listBody([{ settings }, { settings, name: 'Bar', ip: '192.0.2.7', port: 9101, branch_id: 'x' }]), 1);
    expect(page.records).toStrictEqual([
      { id: 'printer-1', name: 'Printer 1', settings },
      { id: 'printer-2', name: 'Bar', settings, address: 'tcp://192.0.2.7:9101' },
    ]);
  });

  it('a kitchen with links lacking ids and parent references takes them from the kitchen', () => {
    const page = parseListPage('kitchens', '2.5.0', listBody([{ name: 'Grill', printers: [{ printer_id: 'p1' }], categories: [{ category_id: 3 }] }]), 1);
    expect(page.records).toStrictEqual([
      {
        id: 'kitchen-1',
        branch_id: null,
        name_en: 'Grill',
        name_ar: 'Grill',
        printers: [{ id: 'kitchen-1:printer:1', printer_id: 'p1', kitchen_id: 'kitchen-1' }],
        categories: [{ id: 'kitchen-1:category:1', kitchen_id: 'kitchen-1', category_id: 3 }],
      },
    ]);
  });

  it('a barcode without an id gets one from its code; without a code it is left out and reported', () => {
    const page = readListPage('barcodes', '2.5.0', listBody([{ code: '6281000000017', product_id: 'p' }, { product_id: 'p' }]), 1);
    expect(page.records).toStrictEqual([{ id: 'barcode:6281000000017', barcode: '6281000000017', product_id: 'p', modifier_id: null }]);
    expect(page.quarantined).toMatchObject([{ list: 'barcodes', id: '#2', field: 'barcode' }]);
  });

  it('unknown members are ignored at every version', () => {
    for (const version of API_VERSIONS) {
      expect(
        parseListPage(
          'printers',
          version,
          listBody([{ ...(version >= '2.2.1' ? { settings } : {}), ...(version < '2.2.1' ? legacyFlags() : {}), color: 'red' }]),
          1,
        ).records,
      ).toHaveLength(1);
    }
  });
});

function legacyFlags() {
  return {
    is_multi_lang: true,
    is_show_product: false,
    is_open_drawer: true,
    is_postpaid_print: false,
    is_img_print: false,
    is_auto_print: true,
    is_app_to_app: false,
    add_space: false,
    is_raster: false,
    is_pdf: false,
  };
}

describe('decimal strings', () => {
  it('accepts any decimal, rounds half away from zero to two places and counts the loss', () => {
    const product = {
      ...productWire['2.5.0'],
      prices: [
        { priceable_type: 'PAYMENT_METHOD', priceable_id: 'CASH', value: '10.125', value_type: 'NOMINAL' },
        { priceable_type: 'ORDER_TYPE', priceable_id: 'DELIVERY', value: '2.5', value_type: 'NOMINAL' },
        { priceable_type: 'PAYMENT_METHOD', priceable_id: 'MADA', value: '3.1240', value_type: 'NOMINAL' },
      ],
    };
    const page = readListPage('products', '2.5.0', listBody([product]), 1);
    // Read once, into minor units: 10.125 → 10.13, 2.5 → 2.50, 3.1240 → 3.12.
    expect(page.records[0]!.prices.map((p) => p.value)).toStrictEqual([1013, 250, 312]);
    expect(page.precisionLost).toBe(2);
  });

  it('keeps rating_avg to the two places the spec promises', () => {
    const page = readListPage('products', '2.5.0', listBody([{ ...productWire['2.5.0'], rating_avg: '4.5' }]), 1);
    expect(page.quarantined[0]).toMatchObject({ field: 'rating_avg' });
  });
});

describe('the accounting reference', () => {
  it('is never required', () => {
    const { accounting_id: _a, ...without } = productWire['2.5.0'];
    expect(parseListPage('products', '2.5.0', listBody([without]), 1).records[0]!.accounting_id).toBeNull();
  });

  it('is read from the one provider-named member, or accounting_id', () => {
    const { accounting_id: _a, ...without } = productWire['2.5.0'];
    expect(accountingReference({ ...without, qoyod_id: 'Q-9' })).toBe('Q-9');
    expect(accountingReference({ ...without, accounting_id: 'A-1' })).toBe('A-1');
    expect(parseListPage('products', '2.5.0', listBody([{ ...without, zoho_id: 'Z-3' }]), 1).records[0]!.accounting_id).toBe('Z-3');
  });

  it("is null when two members could be it, or only references of the service's own are there", () => {
    const { accounting_id: _a, ...without } = productWire['2.5.0'];
    expect(accountingReference({ ...without, qoyod_id: 'Q', zoho_id: 'Z' })).toBeNull();
    expect(accountingReference({ ...without, kitchen_id: 'k', unit_id: 'u' })).toBeNull();
  });
});
