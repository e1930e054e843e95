/**
 * The payment method keys pricing gives a meaning to (the spec names both):
 * CASH is the fallback price list and the only method that gives change;
 * PAY_LATER leaves its amount owed.
 */
export const CASH_METHOD_KEY = 'CASH';
export const PAY_LATER_METHOD_KEY = 'PAY_LATER';
