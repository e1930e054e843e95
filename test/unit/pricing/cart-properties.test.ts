// Property tests: for random carts, every amount is a whole number of halalas
// and lines, discounts, tax, totals and payments add up exactly.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Price } from '../../../src-shared/catalog/index.ts';
import { ONE_HUNDRED_PERCENT } from '../../../src-shared/money/index.ts';
import {
  allocateByLargestRemainder,
  ORDER_TYPES,
  PaymentMismatchError,
  priceCart,
  settlePayments,
  type CartInput,
  type CartLineInput,
  type ChosenModifier,
  type Discount,
  type PricedCart,
} from '../../../src-shared/pricing/index.ts';

const METHODS = ['CASH', 'MADA', 'VISA', 'HUNGERSTATION', 'JAHEZ', 'PAY_LATER'] as const;
let priceId = 0;

// Amounts in minor units, as the replica holds them and pricing takes them.
const money = (min: number, max: number) => fc.integer({ min, max });

const methodPriceArb = (productId: string, modifierId: string | null): fc.Arbitrary<Price> =>
  fc
    .oneof(
      fc.record({ key: fc.constantFrom(...METHODS), value: money(0, 200_000), type: fc.constant('NOMINAL' as const) }),
      fc.record({ key: fc.constantFrom(...METHODS.filter((m) => m !== 'CASH')), value: money(-5_000, 5_000), type: fc.constant('PERCENT' as const) }),
    )
    .map(({ key, value, type }) => ({
      id: `pr${++priceId}`,
      product_id: productId,
      modifier_id: modifierId,
      priceable_type: 'PAYMENT_METHOD' as const,
      priceable_id: key,
      value,
      value_type: type,
    }));

const orderTypePriceArb = (productId: string): fc.Arbitrary<Price> =>
  fc
    .record({
      type: fc.constantFrom(...ORDER_TYPES),
      nominal: fc.boolean(),
      nominalValue: money(-5_000, 5_000),
      percentValue: money(-5_000, 5_000),
    })
    .map(({ type, nominal, nominalValue, percentValue }) => ({
      id: `pr${++priceId}`,
      product_id: productId,
      modifier_id: null,
      priceable_type: 'ORDER_TYPE' as const,
      priceable_id: type,
      value: nominal ? nominalValue : percentValue,
      value_type: nominal ? ('NOMINAL' as const) : ('PERCENT' as const),
    }));

const discountArb: fc.Arbitrary<Discount | undefined> = fc.oneof(
  fc.constant(undefined),
  fc.integer({ min: -1_000, max: 12_000 }).map((value) => ({ kind: 'PERCENT' as const, value })),
  fc.integer({ min: -1_000, max: 500_000 }).map((value) => ({ kind: 'AMOUNT' as const, value })),
);

const modifierArb = (productId: string, index: number): fc.Arbitrary<ChosenModifier> => {
  const id = `${productId}-m${index}`;
  return fc
    .record({
      price: money(-500, 3_000),
      own: fc.array(methodPriceArb(productId, id), { maxLength: 2 }),
    })
    .map(({ price, own }) => ({ id, price, prices: own }));
};

const lineArb = (index: number): fc.Arbitrary<CartLineInput> => {
  const productId = `p${index}`;
  return fc
    .record({
      cash: money(0, 200_000),
      methodPrices: fc.array(methodPriceArb(productId, null), { maxLength: 3 }),
      orderTypePrices: fc.array(orderTypePriceArb(productId), { maxLength: 2 }),
      modifiers: fc.array(fc.nat(9), { maxLength: 3 }).chain((ids) => fc.tuple(...[...new Set(ids)].map((m) => modifierArb(productId, m)))),
      modifierPricesOnProduct: fc.array(
        fc.nat(9).chain((m) => methodPriceArb(productId, `${productId}-m${m}`)),
        { maxLength: 2 },
      ),
      quantity: fc.integer({ min: 1, max: 50 }),
      discount: discountArb,
    })
    .map((r) => {
      const cash: Price = {
        id: `pr${++priceId}`,
        product_id: productId,
        modifier_id: null,
        priceable_type: 'PAYMENT_METHOD',
        priceable_id: 'CASH',
        value: r.cash,
        value_type: 'NOMINAL',
      };
      // The CASH price sits at a random place among the others, so "first wins" is exercised too.
      const prices = [
        ...r.methodPrices.filter((p) => p.priceable_id !== 'CASH'),
        cash,
        ...r.methodPrices.filter((p) => p.priceable_id === 'CASH'),
        ...r.orderTypePrices,
        ...r.modifierPricesOnProduct,
      ];
      return {
        product: { id: productId, prices },
        modifiers: r.modifiers,
        quantity: r.quantity,
        ...(r.discount ? { discount: r.discount } : {}),
      };
    });
};

