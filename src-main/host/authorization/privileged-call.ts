import { METHOD_PRIVILEGES, type PrivilegedAction, type TillApi } from '../../../src-shared/api/index.ts';
import { type CartView } from '../../../src-shared/selling/index.ts';
import { PAY_LATER_METHOD_KEY } from '../../../src-shared/pricing/index.ts';
import { formatMinor, percentOf } from '../../../src-shared/money/index.ts';
import { orderFigures, type ApprovedDiscounts, type DiscountFigures } from './approved-discounts.ts';
import { unapprovedDiscount, unapprovedOverLimit } from './whole-order-discount.ts';

/** One approval a call needs before it runs. */
export interface PrivilegedCall {
  privilege: PrivilegedAction;
  orderUuid: string | null;
  detail: string | null;
}

/** A call no approval can let through (an unknown payment key, PAY_LATER owed by nobody): refused and audited. */
export interface RefusedCall {
  refused: true;
  code: 'needs_customer' | 'unknown_method';
  /** The audit's action name. */
  action: string;
  reason: string;
}

export type CallCheck = PrivilegedCall | RefusedCall;

/** What the checks read from the till's settings and from earlier approvals. */
export interface CallRules {
  limitPercent: number;
  /** Halalas a cashier may take out of the drawer without approval. */
  cashOutLimit: number;
  /** Clearing a counter cart (nothing of it sent or paid) needs a manager (`approvals.void_unsent`). */
  voidUnsent: boolean;
  approved: ApprovedDiscounts;
}

type Discount = { kind: 'PERCENT' | 'AMOUNT'; value: number } | null;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function asDiscount(value: unknown): Discount | undefined {
  if (value === null) return null;
  if (!isRecord(value) || (value.kind !== 'PERCENT' && value.kind !== 'AMOUNT') || typeof value.value !== 'number') return undefined;
  return { kind: value.kind, value: value.value };
}

/** What a discount would take off `base`, in halalas, rounded as pricing rounds it. */
function figuresOf(discount: NonNullable<Discount>, base: number): DiscountFigures {
  if (discount.kind === 'AMOUNT') return { amount: base > 0 ? Math.min(discount.value, base) : discount.value, base };
  return { amount: percentOf(Math.max(base, 0), discount.value), base };
}

/** Hundredths of a percent the discount takes off `base` (PERCENT values are already hundredths). */
function basisPoints(discount: NonNullable<Discount>, base: number): number {
  if (discount.kind === 'PERCENT') return discount.value;
  if (base <= 0) return discount.value > 0 ? 10_000 : 0;
  return Math.ceil((discount.value * 10_000) / base);
}

const percentText = (bp: number) => `${(bp / 100).toFixed(bp % 100 === 0 ? 0 : 2)}%`;

/** The payments of a checkout or settlement input, when they can be read (the method's own validation refuses the rest). */
function paymentsOf(input: unknown): { method_key: string; amount: number }[] {
  if (!isRecord(input) || !Array.isArray(input.payments)) return [];
  return input.payments.filter(
    (p): p is { method_key: string; amount: number } => isRecord(p) && typeof p.method_key === 'string' && typeof p.amount === 'number',
  );
}

async function unknownPaymentKeys(api: Pick<TillApi, 'paymentMethods'>, input: unknown): Promise<RefusedCall | null> {
  const keys = paymentsOf(input).map((p) => p.method_key);
  if (keys.length === 0) return null;
  const known = new Set((await api.paymentMethods()).map((method) => method.key));
  const unknown = [...new Set(keys.filter((key) => !known.has(key)))];
  if (unknown.length === 0) return null;
  return {
    refused: true,
    code: 'unknown_method',
    action: 'payment-method',
    reason: `payment method ${unknown.join(', ')} is not in this till's catalog; sync the catalog or pick one of its payment methods`,
  };
}

/**
 * What one call of a till API method needs before it runs, read from the
 * one table METHOD_PRIVILEGES and the call's figures:
 * - discounts only above the limit, and only beyond what a manager
 *   approved with its figures (ApprovedDiscounts); at checkout the whole
 *   order's unapproved discount is checked again;
 * - a cash out only above `cash.out_limit`;
 * - voiding the cart, or removing its last line, only where
 *   `approvals.void_unsent` says so (nothing of a counter cart was sent);
 * - a checkout on PAY_LATER names who owes it (a customer or a name) and
 *   is approved; every payment key of a checkout or settlement is one of
 *   the catalog's.
 * Input that cannot be read is left to the method's own validation (which
 * refuses it before anything changes).
 */
/** What the checks read of the till: the calling station's cart, the payment methods, and a tab (a line removed from it). */
export type CallApi = Pick<TillApi, 'cart' | 'paymentMethods'> & Partial<Pick<TillApi, 'tab'>>;

