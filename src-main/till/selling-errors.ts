import { CashTenderError, PaymentMismatchError, PricingError } from '../../src-shared/pricing/index.ts';
import { TillError } from '../../src-shared/till/index.ts';
import { RefundLimitError } from './order-drafts.ts';

/**
 * The selling domain's errors as the till API's replies, by class: the UI
 * gets one kind of error with a code. Anything else is passed on as it is.
 */
export function sellingError(error: unknown): unknown {
  if (error instanceof RefundLimitError) return new TillError('over_refund', error.message);
  if (error instanceof PaymentMismatchError || error instanceof CashTenderError) return new TillError('payment_mismatch', error.message);
  if (error instanceof PricingError) return new TillError('cannot_price', error.message);
  if (error instanceof RangeError) return new TillError('invalid_input', error.message);
  return error;
}

/** Runs a pricing or settling step, replying with a TillError when it fails. */
export function priced<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    throw sellingError(error);
  }
}
