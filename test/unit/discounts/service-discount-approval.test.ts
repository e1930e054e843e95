import { describe, expect, it } from 'vitest';
import { orderFigures } from '../../../src-main/host/authorization/approved-discounts.ts';
import { wholeOrderOverLimit } from '../../../src-main/host/authorization/whole-order-discount.ts';

// Issue 35: a service discount within its own rules needs no manager; the
// cashier's limit (20% by default) counts only the discounts she types.

const line = (gross: number, discount: number) => ({
  line_id: 'l1',
  product_id: 'p1',
  name_en: 'Latte',
  name_ar: 'لاتيه',
  modifiers: [],
  notes: null,
  line_discount: null,
  quantity: 1,
  unit_price: gross,
  gross,
  discount,
  tax: 0,
  total: gross - discount,
});

describe("the cashier's discount limit and the service's discounts", () => {
  it('a 50% service discount alone is not over a 20% limit; the same as a typed one is', () => {
    const cart = { subtotal: 1000, discount_total: 500, lines: [line(1000, 500)], order_discount: null };
    expect(wholeOrderOverLimit({ ...cart, service_discount: 500 }, 2000)).toBe(false);
    expect(wholeOrderOverLimit(cart, 2000)).toBe(true);
  });

  it("a typed order discount is judged on what the service's discount left: 15% of 5.00 after 5.00 off", () => {
    const cart = {
      subtotal: 1000,
      discount_total: 575,
      lines: [line(1000, 575)],
      order_discount: { kind: 'PERCENT' as const, value: 1500 },
      service_discount: 500,
    };
    expect(orderFigures(cart)).toEqual({ amount: 75, base: 500 });
    expect(wholeOrderOverLimit(cart, 2000)).toBe(false);
    expect(wholeOrderOverLimit(cart, 1000)).toBe(true);
  });
});
