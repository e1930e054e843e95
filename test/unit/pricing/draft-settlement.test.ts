import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { draftSettlement, settlePayments } from '../../../src-shared/pricing/index.ts';

const method = fc.constantFrom('CASH', 'MADA', 'PAY_LATER', 'HUNGERSTATION');
const payments = fc.array(fc.record({ method_key: method, amount: fc.integer({ min: 1, max: 50_000 }) }), { maxLength: 4 });

describe('draftSettlement, what the payment screen shows', () => {
  it('is complete exactly when settlePayments accepts the payments, with the same change and cash due', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        payments,
        fc.option(fc.integer({ min: 0, max: 200_000 }), { nil: undefined }),
        (total, taken, tendered) => {
          const draft = draftSettlement(total, taken, tendered);
          const settled = (() => {
            try {
              return settlePayments(total, taken, tendered);
            } catch {
              return null;
            }
          })();
          const accepted = settled !== null && taken.length > 0;
          expect(draft.complete).toBe(accepted);
          if (settled && accepted) {
            expect(draft.change).toBe(settled.change);
            expect(draft.cash_due).toBe(settled.cash_due);
            expect(draft.pay_later).toBe(!settled.is_paid);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('says what is left, and gives no change for unreadable or short cash', () => {
    expect(draftSettlement(1000, [{ method_key: 'CASH', amount: 600 }])).toMatchObject({
      paid: 600,
      remaining: 400,
      cash_due: 600,
      change: 0,
      complete: false,
    });
    expect(draftSettlement(1000, [{ method_key: 'CASH', amount: 1000 }], 500)).toMatchObject({ change: null, complete: false });
    expect(draftSettlement(1000, [{ method_key: 'CASH', amount: 1000 }], null)).toMatchObject({ change: null, complete: false });
    expect(draftSettlement(1000, [{ method_key: 'CASH', amount: 1000 }], 2000)).toMatchObject({ change: 1000, complete: true });
    expect(draftSettlement(1000, [{ method_key: 'PAY_LATER', amount: 1000 }])).toMatchObject({ pay_later: true, complete: true });
  });
});
