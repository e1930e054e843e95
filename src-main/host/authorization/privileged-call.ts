import { METHOD_PRIVILEGES, type CartView, type PrivilegedAction, type TillApi } from '../../../src-shared/till/index.ts';
import { wholeOrderDiscount, wholeOrderOverLimit, type ApprovedCartDiscount } from './whole-order-discount.ts';

export interface PrivilegedCall {
  privilege: PrivilegedAction;
  orderUuid: string | null;
  detail: string | null;
}

type Discount = { kind: 'PERCENT' | 'AMOUNT'; value: number } | null;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function asDiscount(value: unknown): Discount | undefined {
  if (value === null) return null;
  if (!isRecord(value) || (value.kind !== 'PERCENT' && value.kind !== 'AMOUNT') || typeof value.value !== 'number') return undefined;
  return { kind: value.kind, value: value.value };
}

/** Hundredths of a percent the discount takes off `base` (PERCENT values are already hundredths). */
function basisPoints(discount: NonNullable<Discount>, base: number): number {
  if (discount.kind === 'PERCENT') return discount.value;
  if (base <= 0) return discount.value > 0 ? 10_000 : 0;
  return Math.ceil((discount.value * 10_000) / base);
}

const percentText = (bp: number) => `${(bp / 100).toFixed(bp % 100 === 0 ? 0 : 2)}%`;

/**
 * Whether one call of a till API method needs approval, read from the one
 * table METHOD_PRIVILEGES. Discounts count only above the limit: the
 * discount the line (or order) would carry after the call, in percent of
 * what it applies to, including a quantity cut under an existing amount
 * discount. Input that cannot be read is left to the method's own validation
 * (which refuses it before anything changes). At checkout the whole
 * order's discount (lines and order together) is checked against the same
 * limit, unless a manager already approved that much for this cart.
 */
export async function privilegedCall(
  api: Pick<TillApi, 'cart'>,
  method: string,
  args: unknown[],
  limitPercent: number,
  approvedCart?: ApprovedCartDiscount,
): Promise<PrivilegedCall | null> {
  const privilege = METHOD_PRIVILEGES[method as keyof TillApi];
  if (!privilege) return null;
  const input = args[0];
  if (privilege === 'refund') return { privilege, orderUuid: isRecord(input) && typeof input.uuid === 'string' ? input.uuid : null, detail: null };
  if (privilege !== 'discount-over-limit') return { privilege, orderUuid: null, detail: null };
  if (!isRecord(input)) return null;
  const limit = Math.round(limitPercent * 100);
  const over = (discount: Discount | undefined, base: number, where: string): PrivilegedCall | null => {
    if (!discount) return null;
    const bp = basisPoints(discount, base);
    return bp > limit ? { privilege, orderUuid: null, detail: `${where} discount ${percentText(bp)} over the ${percentText(limit)} limit` } : null;
  };
  let cart: CartView;
  try {
    cart = await api.cart();
  } catch {
    return null; // no catalog yet: the method itself will refuse
  }
  if (method === 'checkout') {
    if (!wholeOrderOverLimit(cart, limit) || approvedCart?.covers(cart)) return null;
    const whole = percentText(wholeOrderDiscount(cart).basisPoints);
    return { privilege, orderUuid: null, detail: `whole-order discount ${whole} (lines and order together) over the ${percentText(limit)} limit` };
  }
  if (method === 'setOrderDiscount') {
    const lineDiscounts = cart.lines.reduce((sum, line) => sum + line.discount, 0);
    return over(asDiscount(input.discount), cart.subtotal - lineDiscounts, 'order');
  }
  const line = cart.lines.find((l) => l.line_id === input.line_id);
  if (!line) return null;
  const discount = 'discount' in input ? asDiscount(input.discount) : line.line_discount;
  const quantity = typeof input.quantity === 'number' && input.quantity > 0 ? input.quantity : line.quantity;
  const gross = line.quantity > 0 ? Math.round((line.gross / line.quantity) * quantity) : line.gross;
  return over(discount, gross, 'line');
}
