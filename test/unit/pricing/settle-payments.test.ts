import { describe, expect, it } from 'vitest';
import { CashTenderError, formatPayments, PaymentMismatchError, settlePayments } from '../../../src-shared/pricing/index.ts';

describe('settlePayments', () => {
  it('settles one exact payment', () => {
    expect(settlePayments(3450, [{ method_key: 'MADA', amount: 3450 }])).toEqual({
      total: 3450,
      payments: [{ method_key: 'MADA', amount: 3450 }],
      cash_due: 0,
      cash_tendered: 0,
      change: 0,
      unpaid: 0,
      is_paid: true,
    });
  });

  it('gives change only from cash tendered beyond the CASH amount', () => {
    const s = settlePayments(3450, [{ method_key: 'CASH', amount: 3450 }], 5000);
    expect(s).toMatchObject({ cash_due: 3450, cash_tendered: 5000, change: 1550, is_paid: true });
    expect(settlePayments(3450, [{ method_key: 'CASH', amount: 3450 }])).toMatchObject({ cash_tendered: 3450, change: 0 });
  });

  it('splits across methods', () => {
    const s = settlePayments(
      3450,
      [
        { method_key: 'CASH', amount: 2000 },
        { method_key: 'MADA', amount: 1450 },
      ],
      5000,
    );
    expect(s).toMatchObject({ cash_due: 2000, cash_tendered: 5000, change: 3000, is_paid: true });
    expect(formatPayments(s)).toEqual([
      { payment_method_key: 'CASH', amount: '20.00' },
      { payment_method_key: 'MADA', amount: '14.50' },
    ]);
  });

  it('says how much is missing', () => {
    let error: unknown;
    try {
      settlePayments(3450, [{ method_key: 'CASH', amount: 3000 }]);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(PaymentMismatchError);
    expect(error).toMatchObject({ total: 3450, paid: 3000, difference: -450 });
    expect((error as Error).message).toBe('payments add up to 30.00 but the total is 34.50: 4.50 is missing; add a payment for it');
  });

  it('says how much is over', () => {
    expect(() =>
      settlePayments(3450, [
        { method_key: 'CASH', amount: 3450 },
        { method_key: 'MADA', amount: 200 },
      ]),
    ).toThrow(/payments add up to 36.50 but the total is 34.50: 2.00 is over/);
    expect(() => settlePayments(0, [{ method_key: 'CASH', amount: 1 }])).toThrow(PaymentMismatchError);
    expect(() => settlePayments(1, [])).toThrow(/0.01 is missing/);
  });

  it('refuses tendered cash that is short, or with no cash payment', () => {
    expect(() => settlePayments(3450, [{ method_key: 'CASH', amount: 3450 }], 3000)).toThrow(CashTenderError);
    expect(() => settlePayments(3450, [{ method_key: 'CASH', amount: 3450 }], 3000)).toThrow(/ask for 4.50 more/);
    expect(() => settlePayments(3450, [{ method_key: 'MADA', amount: 3450 }], 5000)).toThrow(/no payment is CASH/);
  });

  it('leaves a PAY_LATER order unpaid for that amount', () => {
    expect(settlePayments(3450, [{ method_key: 'PAY_LATER', amount: 3450 }])).toMatchObject({ unpaid: 3450, is_paid: false, change: 0 });
    const mixed = settlePayments(
      3450,
      [
        { method_key: 'CASH', amount: 1000 },
        { method_key: 'PAY_LATER', amount: 2450 },
      ],
      2000,
    );
    expect(mixed).toMatchObject({ unpaid: 2450, is_paid: false, cash_due: 1000, change: 1000 });
  });

  it('settles a free order with no payments', () => {
    expect(settlePayments(0, [])).toMatchObject({ is_paid: true, change: 0, payments: [] });
  });

  it('refuses zero, negative or fractional amounts and a negative total', () => {
    expect(() => settlePayments(0, [{ method_key: 'CASH', amount: 0 }])).toThrow(/payment 1 \(CASH\): amount 0.00 must be above 0/);
    expect(() =>
      settlePayments(100, [
        { method_key: 'CASH', amount: 150 },
        { method_key: 'MADA', amount: -50 },
      ]),
    ).toThrow(/payment 2 \(MADA\)/);
    expect(() => settlePayments(100, [{ method_key: 'CASH', amount: 99.5 }])).toThrow(RangeError);
    expect(() => settlePayments(-100, [])).toThrow(/must not be negative/);
    expect(() => settlePayments(100, [{ method_key: '', amount: 100 }])).toThrow(/no payment method key/);
  });
});
