import { describe, expect, it, vi } from 'vitest';
import type { ServiceDiscount } from '../../../src-shared/catalog/index.ts';
import { applyDiscounts, priceCart, wallClock, whyNot, type CartInput, type RuleContext } from '../../../src-shared/pricing/index.ts';
import { normalizeDiscount } from '../../../src-shared/wire/discount.ts';
import { line, methodPrice } from '../pricing/price-fixtures.ts';

// Issue 35, item 1: the rule engine of the service's discounts, pure, with
// an injected clock and the branch's time zone; amounts in minor units.

function discount(partial: Partial<ServiceDiscount>): ServiceDiscount {
  return {
    id: 'd1',
    name_en: 'D',
    name_ar: 'خ',
    kind: 'PERCENT',
    value: 1000,
    max_amount: null,
    product_ids: [],
    category_ids: [],
    branch_ids: [],
    order_types: [],
    valid_from: null,
    valid_to: null,
    days: [],
    hours_from: null,
    hours_to: null,
    code: null,
    min_order: null,
    is_active: true,
    automatic: true,
    ...partial,
  };
}

// Thursday 2026-11-26 16:30 in Riyadh (UTC+3) = 13:30 UTC.
const THURSDAY_1630_RIYADH = Date.UTC(2026, 10, 26, 13, 30);
const context = (partial: Partial<RuleContext> = {}): RuleContext => ({
  now: THURSDAY_1630_RIYADH,
  timeZone: 'Asia/Riyadh',
  branchId: 'b1',
  orderType: 'TAKEAWAY',
  lines: [{ product_id: 'p1', category_id: 1, net: 2000 }],
  ...partial,
});

describe('the wall clock of the branch', () => {
  it('reads an instant in the branch time zone, whatever the machine is in', () => {
    expect(wallClock(THURSDAY_1630_RIYADH, 'Asia/Riyadh')).toEqual({ stamp: '2026-11-26 16:30:00', time: '16:30', weekday: 4 });
    expect(wallClock(THURSDAY_1630_RIYADH, 'UTC')).toEqual({ stamp: '2026-11-26 13:30:00', time: '13:30', weekday: 4 });
  });

  it('is read once for the discounts of one pricing (the same second), and anew for another second or zone', () => {
    const reads = vi.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts');
    try {
      const at = THURSDAY_1630_RIYADH + 5_000;
      for (let i = 0; i < 10; i++) expect(whyNot(discount({ id: `d${i}`, hours_from: '16:00', hours_to: '17:00' }), context({ now: at + i }))).toBeNull();
      expect(reads).toHaveBeenCalledTimes(1);
      expect(wallClock(at + 999, 'Asia/Riyadh').stamp).toBe('2026-11-26 16:30:05');
      expect(wallClock(at + 1_000, 'Asia/Riyadh').stamp).toBe('2026-11-26 16:30:06');
      expect(wallClock(at + 1_000, 'UTC').stamp).toBe('2026-11-26 13:30:06');
      expect(wallClock(at - 1, 'UTC').stamp).toBe('2026-11-26 13:30:04');
      expect(reads).toHaveBeenCalledTimes(4);
    } finally {
      reads.mockRestore();
    }
  });
});

