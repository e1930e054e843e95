import { describe, expect, it } from 'vitest';
import { ApprovedDiscounts } from '../../../src-main/host/authorization/approved-discounts.ts';
import { unapprovedOverLimit } from '../../../src-main/host/authorization/whole-order-discount.ts';
import type { AppliedDiscount } from '../../../src-shared/pricing/index.ts';
import type { CartView } from '../../../src-shared/selling/index.ts';

const coupon: AppliedDiscount = {
  source: 'coupon',
  code: 'HALF',
  discount_id: 'd1',
  name_en: 'HALF',
  name_ar: 'HALF',
  scope: 'ORDER',
  kind: 'PERCENT',
  value: 5000,
  automatic: false,
  verified: true,
  amount: 5000,
  line_amounts: [],
};

function cart(discountTotal: number, promotions?: AppliedDiscount[]): CartView {
  return {
    lines: [],
    order_type: 'TAKEAWAY',
    table_id: null,
    customer_id: null,
    price_list: 'CASH',
    order_discount: null,
    ...(promotions ? { discounts: promotions, service_discount: promotions.reduce((sum, p) => sum + p.amount, 0) } : {}),
    subtotal: 10_000,
    discount_total: discountTotal,
    tax: 0,
    total: 10_000 - discountTotal,
    vat_rate: 1500,
    prices_include_tax: true,
    quick_cash: [],
  };
}

// Issue 35: a service discount within its own rules (a verified coupon, a reward) needs no manager; the cashier's own still does.
describe('the discount limit at checkout', () => {
  it('does not count a coupon or reward as the cashier’s discount', () => {
    expect(unapprovedOverLimit(cart(5000, [coupon]), 2000, new ApprovedDiscounts())).toBe(false);
    expect(unapprovedOverLimit(cart(5000), 2000, new ApprovedDiscounts())).toBe(true);
    // The cashier's 30% beside the coupon is still over a 20% limit.
    expect(unapprovedOverLimit(cart(8000, [coupon]), 2000, new ApprovedDiscounts())).toBe(true);
  });
});
