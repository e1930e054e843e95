import { formatMinor, mulDivRound } from '../../src-shared/money/index.ts';
import { lineFigures, PAY_LATER_METHOD_KEY, type PricedCart, type Settlement } from '../../src-shared/pricing/index.ts';
import { type OrderDraft, type OrderRecord } from '../../src-shared/selling/index.ts';
import { TillError } from '../../src-shared/errors/index.ts';
import { encodeZatcaQr, formatZatcaTimestamp } from '../../src-shared/zatca/index.ts';
import { nodeBase64 } from '../zatca/index.ts';
import type { BranchProfile } from '../catalog/index.ts';
import { chosenModifiers, type Cart } from '../orders/index.ts';

export interface SaleInput {
  uuid: string;
  createdAt: number;
  cart: Cart;
  priced: PricedCart;
  settlement: Settlement;
  /** A sale is made in a known branch (the selling service refuses to sell without one). */
  profile: BranchProfile & { branchId: string };
  /**
   * The QR is left to the phase-2 stamp (null here): a signed sale's own replaces phase 1's, so phase 1's is made
   * only when the stamp signs nothing (saleQr, from the stamp's fallback).
   */
  qrAtStamp?: boolean;
}

/** Phase 1's QR of a sale: for a paid order of a seller with a VAT number (five tags), else null. */
export function saleQr(order: Pick<OrderDraft, 'status' | 'created_at' | 'total' | 'tax'>, profile: BranchProfile): string | null {
  return order.status === 'PAID' && profile.vatNumber
    ? encodeZatcaQr(
        {
          sellerName: profile.sellerName,
          vatNumber: profile.vatNumber,
          timestamp: formatZatcaTimestamp(order.created_at),
          total: formatMinor(order.total),
          vatTotal: formatMinor(order.tax),
        },
        nodeBase64,
      )
    : null;
}

/**
 * The order a paid cart becomes: the priced lines with the names and
 * modifiers as rung up, the payments, and the ZATCA QR for a paid order of a
 * seller with a VAT number.
 */
export function saleDraft({ uuid, createdAt, cart, priced, settlement, profile, qrAtStamp }: SaleInput): OrderDraft {
  const status = settlement.is_paid ? 'PAID' : 'UNPAID';
  return {
    uuid,
    kind: 'SALE',
    refund_of: null,
    status,
    type: cart.order_type,
    table_id: cart.table_id,
    customer_id: cart.customer_id,
    market_id: profile.marketId,
    branch_id: profile.branchId,
    price_list: cart.price_list,
    vat_rate: priced.vat_rate,
    prices_include_tax: priced.prices_include_tax,
    subtotal: priced.subtotal,
    discount_total: priced.discount_total,
    tax: priced.tax,
    total: priced.total,
    tendered: settlement.cash_tendered,
    change_due: settlement.change,
    order_discount: cart.order_discount,
    discounts: priced.discounts,
    notes: null,
    zatca_qr: qrAtStamp ? null : saleQr({ status, created_at: createdAt, total: priced.total, tax: priced.tax }, profile),
    created_at: createdAt,
    lines: cart.lines.map((line, index) => {
      const p = priced.lines[index]!;
      return {
        line_no: index + 1,
        product_id: line.product.id,
        category_id: line.product.category_id,
        name_en: line.product.name_en,
        name_ar: line.product.name_ar,
        ...lineFigures(p),
        line_discount: line.discount,
        modifiers: chosenModifiers(line).map((m) => ({ modifier_id: m.id, name_en: m.name_en, name_ar: m.name_ar, price: m.price })),
        notes: line.notes,
      };
    }),
    payments: settlement.payments,
  };
}

const negate = (n: number) => (n === 0 ? 0 : -n);

export interface RefundRequest {
  /** Sale line_no → quantity to give back; every line with all that is left when not given. */
  lines: Map<number, number> | null;
  reason: string;
  /** Every amount that goes back in money goes back by this method; null: by the methods the sale was paid with. */
  methodKey: string | null;
}

export interface RefundedSoFar {
  lines: ReadonlyMap<number, { quantity: number; gross: number; discount: number; tax: number; total: number }>;
  payments: ReadonlyMap<string, number>;
}

/** A share of `amount` for `part` of `whole` units; the last share is what is left, so shares add up exactly. */
function share(amount: number, already: number, part: number, left: number, whole: number): number {
  return part === left ? amount - already : mulDivRound(amount, part, whole);
}

/**
 * A refund of chosen lines and quantities, its own order with negative
 * amounts pointing at the sale. It never gives back more than is left: a
 * line's quantity is checked against earlier refunds, and the last unit of
 * a line takes exactly what is left of its amounts. Money goes back by the
 * methods the sale was paid with (PAY_LATER first: what is owed shrinks
 * before money leaves the drawer), each capped by what it still holds.
 */