describe('when a discount applies', () => {
  it('applies with no limits, and says why not otherwise, one reason at a time', () => {
    expect(whyNot(discount({}), context())).toBeNull();
    expect(whyNot(discount({ is_active: false }), context())).toBe('inactive');
    expect(whyNot(discount({ code: 'FLYER' }), context())).toBe('coupon');
    expect(whyNot(discount({ code: 'FLYER' }), context(), true)).toBeNull();
    expect(whyNot(discount({ branch_ids: ['b2'] }), context())).toBe('branch');
    expect(whyNot(discount({ order_types: ['DINE_IN'] }), context())).toBe('order_type');
    expect(whyNot(discount({ order_types: ['TAKEAWAY'] }), context())).toBeNull();
    expect(whyNot(discount({ min_order: 2001 }), context())).toBe('min_order');
    expect(whyNot(discount({ min_order: 2000 }), context())).toBeNull();
    expect(whyNot(discount({ product_ids: ['p9'] }), context())).toBe('no_items');
    expect(whyNot(discount({ category_ids: [1] }), context())).toBeNull();
  });

  it('holds dates as instants (epoch ms) or as the branch wall clock, inclusive', () => {
    expect(whyNot(discount({ valid_from: '2026-11-26 16:30:00' }), context())).toBeNull();
    expect(whyNot(discount({ valid_from: '2026-11-26 16:30:01' }), context())).toBe('not_yet');
    expect(whyNot(discount({ valid_to: '2026-11-26 16:29:59' }), context())).toBe('ended');
    expect(whyNot(discount({ valid_to: '2026-11-26 23:59:59' }), context())).toBeNull();
    expect(whyNot(discount({ valid_from: THURSDAY_1630_RIYADH + 1 }), context())).toBe('not_yet');
    expect(whyNot(discount({ valid_to: THURSDAY_1630_RIYADH - 1 }), context())).toBe('ended');
    // The same instant in UTC is 13:30: a 16:00 start has not come yet there.
    expect(whyNot(discount({ valid_from: '2026-11-26 16:00:00' }), context({ timeZone: 'UTC' }))).toBe('not_yet');
  });

  it('holds days and daily hours in the branch time zone; a window past midnight counts for the day it started', () => {
    expect(whyNot(discount({ days: [4] }), context())).toBeNull();
    expect(whyNot(discount({ days: [5, 6] }), context())).toBe('day');
    expect(whyNot(discount({ hours_from: '15:00', hours_to: '18:00' }), context())).toBeNull();
    expect(whyNot(discount({ hours_from: '16:31', hours_to: '18:00' }), context())).toBe('hours');
    expect(whyNot(discount({ hours_from: '15:00', hours_to: '16:30' }), context())).toBe('hours');
    // Friday 01:00 in Riyadh, under a Thursday 22:00–02:00 window.
    const friday0100 = Date.UTC(2026, 10, 26, 22, 0);
    expect(whyNot(discount({ days: [4], hours_from: '22:00', hours_to: '02:00' }), context({ now: friday0100 }))).toBeNull();
    expect(whyNot(discount({ days: [5], hours_from: '22:00', hours_to: '02:00' }), context({ now: friday0100 }))).toBe('day');
  });
});

describe('how much a discount takes', () => {
  const lines = [
    { product_id: 'p1', category_id: 1, net: 1000 },
    { product_id: 'p2', category_id: 2, net: 2001 },
  ];

  it('a percentage of the whole order, rounded once half away from zero, shared over the lines exactly', () => {
    const { applied, perLine } = applyDiscounts([discount({ value: 1250 })], lines);
    // 12.5% of 30.01 = 3.75125 → 3.75.
    expect(applied).toEqual([expect.objectContaining({ discount_id: 'd1', scope: 'ORDER', amount: 375 })]);
    expect(perLine.reduce((a, b) => a + b, 0)).toBe(375);
    expect(perLine).toEqual([125, 250]);
  });

  it('an amount once, a cap, and never more than what it applies to', () => {
    expect(applyDiscounts([discount({ kind: 'AMOUNT', value: 500 })], lines).applied[0]?.amount).toBe(500);
    expect(applyDiscounts([discount({ value: 5000, max_amount: 700 })], lines).applied[0]?.amount).toBe(700);
    expect(applyDiscounts([discount({ kind: 'AMOUNT', value: 99_999 })], lines).perLine).toEqual([1000, 2001]);
  });

  it('a product or category discount only on its lines; the one giving most first, a line takes one; then one whole-order discount', () => {
    const category = discount({ id: 'cat', category_ids: [2], value: 1000 });
    const product = discount({ id: 'prod', product_ids: ['p2'], kind: 'AMOUNT', value: 300 });
    const small = discount({ id: 'small', value: 500 });
    const big = discount({ id: 'big', value: 1000 });
    const { applied, perLine } = applyDiscounts([category, product, small, big], lines);
    // p2: 3.00 beats 10% of 20.01 (2.00); then 10% of what is left: 10.00 + 17.01 = 27.01 → 2.70.
    expect(applied.map((a) => [a.discount_id, a.amount])).toEqual([
      ['prod', 300],
      ['big', 270],
    ]);
    expect(perLine[0]! + perLine[1]!).toBe(570);
    expect(applied[0]?.line_amounts).toEqual([0, 300]);
  });
});

