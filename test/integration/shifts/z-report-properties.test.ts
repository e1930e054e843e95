// Property test: whatever mix of sales, discounts, split and deferred
// payments, partial refunds, settlements and cash movements a shift sees,
// its Z report's totals equal the sums of what the till API returned for
// each operation (computed here independently of the report code).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OrderView } from '../../../src-shared/selling/index.ts';
import { TillError } from '../../../src-shared/errors/index.ts';
import { TillService } from '../../../src-main/host/index.ts';
import type { TillDatabase } from '../../../src-main/db/index.ts';
import { emulatedService, type EmulatedService } from '../../support/emulated-service.ts';

let service: EmulatedService;
let db: TillDatabase;
let till: TillService;
let products: { id: string; price: number }[];

beforeAll(async () => {
  service = await emulatedService({ seed: 5 });
  db = service.open('till.db');
  await service.pull(db);
  let now = Date.UTC(2026, 10, 23, 6, 0);
  till = new TillService({ db, now: () => (now += 1_000) });
  await till.addCashier({ name: 'Mona', role: 'manager', pin: '2468' });
  const categories = await till.categories();
  const { items } = await till.products({ category_id: categories[0]!.id, limit: 40 });
  products = items.filter((p): p is typeof p & { price: number } => p.price !== null && p.price > 0 && !p.requires_choice).slice(0, 8);
}, 60_000);
afterAll(async () => {
  await service.close();
});