const cartArb: fc.Arbitrary<CartInput> = fc
  .record({
    lineCount: fc.integer({ min: 0, max: 12 }),
    vatRate: fc.oneof(fc.constant(1500), fc.integer({ min: 0, max: 3_000 })),
    pricesIncludeTax: fc.boolean(),
    methodKey: fc.constantFrom(...METHODS),
    orderType: fc.constantFrom(...ORDER_TYPES),
    discount: discountArb,
  })
  .chain((c) =>
    fc.tuple(...Array.from({ length: c.lineCount }, (_, i) => lineArb(i))).map((lines) => ({
      tax: { vatRate: c.vatRate, pricesIncludeTax: c.pricesIncludeTax },
      methodKey: c.methodKey,
      orderType: c.orderType,
      lines,
      ...(c.discount ? { discount: c.discount } : {}),
    })),
  );

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

function expectAddsUp(cart: CartInput, priced: PricedCart): void {
  const { lines } = priced;
  const amounts = [priced.subtotal, priced.order_discount, priced.discount_total, priced.tax, priced.total];
  for (const l of lines) amounts.push(l.unit_price, l.gross, l.line_discount, l.order_discount, l.discount, l.net, l.tax, l.total);
  for (const a of amounts) expect(Number.isSafeInteger(a), `${a} is a safe integer`).toBe(true);

  const rate = cart.tax.vatRate;
  lines.forEach((l, i) => {
    expect(l.quantity).toBe(cart.lines[i]?.quantity);
    expect(l.unit_price).toBeGreaterThanOrEqual(0);
    expect(l.gross).toBe(l.unit_price * l.quantity);
    expect(l.line_discount).toBeGreaterThanOrEqual(0);
    expect(l.line_discount).toBeLessThanOrEqual(l.gross);
    expect(l.order_discount).toBeGreaterThanOrEqual(0);
    expect(l.order_discount).toBeLessThanOrEqual(l.gross - l.line_discount);
    expect(l.discount).toBe(l.line_discount + l.order_discount);
    expect(l.net).toBe(l.gross - l.discount);
    expect(l.net).toBeGreaterThanOrEqual(0);
    expect(l.tax).toBeGreaterThanOrEqual(0);
    // The tax is the exact tax rounded once: within half a halala.
    const denominator = BigInt(cart.tax.pricesIncludeTax ? ONE_HUNDRED_PERCENT + rate : ONE_HUNDRED_PERCENT);
    const error = 2n * (BigInt(l.tax) * denominator - BigInt(l.net) * BigInt(rate));
    expect(error <= denominator && error >= -denominator).toBe(true);
    if (cart.tax.pricesIncludeTax) {
      expect(l.tax).toBeLessThanOrEqual(l.net);
      expect(l.total).toBe(l.net);
    } else {
      expect(l.total).toBe(l.net + l.tax);
    }
  });

  expect(priced.subtotal).toBe(sum(lines.map((l) => l.gross)));
  expect(sum(lines.map((l) => l.order_discount))).toBe(priced.order_discount);
  expect(priced.discount_total).toBe(sum(lines.map((l) => l.line_discount)) + priced.order_discount);
  expect(priced.discount_total).toBe(sum(lines.map((l) => l.discount)));
  expect(priced.tax).toBe(sum(lines.map((l) => l.tax)));
  expect(priced.total).toBe(sum(lines.map((l) => l.total)));
  expect(priced.total).toBe(priced.subtotal - priced.discount_total + (cart.tax.pricesIncludeTax ? 0 : priced.tax));
  expect(priced.total).toBeGreaterThanOrEqual(0);
  const netAfterLines = sum(lines.map((l) => l.gross - l.line_discount));
  expect(priced.order_discount).toBeLessThanOrEqual(netAfterLines);
  if (cart.discount?.kind === 'AMOUNT') expect(priced.order_discount).toBe(Math.min(Math.max(cart.discount.value, 0), netAfterLines));
  if (!cart.discount) expect(priced.order_discount).toBe(0);
}