describe('priceCart with the service discounts', () => {
  const cart = (partial: Partial<CartInput>): CartInput => ({
    tax: { vatRate: 1500, pricesIncludeTax: true },
    methodKey: 'CASH',
    orderType: 'TAKEAWAY',
    lines: [line([methodPrice('CASH', '20.00')], { quantity: 1 })],
    ...partial,
  });
  const service = (discounts: ServiceDiscount[], picked: string[] = []) => ({
    discounts,
    picked,
    now: THURSDAY_1630_RIYADH,
    timeZone: 'Asia/Riyadh',
    branchId: 'b1',
  });

  it('applies automatic ones by their rules and manual ones only when picked; the total and tax follow', () => {
    const auto = discount({ id: 'auto', value: 1000 });
    const manual = discount({ id: 'manual', automatic: false, kind: 'AMOUNT', value: 500 });
    const alone = priceCart(cart({ service: service([auto, manual]) }));
    expect(alone.discounts.map((d) => d.discount_id)).toEqual(['auto']);
    expect(alone).toMatchObject({ subtotal: 2000, service_discount: 200, discount_total: 200, total: 1800, tax: 235 });
    expect(alone.lines[0]).toMatchObject({ service_discount: 200, discount: 200, net: 1800 });
    // Picked, the 5.00 gives more than the 10%: the one whole-order discount is the 5.00.
    const picked = priceCart(cart({ service: service([auto, manual], ['manual']) }));
    expect(picked.discounts.map((d) => [d.discount_id, d.amount])).toEqual([['manual', 500]]);
    expect(picked.total).toBe(1500);
  });

  it("a picked discount outside its rules gives nothing; the cashier's typed order discount comes after", () => {
    const later = discount({ id: 'later', automatic: false, hours_from: '20:00', hours_to: '23:00' });
    const priced = priceCart(cart({ service: service([later], ['later']), discount: { kind: 'PERCENT', value: 1000 } }));
    expect(priced.discounts).toEqual([]);
    expect(priced.order_discount).toBe(200);
  });
});

describe('reading a discount from the wire', () => {
  it('takes a percentage or an amount in any of the plausible shapes, and refuses what it cannot read', () => {
    expect(normalizeDiscount({ id: 'a', percentage: 12.5 })).toMatchObject({ kind: 'PERCENT', value: 1250, name_en: 'Discount a', automatic: false });
    expect(normalizeDiscount({ id: 'b', type: 'fixed', value: '7.5', max_amount: '0' })).toMatchObject({ kind: 'AMOUNT', value: 750, max_amount: null });
    expect(
      normalizeDiscount({ id: 'c', type: 'PERCENT', value: '10', product_ids: [{ id: 'p1' }], days: ['fri', 6], starts_at: '2026-12-01T00:00:00Z' }),
    ).toMatchObject({
      product_ids: ['p1'],
      days: [5, 6],
      valid_from: Date.UTC(2026, 11, 1),
    });
    expect(() => normalizeDiscount({ id: 'd', type: 'BOGO', value: '1' })).toThrow(/neither a percentage nor an amount/);
    expect(() => normalizeDiscount({ id: 'e', type: 'PERCENT', value: '150' })).toThrow(/above 100/);
    expect(() => normalizeDiscount({ id: 'f', amount: '5', applies_to: 'PRODUCTS' })).toThrow(/names none/);
    expect(() => normalizeDiscount({ id: 'g', amount: '5', start_time: '25:00' })).toThrow(/time of day/);
  });
});
