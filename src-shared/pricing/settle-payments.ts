/**
 * Settling an order's total with one or more payments.
 *
 * Rules:
 * - the payments' amounts are what each method pays towards the total, and
 *   must add up to it exactly (PaymentMismatchError says how much is missing
 *   or over);
 * - each amount is a whole number of halalas above 0;
 * - cash may be tendered with more than the CASH amounts; the difference is
 *   change. Change comes only from cash: tendering with no CASH payment, or
 *   less than the CASH amounts, is a CashTenderError;
 * - PAY_LATER is a method like any other, but the order stays unpaid for the
 *   PAY_LATER amount.
 */
import { assertMinor, formatMinor, sumMinor, type Minor } from '../money/index.ts';
import { CASH_METHOD_KEY, PAY_LATER_METHOD_KEY } from './method-keys.ts';
import { CashTenderError, PaymentMismatchError } from './pricing-errors.ts';
import { TillError } from '../errors/index.ts';

export interface PaymentInput {
  method_key: string;
  amount: Minor;
}

export interface Settlement {
  total: Minor;
  payments: PaymentInput[];
  /** Σ CASH amounts. */
  cash_due: Minor;
  /** What the customer handed over in cash (cash_due when not given). */
  cash_tendered: Minor;
  /** cash_tendered − cash_due, never negative. */
  change: Minor;
  /** Σ PAY_LATER amounts: still owed. */
  unpaid: Minor;
  /** False when any of the total is on PAY_LATER. */
  is_paid: boolean;
}

export function settlePayments(total: Minor, payments: readonly PaymentInput[], cashTendered?: Minor): Settlement {
  assertMinor(total, 'order total');
  if (total < 0) throw new RangeError(`order total ${formatMinor(total)} must not be negative`);
  payments.forEach((p, i) => {
    const where = `payment ${i + 1} (${p.method_key})`;
    if (typeof p.method_key !== 'string' || p.method_key === '') throw new TillError('invalid_input', `payment ${i + 1} has no payment method key`);
    assertMinor(p.amount, `${where} amount`);
    if (p.amount <= 0) throw new TillError('invalid_input', `${where}: amount ${formatMinor(p.amount)} must be above 0; remove the payment instead`);
  });
  const paid = sumMinor(
    payments.map((p) => p.amount),
    'payments',
  );
  if (paid !== total) throw new PaymentMismatchError(total, paid);

  const cashDue = cashDueOf(payments);
  let tendered = cashDue;
  if (cashTendered !== undefined) {
    assertMinor(cashTendered, 'cash tendered');
    if (!payments.some((p) => p.method_key === CASH_METHOD_KEY)) {
      throw new CashTenderError(`${formatMinor(cashTendered)} was tendered in cash but no payment is CASH; change is given only from cash`);
    }
    if (cashTendered < cashDue) {
      throw new CashTenderError(
        `cash tendered ${formatMinor(cashTendered)} is less than the cash due ${formatMinor(cashDue)}: ask for ${formatMinor(cashDue - cashTendered)} more or lower the CASH payment`,
      );
    }
    tendered = cashTendered;
  }
  const unpaid = unpaidOf(payments);
  return {
    total,
    payments: payments.map((p) => ({ method_key: p.method_key, amount: p.amount })),
    cash_due: cashDue,
    cash_tendered: tendered,
    change: tendered - cashDue,
    unpaid,
    is_paid: unpaid === 0,
  };
}

/** Σ CASH amounts: what the customer pays in cash, before change. */
export function cashDueOf(payments: readonly PaymentInput[]): Minor {
  return sumMinor(
    payments.filter((p) => p.method_key === CASH_METHOD_KEY).map((p) => p.amount),
    'cash due',
  );
}

/** Σ PAY_LATER amounts: what stays owed. */
export function unpaidOf(payments: readonly PaymentInput[]): Minor {
  return sumMinor(
    payments.filter((p) => p.method_key === PAY_LATER_METHOD_KEY).map((p) => p.amount),
    'pay later',
  );
}

/** A payment being taken, as the payment screen shows it: the same rules as settlePayments, without throwing. */
export interface SettlementDraft {
  paid: Minor;
  /** What is left to assign to a method (negative: over). */
  remaining: Minor;
  cash_due: Minor;
  /** Change from the cash tendered; null while the cash tendered is unreadable or short of the cash due. */
  change: Minor | null;
  /** Some of the total is on PAY_LATER: the order will stay unpaid. */
  pay_later: boolean;
  /** settlePayments would accept it: the payments add up and the cash covers its share. */
  complete: boolean;
}

/** `cashTendered`: undefined = exactly the cash due; null = typed but not an amount. */
export function draftSettlement(total: Minor, payments: readonly PaymentInput[], cashTendered?: Minor | null): SettlementDraft {
  const paid = sumMinor(
    payments.map((p) => p.amount),
    'payments',
  );
  const cashDue = cashDueOf(payments);
  const tendered = cashTendered === undefined ? cashDue : cashTendered;
  // As settlePayments: cash handed over with no CASH payment has nowhere to give change from.
  const paysCash = payments.some((p) => p.method_key === CASH_METHOD_KEY);
  const change = tendered !== null && tendered >= cashDue && (cashTendered === undefined || paysCash) ? tendered - cashDue : null;
  return {
    paid,
    remaining: total - paid,
    cash_due: cashDue,
    change,
    pay_later: unpaidOf(payments) > 0,
    // Change is null exactly when settlePayments refuses the cash: short, unreadable, or tendered with no CASH payment.
    complete: paid === total && payments.length > 0 && change !== null,
  };
}
