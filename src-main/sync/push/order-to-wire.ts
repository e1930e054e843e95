import { formatMinor } from '../../../src-shared/money/index.ts';
import { PAY_LATER_METHOD_KEY } from '../../../src-shared/pricing/index.ts';
import { MAX_ORDERS_PER_SYNC, type Order, type OrderSyncRequest } from '../../../src-shared/wire/index.ts';
import type { OrderForUpload } from '../../orders/index.ts';

/**
 * An order as the upload contract carries it (docs/decisions.md, "The order upload
 * contract"): money as decimal strings with the currency's places (two,
 * or three for KWD: `decimals`; negative on a refund), times in epoch ms. What only this till needs (names, tendered cash, the
 * ZATCA QR, the price list) stays local.
 */
export function orderToWire(record: OrderForUpload, decimals = 2): Order {
  const where = `order ${record.uuid}`;
  const money = (minor: number, what: string) => amount(minor, what, decimals);
  return {
    uuid: record.uuid,
    market_id: record.market_id,
    branch_id: record.branch_id,
    number: record.number,
    type: record.type,
    table_id: record.table_id,
    customer_id: record.customer_id,
    created_at: record.created_at,
    items: record.lines.map((line) => ({
      product_id: line.product_id,
      quantity: line.quantity,
      unit_price: money(line.unit_price, `${where} line ${line.line_no} unit_price`),
      modifiers: line.modifiers.map((modifier) => ({ modifier_id: modifier.modifier_id })),
      notes: line.notes,
      // The item total is unit_price × quantity (the line's gross): the order's subtotal is their sum,
      // and discount_total and tax are given once for the order, since the contract has no per-line discount.
      total: money(line.gross, `${where} line ${line.line_no} gross`),
    })),
    subtotal: money(record.subtotal, `${where} subtotal`),
    discount_total: money(record.discount_total, `${where} discount_total`),
    tax: money(record.tax, `${where} tax`),
    total: money(record.total, `${where} total`),
    payments: paymentsByMethod(record).map((payment, index) => ({
      payment_method_key: payment.method_key,
      amount: money(payment.amount, `${where} payment ${index + 1}`),
    })),
    status: wireStatus(record),
    refund_of: record.refund_of,
    // Extra members (docs/decisions.md, "The order upload contract"): who sold it and in which shift; null on orders from before cashiers.
    cashier: record.cashier_name ?? null,
    shift_id: record.shift_id ?? null,
    ...(record.kind === 'REFUND' ? { refund_reason: record.refund_reason ?? null } : {}),
    // Extra member (issue 35): which of the service's discounts make up part of discount_total, by the service's id.
    ...(record.discounts && record.discounts.length > 0
      ? {
          discounts: record.discounts.map((d, index) => ({
            discount_id: d.discount_id,
            name_en: d.name_en,
            name_ar: d.name_ar,
            scope: d.scope,
            amount: money(d.amount, `${where} discount ${index + 1}`),
            code: d.code,
            // Coupons and rewards (issue 35): named with their source, so the service can judge an unverified one.
            source: d.source,
            verified: d.verified,
          })),
        }
      : {}),
  };
}

/**
 * The payments as the service should see them: one per method, in the
 * order first used. A payment that came after the order's body was read for
 * upload (it has a settlement_uuid) is left out: it goes as its own
 * settlement record, and the body stays what the service may already hold.
 * A payment settled before that joins the body: it is stored beside a
 * negative PAY_LATER row that clears the amount owed, and they net out
 * here, so the order uploads as simply paid by what paid it.
 */
function paymentsByMethod(record: OrderForUpload): { method_key: string; amount: number }[] {
  const carried = record.payments.filter((p) => !p.settlement_uuid);
  if (!carried.some((p) => p.paid_at)) return carried.map(({ method_key, amount }) => ({ method_key, amount }));
  const sums = new Map<string, number>();
  for (const p of carried) sums.set(p.method_key, (sums.get(p.method_key) ?? 0) + p.amount);
  return [...sums].filter(([, amount]) => amount !== 0).map(([method_key, amount]) => ({ method_key, amount }));
}

/**
 * The wire's PAID, UNPAID or REFUND. A refund is its own order (kind REFUND);
 * a sale refunded later is REFUNDED locally, but the service learns that
 * from the refund order, and a sale settled after its body was fixed learns
 * it from the settlement record: both go as what their body says.
 */
function wireStatus(record: OrderForUpload): string {
  if (record.kind === 'REFUND') return 'REFUND';
  if (record.status !== 'REFUNDED' && !record.payments.some((p) => p.settlement_uuid)) return record.status;
  return paymentsByMethod(record).some((p) => p.method_key === PAY_LATER_METHOD_KEY && p.amount > 0) ? 'UNPAID' : 'PAID';
}

/**
 * Request bodies for `records`, in the order given, at most
 * MAX_ORDERS_PER_SYNC orders each: what the uploader sends, without the
 * database (for benchmarks and tools that post batches directly).
 */
export function buildSyncBatches(records: readonly OrderForUpload[], decimals = 2): OrderSyncRequest[] {
  const batches: OrderSyncRequest[] = [];
  for (let start = 0; start < records.length; start += MAX_ORDERS_PER_SYNC) {
    batches.push({ orders: records.slice(start, start + MAX_ORDERS_PER_SYNC).map((record) => orderToWire(record, decimals)) });
  }
  return batches;
}

// formatMinor names only itself when an amount is corrupt; say which order and field.
function amount(minor: number, where: string, decimals: number): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`${where}: ${String(minor)} is not a whole number of minor units`);
  return formatMinor(minor, decimals);
}
