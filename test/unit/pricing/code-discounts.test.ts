import { describe, expect, it } from 'vitest';
import { priceCart, type CartInput, type CodeDiscount } from '../../../src-shared/pricing/index.ts';
import { line, methodPrice } from './price-fixtures.ts';

// Issue 35: a coupon or reward is one of the service's discounts, given after its automatic and picked ones and
// before the cashier's order discount, shared across the lines like them, and listed with them.

const coupon = (partial: Partial<CodeDiscount>): CodeDiscount => ({
  source: 'coupon',
  code: 'HALF',
  discount_id: 'd1',
  name_en: null,
  name_ar: null,
  kind: 'PERCENT',
  value: 5000,
  max_amount: null,
  verified: true,
  ...partial,
});

function cart(partial: Partial<CartInput>): CartInput {
  return {
    tax: { vatRate: 1500, pricesIncludeTax: true },
    methodKey: 'CASH',
    orderType: 'DINE_IN',
    lines: [line([methodPrice('CASH', '30.00')], { quantity: 1 }), line([methodPrice('CASH', '10.00')], { quantity: 1 })],
    ...partial,
  };
}

describe('coupons and rewards in pricing', () => {
  it('a 50% coupon, then a 5.00 reward on what is left, then the cashier’s 10% on what they left', () => {
    const priced = priceCart(
      cart({
        codes: [coupon({}), coupon({ source: 'reward', code: 'APP-5', discount_id: null, kind: 'AMOUNT', value: 500, name_en: 'App reward' })],
        discount: { kind: 'PERCENT', value: 1000 },
      }),
    );
    expect(priced.discounts.map((d) => [d.source, d.code, d.name_en, d.amount, d.line_amounts, d.verified])).toEqual([
      ['coupon', 'HALF', 'HALF', 2000, [1500, 500], true],
      ['reward', 'APP-5', 'App reward', 500, [375, 125], true],
    ]);
    expect(priced.service_discount).toBe(2500);
    // The cashier's 10% is of the 15.00 the service's left.
    expect(priced.order_discount).toBe(150);
    expect(priced.discount_total).toBe(2650);
    expect(priced.total).toBe(4000 - 2650);
    expect(priced.lines.map((l) => l.service_discount)).toEqual([1875, 625]);
  });

  it('a cap holds, and an amount never takes more than is left', () => {
    const capped = priceCart(cart({ codes: [coupon({ max_amount: 700 })] }));
    expect(capped.discounts[0]!.amount).toBe(700);
    const over = priceCart(cart({ codes: [coupon({ kind: 'AMOUNT', value: 10_000, verified: false })] }));
    expect(over.discounts[0]).toMatchObject({ amount: 4000, verified: false, scope: 'ORDER' });
    expect(over.total).toBe(0);
  });
});