type Op =
  | { kind: 'sale'; lines: { product: number; quantity: number; discount: number }[]; orderDiscount: number; pay: 'cash' | 'card' | 'split' | 'later' }
  | { kind: 'refund'; pick: number; line: number; quantity: number }
  | { kind: 'settle'; pick: number; card: boolean }
  | { kind: 'cash'; in: boolean; amount: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('sale' as const),
      lines: fc.array(fc.record({ product: fc.nat(7), quantity: fc.integer({ min: 1, max: 4 }), discount: fc.constantFrom(0, 0, 1000, 2500) }), {
        minLength: 1,
        maxLength: 3,
      }),
      orderDiscount: fc.constantFrom(0, 0, 0, 150),
      pay: fc.constantFrom('cash' as const, 'card' as const, 'split' as const, 'later' as const),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('refund' as const), pick: fc.nat(), line: fc.nat(), quantity: fc.integer({ min: 1, max: 3 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('settle' as const), pick: fc.nat(), card: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cash' as const), in: fc.boolean(), amount: fc.integer({ min: 1, max: 5_000 }) }) },
);

describe('the Z report', () => {
  it('equals the sums of the orders, refunds, settlements and cash movements, under any mix', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 50_000 }), fc.array(opArb, { minLength: 1, maxLength: 12 }), async (float, ops) => {
        await till.openShift({ float });
        const sales: OrderView[] = [];
        const all: OrderView[] = [];
        const byMethod = new Map<string, number>();
        const paid = (key: string, amount: number) => byMethod.set(key, (byMethod.get(key) ?? 0) + amount);
        let cashIn = 0;
        let cashOut = 0;
        for (const op of ops) {
          if (op.kind === 'sale') {
            await till.voidCart();
            let cart = await till.cart();
            for (const line of op.lines) {
              cart = await till.addItem({ product_id: products[line.product % products.length]!.id, quantity: line.quantity });
              if (line.discount) cart = await till.updateItem({ line_id: cart.lines.at(-1)!.line_id, discount: { kind: 'PERCENT', value: line.discount } });
            }
            if (op.orderDiscount && cart.total > op.orderDiscount)
              cart = await till.setOrderDiscount({ discount: { kind: 'AMOUNT', value: op.orderDiscount } });
            const total = cart.total;
            const payments =
              total === 0
                ? []
                : op.pay === 'cash'
                  ? [{ method_key: 'CASH', amount: total }]
                  : op.pay === 'card'
                    ? [{ method_key: 'MADA', amount: total }]
                    : op.pay === 'later'
                      ? [{ method_key: 'PAY_LATER', amount: total }]
                      : total < 2
                        ? [{ method_key: 'CASH', amount: total }]
                        : [
                            { method_key: 'CASH', amount: Math.floor(total / 2) },
                            { method_key: 'VISA', amount: total - Math.floor(total / 2) },
                          ];
            const order = await till.checkout({ payments });
            order.payments.forEach((p) => paid(p.method_key, p.amount));
            sales.push(order);
            all.push(order);
          } else if (op.kind === 'refund' && sales.length > 0) {
            const sale = sales[op.pick % sales.length]!;
            const line = sale.lines[op.line % sale.lines.length]!;
            try {
              const refund = await till.refund({ uuid: sale.uuid, lines: [{ line_no: line.line_no, quantity: op.quantity }], reason: 'test' });
              refund.payments.forEach((p) => paid(p.method_key, p.amount));
              all.push(refund);
            } catch (error) {
              if (!(error instanceof TillError) || !['over_refund', 'not_refundable'].includes(error.code)) throw error;
            }
          } else if (op.kind === 'settle') {
            const unpaid = sales.filter((s) => s.status === 'UNPAID');
            if (unpaid.length === 0) continue;
            const sale = await till.order({ uuid: unpaid[op.pick % unpaid.length]!.uuid });
            const owed = sale.payments.filter((p) => p.method_key === 'PAY_LATER').reduce((a, p) => a + p.amount, 0);
            if (sale.status !== 'UNPAID' || owed <= 0) continue;
            await till.settleOrder({ uuid: sale.uuid, payments: [{ method_key: op.card ? 'MADA' : 'CASH', amount: owed }] });
            paid(op.card ? 'MADA' : 'CASH', owed);
            paid('PAY_LATER', -owed);
            sales[sales.indexOf(unpaid[op.pick % unpaid.length]!)] = { ...sale, status: 'PAID' };
          } else if (op.kind === 'cash') {
            const x = await till.shiftReport({});
            if (!op.in && op.amount > x.cash_expected) continue;
            await till.cashMovement({ kind: op.in ? 'IN' : 'OUT', amount: op.amount, reason: 'property' });
            if (op.in) cashIn += op.amount;
            else cashOut += op.amount;
          }
        }
        const x = await till.shiftReport({});
        const z = await till.closeShift({ counted: x.cash_expected + 7 });
        const sum = (list: OrderView[], pick: (o: OrderView) => number) => list.reduce((a, o) => a + pick(o), 0);
        const saleOrders = all.filter((o) => o.kind === 'SALE');
        const refunds = all.filter((o) => o.kind === 'REFUND');
        expect(z.orders).toBe(saleOrders.length);
        expect(z.refund_count).toBe(refunds.length);
        expect(z.gross).toBe(sum(saleOrders, (o) => o.subtotal));
        expect(z.discounts).toBe(sum(saleOrders, (o) => o.discount_total));
        expect(z.refunds).toBe(-sum(refunds, (o) => o.total));
        expect(z.net).toBe(sum(all, (o) => o.total));
        expect(z.vat).toBe(sum(all, (o) => o.tax));
        const reported = Object.fromEntries(z.by_payment_method.map((m) => [m.key, m.amount]));
        expect(reported).toEqual(Object.fromEntries([...byMethod].filter(([key]) => key in reported || byMethod.get(key) !== 0)));
        expect(z.by_category.reduce((a, c) => a + c.amount, 0)).toBe(z.net);
        expect(z.by_cashier.reduce((a, c) => a + c.amount, 0)).toBe(z.net);
        expect(z.cash_expected).toBe(float + (byMethod.get('CASH') ?? 0) + cashIn - cashOut);
        expect(z.over_short).toBe(7);
        // A refund never gives back more than its sale: per sale, refunds ≤ the sale's total.
        for (const sale of saleOrders)
          expect(
            -sum(
              refunds.filter((r) => r.refund_of === sale.uuid),
              (r) => r.total,
            ),
          ).toBeLessThanOrEqual(sale.total);
      }),
      { numRuns: 25, seed: 20261123 },
    );
  }, 240_000);
});