export async function privilegedCalls(api: CallApi, method: string, args: unknown[], rules: CallRules): Promise<CallCheck[]> {
  const input = args[0];
  if (method === 'settleOrder') {
    const unknown = await unknownPaymentKeys(api, input);
    return unknown ? [unknown] : [];
  }
  const privilege = METHOD_PRIVILEGES[method as keyof TillApi];
  if (!privilege) return [];
  if (privilege === 'refund') return [{ privilege, orderUuid: isRecord(input) && typeof input.uuid === 'string' ? input.uuid : null, detail: null }];
  if (privilege === 'cash-out') {
    if (!isRecord(input) || input.kind !== 'OUT' || typeof input.amount !== 'number' || input.amount <= rules.cashOutLimit) return [];
    return [{ privilege, orderUuid: null, detail: `cash out ${formatMinor(input.amount)} over the ${formatMinor(rules.cashOutLimit)} limit` }];
  }
  if (privilege === 'release-cashier') {
    // A plain sign-in needs nothing; only signing the cashier out of another station does.
    if (!isRecord(input) || input.release !== true) return [];
    const cashier = typeof input.cashier_id === 'string' ? input.cashier_id : '?';
    return [{ privilege, orderUuid: null, detail: `cashier ${cashier} signed out of the station where a screen keeps them signed in, and in here` }];
  }
  if (privilege === 'void-sent-line') {
    if (!isRecord(input) || typeof input.tab_id !== 'string' || typeof input.line_id !== 'string') return [];
    const line = await sentLineOrUnknown(api, input.tab_id, input.line_id);
    // A line not yet sent goes freely; one the kitchen has (or one that cannot be looked up: fail closed) needs approval.
    if (line === 'not-sent' || line === 'absent') return [];
    return [{ privilege, orderUuid: null, detail: `tab ${input.tab_id}: line ${input.line_id} is already with the kitchen` }];
  }
  // A counter cart is never sent to the kitchen before it is paid: clearing it loses nothing, and asks only where the branch says so.
  if (privilege === 'void-printed-cart' && !rules.voidUnsent) return [];
  if (method === 'removeItem') {
    const cart = await cartOrNull(api);
    if (!cart || !isRecord(input) || cart.lines.length !== 1 || cart.lines[0]!.line_id !== input.line_id) return [];
    return [{ privilege, orderUuid: null, detail: 'removing the last line empties the cart' }];
  }
  if (privilege !== 'discount-over-limit') return [{ privilege, orderUuid: null, detail: null }];
  if (!isRecord(input)) return [];
  const cart = await cartOrNull(api);
  if (!cart) return []; // no catalog yet: the method itself will refuse
  const limit = Math.round(rules.limitPercent * 100);
  if (method === 'checkout') return checkoutChecks(api, input, cart, limit, rules.approved);
  const over = (discount: Discount | undefined, base: number, where: string, covered: (figures: DiscountFigures) => boolean): CallCheck[] => {
    if (!discount) return [];
    const bp = basisPoints(discount, base);
    if (bp <= limit || covered(figuresOf(discount, base))) return [];
    return [{ privilege, orderUuid: null, detail: `${where} discount ${percentText(bp)} over the ${percentText(limit)} limit` }];
  };
  if (method === 'setOrderDiscount') {
    const base = orderFigures(cart).base;
    return over(asDiscount(input.discount), base, 'order', (figures) => rules.approved.coversOrder(cart, figures));
  }
  const line = cart.lines.find((l) => l.line_id === input.line_id);
  if (!line) return [];
  const discount = 'discount' in input ? asDiscount(input.discount) : line.line_discount;
  const quantity = typeof input.quantity === 'number' && input.quantity > 0 ? input.quantity : line.quantity;
  const gross = line.quantity > 0 ? Math.round((line.gross / line.quantity) * quantity) : line.gross;
  return over(discount, gross, 'line', (figures) => rules.approved.coversLine(line.line_id, figures));
}

async function sentLineOrUnknown(api: CallApi, tabId: string, lineId: string): Promise<'sent' | 'not-sent' | 'absent' | 'unknown'> {
  if (!api.tab) return 'unknown';
  try {
    const tab = await api.tab({ tab_id: tabId });
    const line = tab.lines.find((l) => l.line_id === lineId);
    if (!line) return 'absent'; // the method itself refuses it, changing nothing
    return line.sent_at === null ? 'not-sent' : 'sent';
  } catch {
    return 'absent';
  }
}

async function cartOrNull(api: Pick<TillApi, 'cart'>): Promise<CartView | null> {
  try {
    return await api.cart();
  } catch {
    return null;
  }
}

async function checkoutChecks(
  api: Pick<TillApi, 'paymentMethods'>,
  input: Record<string, unknown>,
  cart: CartView,
  limit: number,
  approved: ApprovedDiscounts,
): Promise<CallCheck[]> {
  const checks: CallCheck[] = [];
  const unknown = await unknownPaymentKeys(api, input);
  if (unknown) return [unknown];
  const payLater = paymentsOf(input)
    .filter((p) => p.method_key === PAY_LATER_METHOD_KEY)
    .reduce((sum, p) => sum + p.amount, 0);
  const name = typeof input.pay_later_name === 'string' ? input.pay_later_name.trim() : '';
  if (payLater > 0 && cart.customer_id === null && name === '') {
    return [{ refused: true, code: 'needs_customer', action: 'pay-later', reason: 'PAY_LATER needs who will pay: pick the customer, or type their name' }];
  }
  if (unapprovedOverLimit(cart, limit, approved)) {
    const { amount, base } = unapprovedDiscount(cart, approved);
    const share = base > 0 ? Math.ceil((amount * 10_000) / base) : 10_000;
    const what = amount === cart.discount_total ? 'whole-order discount' : 'whole-order discount not yet approved';
    checks.push({
      privilege: 'discount-over-limit',
      orderUuid: null,
      detail: `${what} ${percentText(share)} (lines and order together) over the ${percentText(limit)} limit`,
    });
  }
  if (payLater > 0) {
    const who = cart.customer_id !== null ? `customer ${cart.customer_id}` : `"${name}"`;
    checks.push({ privilege: 'pay-later', orderUuid: null, detail: `pay later ${formatMinor(payLater)} owed by ${who}` });
  }
  return checks;
}
