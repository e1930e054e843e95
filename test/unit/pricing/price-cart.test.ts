import { describe, expect, it } from 'vitest';
import {
  DEFAULT_BRANCH_TAX,
  formatPricedCart,
  priceCart,
  taxOf,
  UnpriceableProductError,
  type BranchTax,
  type CartInput,
} from '../../../src-shared/pricing/index.ts';
import { line, methodPrice } from './price-fixtures.ts';

const INCLUSIVE: BranchTax = { vatRate: 1500, pricesIncludeTax: true };
const EXCLUSIVE: BranchTax = { vatRate: 1500, pricesIncludeTax: false };

function cart(partial: Partial<CartInput>): CartInput {
  return { tax: INCLUSIVE, methodKey: 'CASH', orderType: 'DINE_IN', lines: [], ...partial };
}

describe('priceCart, worked by hand', () => {
  it('3 × 11.50 with prices including 15% VAT: the tax in 34.50 is 4.50', () => {
    const priced = priceCart(cart({ lines: [line([methodPrice('CASH', '11.50')], { quantity: 3 })] }));
    expect(priced.lines).toEqual([
      {
        product_id: 'p1',
        quantity: 3,
        unit_price: 1150,
        gross: 3450,
        line_discount: 0,
        service_discount: 0,
        order_discount: 0,
        discount: 0,
        net: 3450,
        tax: 450,
        total: 3450,
      },
    ]);
    expect(priced).toMatchObject({ subtotal: 3450, order_discount: 0, discount_total: 0, tax: 450, total: 3450, prices_include_tax: true, vat_rate: 1500 });
  });

  it('3 × 11.50 with prices excluding 15% VAT: 5.175 of tax rounds to 5.18, total 39.68', () => {
    const priced = priceCart(cart({ tax: EXCLUSIVE, lines: [line([methodPrice('CASH', '11.50')], { quantity: 3 })] }));
    expect(priced.lines[0]).toMatchObject({ net: 3450, tax: 518, total: 3968 });
    expect(priced).toMatchObject({ subtotal: 3450, discount_total: 0, tax: 518, total: 3968 });
  });

  it('taxes each line on its own net and sums the line taxes', () => {
    // Two 0.05 lines: each holds round(5 × 15/115) = round(0.652) = 1 halala of tax; together 2 (not round(1.304) = 1).
    const priced = priceCart(cart({ lines: [line([methodPrice('CASH', '0.05')]), line([methodPrice('CASH', '0.05')])] }));
    expect(priced.lines.map((l) => l.tax)).toEqual([1, 1]);
    expect(priced.tax).toBe(2);
    expect(priced.total).toBe(10);
  });

  it('uses the price list of the chosen method', () => {
    const prices = [methodPrice('CASH', '10.00'), methodPrice('HUNGERSTATION', '13.80')];
    const priced = priceCart(cart({ methodKey: 'HUNGERSTATION', orderType: 'DELIVERY', lines: [line(prices, { quantity: 2 })] }));
    expect(priced.lines[0]).toMatchObject({ unit_price: 1380, gross: 2760, tax: 360, total: 2760 });
  });

  it('a zero VAT rate gives no tax', () => {
    const priced = priceCart(cart({ tax: { vatRate: 0, pricesIncludeTax: false }, lines: [line([methodPrice('CASH', '9.99')])] }));
    expect(priced).toMatchObject({ tax: 0, total: 999 });
  });

  it('an empty cart costs nothing', () => {
    expect(priceCart(cart({}))).toMatchObject({ lines: [], subtotal: 0, discount_total: 0, tax: 0, total: 0 });
  });
});

