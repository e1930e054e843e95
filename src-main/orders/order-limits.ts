// The limits on one order (issue 32): how many lines, how many of one line,
// and how much in all. A screen, a paired tablet or a script that rings up
// 2,000 lines of 999 is refused at the line that crosses a limit, in words
// the cashier reads in either language, instead of slowing every counter.

import { TillError } from '../../src-shared/errors/index.ts';
import { formatMinor, parseDecimalRounded, type Minor } from '../../src-shared/money/index.ts';
import { currencyDecimals } from '../catalog/index.ts';
import type { TillDatabase } from '../db/index.ts';
import { settingsNow } from '../settings/index.ts';

export interface OrderLimits {
  /** Most lines in one cart or tab (`limits.cart_lines`). */
  lines: number;
  /** Largest quantity of one line (`limits.line_quantity`). */
  quantity: number;
  /** Largest order total, in the currency's minor units (`limits.order_total`). */
  total: Minor;
  /** The currency's places, to say the total limit back as money. */
  decimals: number;
}

/** The limits in effect: a stored value that fails its check counts as unset (the default), never as "no limit". */
export function orderLimits(db: TillDatabase): OrderLimits {
  const decimals = currencyDecimals(db);
  const settings = settingsNow(db);
  return {
    lines: settings.orDefault('limits.cart_lines'),
    quantity: settings.orDefault('limits.line_quantity'),
    // Set in the currency's major unit ("100000.00"); kept as integer minor units of its places (fils: ×1000).
    total: parseDecimalRounded(settings.orDefault('limits.order_total'), 'limits.order_total', decimals).minor,
    decimals,
  };
}

/** Refuses a cart or tab that would hold more than `limits.lines` lines. */
export function checkLineCount(count: number, limits: OrderLimits): void {
  if (count <= limits.lines) return;
  throw new TillError('invalid_input', `an order holds at most ${limits.lines} lines (limits.cart_lines): ring up a quantity on a line, or split the order`, {
    code: 'limits.cartLines',
    params: { max: limits.lines },
  });
}

/** Refuses a line of more than `limits.quantity`. */
export function checkQuantity(quantity: number, limits: OrderLimits): void {
  if (quantity <= limits.quantity) return;
  throw new TillError('invalid_input', `a line holds at most ${limits.quantity} (limits.line_quantity): ring up the rest as another order`, {
    code: 'limits.lineQuantity',
    params: { max: limits.quantity },
  });
}

/** Refuses an order whose total would pass `limits.total`. */
export function checkTotal(total: Minor, limits: OrderLimits): void {
  if (total <= limits.total) return;
  const max = formatMinor(limits.total, limits.decimals);
  throw new TillError('invalid_input', `an order's total is at most ${max} (limits.order_total): split the order`, {
    code: 'limits.orderTotal',
    params: { max },
  });
}