describe('random carts add up exactly', () => {
  it('lines, discounts, tax and total', () => {
    fc.assert(
      fc.property(cartArb, (cart) => {
        expectAddsUp(cart, priceCart(cart));
      }),
      { numRuns: 1_000 },
    );
  });

  it('the priced cart settles with any split of its total, and refuses any other sum', () => {
    fc.assert(
      fc.property(
        cartArb,
        fc.array(fc.record({ method: fc.constantFrom(...METHODS), weight: fc.integer({ min: 1, max: 1_000 }) }), { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 1, max: 10_000 }),
        (cart, split, extraCash, off) => {
          const { total } = priceCart(cart);
          const amounts = allocateByLargestRemainder(
            total,
            split.map((s) => s.weight),
          );
          const payments = split.map((s, i) => ({ method_key: s.method, amount: amounts[i] ?? 0 })).filter((p) => p.amount > 0);
          const hasCash = payments.some((p) => p.method_key === 'CASH');
          const cashDue = sum(payments.filter((p) => p.method_key === 'CASH').map((p) => p.amount));
          const settled = hasCash ? settlePayments(total, payments, cashDue + extraCash) : settlePayments(total, payments);
          expect(sum(settled.payments.map((p) => p.amount))).toBe(total);
          expect(settled.cash_due).toBe(cashDue);
          expect(settled.change).toBe(hasCash ? extraCash : 0);
          expect(settled.change).toBeGreaterThanOrEqual(0);
          expect(settled.cash_tendered - settled.change).toBe(cashDue);
          const payLater = sum(payments.filter((p) => p.method_key === 'PAY_LATER').map((p) => p.amount));
          expect(settled.unpaid).toBe(payLater);
          expect(settled.is_paid).toBe(payLater === 0);
          for (const a of [settled.cash_due, settled.cash_tendered, settled.change, settled.unpaid]) expect(Number.isSafeInteger(a)).toBe(true);

          const over = [...payments, { method_key: 'MADA', amount: off }];
          expect(() => settlePayments(total, over)).toThrow(PaymentMismatchError);
          try {
            settlePayments(total, over);
          } catch (e) {
            expect((e as PaymentMismatchError).difference).toBe(off);
          }
          if (total > 0) {
            try {
              settlePayments(total, []);
              expect.unreachable('an unpaid total must not settle');
            } catch (e) {
              expect((e as PaymentMismatchError).difference).toBe(-total);
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('large prices and quantities stay exact', () => {
    const big = fc.integer({ min: 0, max: 10_000_000_000 }); // up to 100 million SAR a unit, in halalas
    fc.assert(
      fc.property(
        fc.array(fc.tuple(big, fc.integer({ min: 1, max: 50 })), { minLength: 1, maxLength: 5 }),
        fc.boolean(),
        discountArb,
        (items, inclusive, discount) => {
          const cart: CartInput = {
            tax: { vatRate: 1500, pricesIncludeTax: inclusive },
            methodKey: 'CASH',
            orderType: 'DINE_IN',
            lines: items.map(([value, quantity], i) => ({
              product: {
                id: `big${i}`,
                prices: [
                  {
                    id: `b${i}`,
                    product_id: `big${i}`,
                    modifier_id: null,
                    priceable_type: 'PAYMENT_METHOD',
                    priceable_id: 'CASH',
                    value,
                    value_type: 'NOMINAL',
                  },
                ],
              },
              modifiers: [],
              quantity,
            })),
            ...(discount ? { discount } : {}),
          };
          expectAddsUp(cart, priceCart(cart));
        },
      ),
      { numRuns: 300 },
    );
  });
});