describe('line discounts', () => {
  const prices = [methodPrice('CASH', '11.50')];

  it('PERCENT takes a share of the gross, rounded once', () => {
    const priced = priceCart(cart({ lines: [line(prices, { quantity: 3, discount: { kind: 'PERCENT', value: 1000 } })] }));
    // 10% of 34.50 = 3.45; net 31.05; tax = 31.05 × 15/115 = 4.05
    expect(priced.lines[0]).toMatchObject({ gross: 3450, line_discount: 345, discount: 345, net: 3105, tax: 405, total: 3105 });
    expect(priced).toMatchObject({ subtotal: 3450, discount_total: 345, tax: 405, total: 3105 });
  });

  it('AMOUNT is taken as is', () => {
    const priced = priceCart(cart({ tax: EXCLUSIVE, lines: [line(prices, { quantity: 3, discount: { kind: 'AMOUNT', value: 450 } })] }));
    // net 30.00, tax 4.50, total 34.50
    expect(priced.lines[0]).toMatchObject({ line_discount: 450, net: 3000, tax: 450, total: 3450 });
    expect(priced).toMatchObject({ subtotal: 3450, discount_total: 450, tax: 450, total: 3450 });
  });

  it('is clamped to [0, gross]', () => {
    const tooMuch = priceCart(cart({ lines: [line(prices, { discount: { kind: 'AMOUNT', value: 999_999 } })] }));
    expect(tooMuch.lines[0]).toMatchObject({ line_discount: 1150, net: 0, tax: 0, total: 0 });
    const over100 = priceCart(cart({ lines: [line(prices, { discount: { kind: 'PERCENT', value: 15_000 } })] }));
    expect(over100.lines[0]).toMatchObject({ line_discount: 1150, net: 0 });
    const negative = priceCart(cart({ lines: [line(prices, { discount: { kind: 'AMOUNT', value: -500 } })] }));
    expect(negative.lines[0]).toMatchObject({ line_discount: 0, net: 1150 });
    const negativePercent = priceCart(cart({ lines: [line(prices, { discount: { kind: 'PERCENT', value: -1000 } })] }));
    expect(negativePercent.lines[0]).toMatchObject({ line_discount: 0, net: 1150 });
  });
});

describe('the order discount', () => {
  it('is shared in proportion to each line’s net by largest remainder', () => {
    // Nets 10.00 and 20.00; 1.00 off: exact shares 0.333… and 0.666…, floors 33 and 66, the leftover halala to the larger remainder.
    const priced = priceCart(
      cart({
        tax: EXCLUSIVE,
        lines: [line([methodPrice('CASH', '10.00')]), line([methodPrice('CASH', '20.00')])],
        discount: { kind: 'AMOUNT', value: 100 },
      }),
    );
    expect(priced.lines.map((l) => l.order_discount)).toEqual([33, 67]);
    expect(priced.lines.map((l) => l.net)).toEqual([967, 1933]);
    expect(priced.lines.map((l) => l.tax)).toEqual([145, 290]); // 1.4505 → 1.45; 2.8995 → 2.90
    expect(priced).toMatchObject({ subtotal: 3000, order_discount: 100, discount_total: 100, tax: 435, total: 3335 });
  });

  it('applies to the net after line discounts', () => {
    const priced = priceCart(
      cart({
        lines: [
          line([methodPrice('CASH', '10.00')], { discount: { kind: 'AMOUNT', value: 1000 } }), // a free item
          line([methodPrice('CASH', '20.00')]),
        ],
        discount: { kind: 'PERCENT', value: 1000 },
      }),
    );
    expect(priced.order_discount).toBe(200);
    expect(priced.lines.map((l) => l.order_discount)).toEqual([0, 200]); // the free line shares nothing
    expect(priced.lines.map((l) => l.discount)).toEqual([1000, 200]);
    expect(priced).toMatchObject({ subtotal: 3000, discount_total: 1200, total: 1800, tax: 235 }); // 18.00 × 15/115 = 2.3478…
  });

  it('is clamped to the net, so the total cannot go negative', () => {
    const priced = priceCart(
      cart({ tax: EXCLUSIVE, lines: [line([methodPrice('CASH', '5.00')], { quantity: 2 })], discount: { kind: 'AMOUNT', value: 5000 } }),
    );
    expect(priced).toMatchObject({ subtotal: 1000, order_discount: 1000, discount_total: 1000, tax: 0, total: 0 });
    const negative = priceCart(cart({ lines: [line([methodPrice('CASH', '5.00')])], discount: { kind: 'AMOUNT', value: -1 } }));
    expect(negative.order_discount).toBe(0);
  });

  it('splits ties by line order', () => {
    const three = [1, 2, 3].map(() => line([methodPrice('CASH', '1.00')]));
    const priced = priceCart(cart({ lines: three, discount: { kind: 'AMOUNT', value: 100 } }));
    expect(priced.lines.map((l) => l.order_discount)).toEqual([34, 33, 33]);
  });
});