export function refundDraft(
  original: OrderRecord,
  request: RefundRequest,
  soFar: RefundedSoFar,
  extra: { uuid: string; createdAt: number; profile: BranchProfile | null },
): OrderDraft {
  const lines = original.lines.flatMap((line) => {
    const done = soFar.lines.get(line.line_no) ?? { quantity: 0, gross: 0, discount: 0, tax: 0, total: 0 };
    const left = line.quantity - done.quantity;
    const wanted = request.lines === null ? left : (request.lines.get(line.line_no) ?? 0);
    if (wanted === 0) return [];
    if (wanted < 0 || wanted > left) {
      throw new RefundLimitError(`line ${line.line_no} (${line.name_en}): ${wanted} asked, ${left} of ${line.quantity} left to refund`);
    }
    const gross = share(line.gross, done.gross, wanted, left, line.quantity);
    const discount = share(line.discount, done.discount, wanted, left, line.quantity);
    const tax = share(line.tax, done.tax, wanted, left, line.quantity);
    const total = wanted === left ? line.total - done.total : gross - discount + (original.prices_include_tax ? 0 : tax);
    return [
      { ...line, refunds_line: line.line_no, quantity: -wanted, gross: negate(gross), discount: negate(discount), tax: negate(tax), total: negate(total) },
    ];
  });
  if (request.lines !== null) {
    for (const lineNo of request.lines.keys()) {
      if (!original.lines.some((l) => l.line_no === lineNo)) throw new RefundLimitError(`order ${original.number} has no line ${lineNo}`);
    }
  }
  if (lines.length === 0) throw new RefundLimitError(`nothing left to refund on order ${original.number}`);
  const sum = (pick: (l: (typeof lines)[number]) => number) => lines.reduce((acc, l) => acc + pick(l), 0);
  const total = -sum((l) => l.total);
  const tax = -sum((l) => l.tax);
  return {
    ...original,
    uuid: extra.uuid,
    kind: 'REFUND',
    refund_of: original.uuid,
    refund_of_number: original.number,
    refund_reason: request.reason,
    // The sale's discounts stay on the sale: the refund's lines carry their own share (line.discount), negative.
    discounts: [],
    status: 'PAID',
    subtotal: sum((l) => l.gross),
    discount_total: sum((l) => l.discount),
    tax: negate(tax),
    total: negate(total),
    tendered: 0,
    change_due: 0,
    // The credit note's own QR: the seller, its time and the amounts given back (ZATCA tags 1-5 carry no sign).
    zatca_qr: extra.profile?.vatNumber
      ? encodeZatcaQr({
          sellerName: extra.profile.sellerName,
          vatNumber: extra.profile.vatNumber,
          timestamp: formatZatcaTimestamp(extra.createdAt),
          total: formatMinor(total),
          vatTotal: formatMinor(tax),
        })
      : null,
    created_at: extra.createdAt,
    lines,
    payments: switchTender(refundPayments(original, total, soFar.payments), request.methodKey),
  };
}

/** What goes back in money goes back by one chosen method; what was owed (PAY_LATER) still only shrinks the debt. */
function switchTender(payments: OrderDraft['payments'], methodKey: string | null): OrderDraft['payments'] {
  if (methodKey === null) return payments;
  const owed = payments.filter((p) => p.method_key === PAY_LATER_METHOD_KEY);
  const money = payments.filter((p) => p.method_key !== PAY_LATER_METHOD_KEY).reduce((sum, p) => sum + p.amount, 0);
  return money === 0 ? owed : [...owed, { method_key: methodKey, amount: money }];
}

/** A refund of more than is left to refund on the order. */
export class RefundLimitError extends TillError {
  constructor(message: string) {
    super('over_refund', message);
    this.name = 'RefundLimitError';
  }
}

function refundPayments(original: OrderRecord, amount: number, refunded: ReadonlyMap<string, number>): OrderDraft['payments'] {
  const held = new Map<string, number>();
  for (const p of original.payments) held.set(p.method_key, (held.get(p.method_key) ?? 0) + p.amount);
  for (const [key, back] of refunded) held.set(key, (held.get(key) ?? 0) - back);
  const order = [...held.keys()].sort((a, b) => Number(b === PAY_LATER_METHOD_KEY) - Number(a === PAY_LATER_METHOD_KEY));
  const payments: OrderDraft['payments'] = [];
  let left = amount;
  for (const key of order) {
    const take = Math.min(left, Math.max(0, held.get(key) ?? 0));
    if (take > 0) payments.push({ method_key: key, amount: -take });
    left -= take;
  }
  if (left > 0) throw new RefundLimitError(`order ${original.number}: ${formatMinor(left)} more than was paid would be given back`);
  return payments;
}
