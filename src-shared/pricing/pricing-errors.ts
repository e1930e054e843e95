/**
 * The ways pricing and settling can refuse, as classes so the till can tell
 * them apart and show the cashier what to do.
 */
import { formatMinor, type Minor } from '../money/index.ts';
import { TillError, type TillErrorCode } from '../errors/index.ts';

/** A till API error from the start: the host passes it on as it is, and the UI words it by its code. */
export class PricingError extends TillError {
  constructor(message: string, code: TillErrorCode = 'cannot_price') {
    super(code, message);
    this.name = 'PricingError';
  }
}

/** The product has neither a price for the chosen method nor a CASH price. */
export class UnpriceableProductError extends PricingError {
  override name = 'UnpriceableProductError';
  constructor(
    readonly productId: string,
    readonly methodKey: string,
    reason: string,
  ) {
    super(`product ${productId} cannot be priced for payment method ${methodKey}: ${reason}; give it a CASH price in the catalog`);
  }
}

/** Payments do not add up to the order total; `difference` is paid − total (negative: missing). */
export class PaymentMismatchError extends PricingError {
  override name = 'PaymentMismatchError';
  readonly difference: Minor;
  constructor(
    readonly total: Minor,
    readonly paid: Minor,
  ) {
    const difference = paid - total;
    super(
      difference < 0
        ? `payments add up to ${formatMinor(paid)} but the total is ${formatMinor(total)}: ${formatMinor(-difference)} is missing; add a payment for it`
        : `payments add up to ${formatMinor(paid)} but the total is ${formatMinor(total)}: ${formatMinor(difference)} is over; lower a payment (cash handed over beyond its amount is tendered, not paid)`,
      'payment_mismatch',
    );
    this.difference = difference;
  }
}

/** Cash tendered that cannot cover the cash due, or tendered with no cash payment to give change from. */
export class CashTenderError extends PricingError {
  override name = 'CashTenderError';
  constructor(message: string) {
    super(message, 'payment_mismatch');
  }
}