describe('input checks', () => {
  it.each([0, -1, 1.5, Number.NaN])('refuses quantity %s, naming the line', (quantity) => {
    expect(() => priceCart(cart({ lines: [line([methodPrice('CASH', '1.00')], { quantity, id: 'tea' })] }))).toThrow(
      /line 1 \(product tea\): quantity .* must be a whole number of at least 1/,
    );
  });

  it('refuses an unknown order type, an empty method and a bad VAT rate', () => {
    expect(() => priceCart(cart({ orderType: 'DRIVE_THRU' as 'DINE_IN' }))).toThrow(/order type "DRIVE_THRU"/);
    expect(() => priceCart(cart({ methodKey: '' }))).toThrow(/payment method/);
    expect(() => priceCart(cart({ tax: { vatRate: -1, pricesIncludeTax: true } }))).toThrow(/VAT rate -1/);
    expect(() => priceCart(cart({ tax: { vatRate: 15.5, pricesIncludeTax: true } }))).toThrow(/VAT rate 15.5/);
  });

  it('passes the unpriceable product up', () => {
    expect(() => priceCart(cart({ lines: [line([], { id: 'ghost' })] }))).toThrow(UnpriceableProductError);
  });

  it('refuses a line whose gross leaves the safe-integer range', () => {
    expect(() => priceCart(cart({ lines: [line([methodPrice('CASH', '90071992547409.91')], { quantity: 2 })] }))).toThrow(/line 1 .*gross/);
  });
});

describe('branch tax', () => {
  it('defaults to 15% with prices including tax', () => {
    expect(DEFAULT_BRANCH_TAX).toEqual({ vatRate: 1500, pricesIncludeTax: true });
  });

  it('taxOf: inclusive takes the tax out, exclusive puts it on', () => {
    expect(taxOf(11500, INCLUSIVE)).toBe(1500);
    expect(taxOf(10000, EXCLUSIVE)).toBe(1500);
    expect(taxOf(23, INCLUSIVE)).toBe(3); // 23 × 15/115 = 3 exactly
    expect(taxOf(10, EXCLUSIVE)).toBe(2); // 1.5 → 2
    expect(taxOf(-10, EXCLUSIVE)).toBe(-2); // a refund mirrors the sale
  });
});

describe('wire formatting', () => {
  it('turns every amount into a two-place decimal string', () => {
    const priced = priceCart(cart({ lines: [line([methodPrice('CASH', '11.50')], { quantity: 3, discount: { kind: 'AMOUNT', value: 5 } })] }));
    expect(formatPricedCart(priced)).toEqual({
      lines: [
        {
          product_id: 'p1',
          quantity: 3,
          unit_price: '11.50',
          gross: '34.50',
          line_discount: '0.05',
          service_discount: '0.00',
          order_discount: '0.00',
          discount: '0.05',
          net: '34.45',
          tax: '4.49',
          total: '34.45',
        },
      ],
      subtotal: '34.50',
      order_discount: '0.00',
      discounts: [],
      service_discount: '0.00',
      discount_total: '0.05',
      tax: '4.49',
      total: '34.45',
      prices_include_tax: true,
      vat_rate: '15.00',
    });
  });
});
