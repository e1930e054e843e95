import type { OrderDraft, OrderRecord, OrderUpload } from '../../src-shared/till/index.ts';
import type { Selectable } from 'kysely';
import { statement, type TillDatabase, type TillSchema } from '../db/index.ts';
import { cashierNames } from '../staff/index.ts';

import { businessDayOf, formatOrderNumber, readOrderNumbering } from './order-numbering.ts';

/**
 * Writes an order, its lines, its payments and its outbox entry in one
 * IMMEDIATE transaction (`synchronous=FULL` is set on the connection), and
 * gives it the next number of its business day. When this returns the order
 * is on disk: only then may the cashier hear "paid". The number is this
 * till's code and the day's sequence, fixed here once (order-numbering.ts);
 * orders written before keep theirs. `alsoWrite` runs inside
 * the same transaction (print jobs, the refunded order's status).
 */
export function insertOrder(db: TillDatabase, draft: OrderDraft, alsoWrite?: (record: OrderRecord) => void): OrderRecord {
  return db
    .transaction((): OrderRecord => {
      const numbering = readOrderNumbering(db);
      const businessDay = businessDayOf(draft.created_at, numbering.cutoffHour);
      const { next } = statement(db, 'SELECT coalesce(max(day_sequence), 0) + 1 AS next FROM orders WHERE business_day = ?').get(businessDay) as {
        next: number;
      };
      const record: OrderRecord = { ...draft, business_day: businessDay, number: formatOrderNumber(numbering.tillCode, next) };
      const { lastInsertRowid } = statement(
        db,
        `INSERT INTO orders (uuid, number, business_day, day_sequence, kind, refund_of, status, type, table_id, customer_id,
           market_id, branch_id, price_list, vat_rate, prices_include_tax, subtotal, discount_total, tax, total, tendered,
           change_due, order_discount, notes, zatca_qr, created_at, cashier_id, shift_id, refund_reason, refund_of_number)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        record.uuid,
        record.number,
        businessDay,
        next,
        record.kind,
        record.refund_of,
        record.status,
        record.type,
        record.table_id,
        record.customer_id,
        record.market_id,
        record.branch_id,
        record.price_list,
        record.vat_rate,
        record.prices_include_tax ? 1 : 0,
        record.subtotal,
        record.discount_total,
        record.tax,
        record.total,
        record.tendered,
        record.change_due,
        json(record.order_discount),
        record.notes,
        record.zatca_qr,
        record.created_at,
        record.cashier_id ?? null,
        record.shift_id ?? null,
        record.refund_reason ?? null,
        record.refund_of_number ?? null,
      );
      const line = statement(
        db,
        `INSERT INTO order_lines (order_uuid, line_no, product_id, category_id, name_en, name_ar, quantity, unit_price, gross,
         discount, tax, total, line_discount, modifiers, notes, refunds_line) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      );
      for (const l of record.lines) {
        line.run(
          record.uuid,
          l.line_no,
          l.product_id,
          l.category_id,
          l.name_en,
          l.name_ar,
          l.quantity,
          l.unit_price,
          l.gross,
          l.discount,
          l.tax,
          l.total,
          json(l.line_discount),
          JSON.stringify(l.modifiers),
          l.notes,
          l.refunds_line ?? null,
        );
      }
      const payment = statement(
        db,
        'INSERT INTO order_payments (order_uuid, position, method_key, amount, shift_id, cashier_id, paid_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      );
      record.payments.forEach((p, index) => payment.run(record.uuid, index, p.method_key, p.amount, record.shift_id ?? null, record.cashier_id ?? null, null));
      statement(db, "INSERT INTO outbox (order_uuid, state, enqueued_seq) VALUES (?, 'pending', ?)").run(record.uuid, lastInsertRowid);
      alsoWrite?.(record);
      return record;
    })
    .immediate();
}

function json(value: unknown): string | null {
  return value === null || value === undefined ? null : JSON.stringify(value);
}

/** A row of `orders` as SQLite returns it, its enums narrowed to what checkout writes. */
type OrderRow = Omit<Selectable<TillSchema['orders']>, 'kind' | 'status' | 'type'> & Pick<OrderRecord, 'kind' | 'status' | 'type'>;

interface LineRow extends Omit<OrderRecord['lines'][number], 'line_discount' | 'modifiers'> {
  line_discount: string | null;
  modifiers: string;
}

/** The whole order, or null when this till has no order with that uuid. */
export function readOrder(db: TillDatabase, uuid: string): OrderRecord | null {
  return readOrders(db, [uuid])[0] ?? null;
}

interface PaymentRow {
  order_uuid: string;
  method_key: string;
  amount: number;
  paid_at: number | null;
  shift_id: string | null;
  settlement_uuid: string | null;
}

/**
 * Whole orders in three queries whatever their number (the uploader reads
 * 50 at a time), in the order asked; uuids this till does not have are left out.
 */
export function readOrders(db: TillDatabase, uuids: readonly string[]): OrderRecord[] {
  if (uuids.length === 0) return [];
  const list = JSON.stringify(uuids);
  const rows = statement(db, 'SELECT * FROM orders WHERE uuid IN (SELECT value FROM json_each(?))').all(list) as OrderRow[];
  const names = cashierNames(
    db,
    rows.map((row) => row.cashier_id),
  );
  const lines = statement(db, 'SELECT * FROM order_lines WHERE order_uuid IN (SELECT value FROM json_each(?)) ORDER BY order_uuid, line_no').all(
    list,
  ) as (LineRow & { order_uuid: string })[];
  const payments = statement(
    db,
    'SELECT order_uuid, method_key, amount, paid_at, shift_id, settlement_uuid FROM order_payments WHERE order_uuid IN (SELECT value FROM json_each(?)) ORDER BY order_uuid, position',
  ).all(list) as PaymentRow[];
  const linesOf = new Map<string, OrderRecord['lines']>();
  for (const { order_uuid, ...line } of lines) {
    const record = {
      ...line,
      refunds_line: line.refunds_line ?? null,
      line_discount: line.line_discount === null ? null : JSON.parse(line.line_discount),
      modifiers: JSON.parse(line.modifiers),
    };
    (linesOf.get(order_uuid) ?? linesOf.set(order_uuid, []).get(order_uuid)!).push(record);
  }
  const paymentsOf = new Map<string, OrderRecord['payments']>();
  for (const { order_uuid, method_key, amount, paid_at, shift_id, settlement_uuid } of payments) {
    (paymentsOf.get(order_uuid) ?? paymentsOf.set(order_uuid, []).get(order_uuid)!).push({
      method_key,
      amount,
      ...(paid_at === null ? {} : { paid_at, shift_id }),
      ...(settlement_uuid === null ? {} : { settlement_uuid }),
    });
  }
  const byUuid = new Map(rows.map((row) => [row.uuid, row]));
  return uuids.flatMap((uuid) => {
    const row = byUuid.get(uuid);
    return row
      ? [orderRecord(row, row.cashier_id === null ? null : (names.get(row.cashier_id) ?? null), linesOf.get(uuid) ?? [], paymentsOf.get(uuid) ?? [])]
      : [];
  });
}

function orderRecord(row: OrderRow, cashierName: string | null, lines: OrderRecord['lines'], payments: OrderRecord['payments']): OrderRecord {
  return {
    uuid: row.uuid,
    number: row.number,
    business_day: row.business_day,
    kind: row.kind,
    refund_of: row.refund_of,
    status: row.status,
    type: row.type,
    table_id: row.table_id,
    customer_id: row.customer_id,
    market_id: row.market_id,
    branch_id: row.branch_id,
    price_list: row.price_list,
    vat_rate: row.vat_rate,
    prices_include_tax: row.prices_include_tax === 1,
    subtotal: row.subtotal,
    discount_total: row.discount_total,
    tax: row.tax,
    total: row.total,
    tendered: row.tendered,
    change_due: row.change_due,
    order_discount: row.order_discount === null ? null : JSON.parse(row.order_discount),
    notes: row.notes,
    zatca_qr: row.zatca_qr,
    created_at: row.created_at,
    lines,
    payments,
    cashier_id: row.cashier_id,
    cashier_name: cashierName,
    shift_id: row.shift_id,
    refund_reason: row.refund_reason,
    refund_of_number: row.refund_of_number,
  };
}

export function readUpload(db: TillDatabase, uuid: string): OrderUpload | null {
  const row = statement(db, 'SELECT state, attempts, last_error, rejection, synced_at FROM outbox WHERE order_uuid = ?').get(uuid) as
    (Omit<OrderUpload, 'rejection'> & { rejection: string | null }) | undefined;
  return row ? { ...row, rejection: row.rejection === null ? null : JSON.parse(row.rejection) } : null;
}

/** What earlier refunds already gave back of each sale line (positive amounts), by the sale's line_no. */
export interface RefundedLine {
  quantity: number;
  gross: number;
  discount: number;
  tax: number;
  total: number;
}

export function refundedSoFar(db: TillDatabase, saleUuid: string): { lines: Map<number, RefundedLine>; payments: Map<string, number> } {
  const lines = statement(
    db,
    `SELECT coalesce(l.refunds_line, l.line_no) AS line_no, -sum(l.quantity) AS quantity, -sum(l.gross) AS gross,
            -sum(l.discount) AS discount, -sum(l.tax) AS tax, -sum(l.total) AS total
     FROM order_lines l JOIN orders o ON o.uuid = l.order_uuid
     WHERE o.refund_of = ? AND o.kind = 'REFUND' GROUP BY 1`,
  ).all(saleUuid) as (RefundedLine & { line_no: number })[];
  const payments = statement(
    db,
    `SELECT p.method_key, -sum(p.amount) AS amount FROM order_payments p JOIN orders o ON o.uuid = p.order_uuid
     WHERE o.refund_of = ? AND o.kind = 'REFUND' GROUP BY 1`,
  ).all(saleUuid) as { method_key: string; amount: number }[];
  return {
    lines: new Map(lines.map(({ line_no, ...rest }) => [line_no, rest])),
    payments: new Map(payments.map((p) => [p.method_key, p.amount])),
  };
}

/** Marks a sale wholly refunded (all its lines given back). */
export function markRefunded(db: TillDatabase, uuid: string): void {
  statement(db, "UPDATE orders SET status = 'REFUNDED' WHERE uuid = ?").run(uuid);
}

export interface Settlement {
  uuid: string;
  payments: { method_key: string; amount: number }[];
  /** What was owed on PAY_LATER: cleared by a negative PAY_LATER row so every order's payments still add up to its total. */
  owed: number;
  payLaterKey: string;
  shiftId: string | null;
  cashierId: string | null;
  paidAt: number;
  zatcaQr: string | null;
  /** The uuid the payment travels under if the order's upload body is already fixed. */
  settlementUuid: string;
}

/** How a later payment reaches the service: inside its order's body (not read for upload yet), or as a settlement record of its own. */
export type SettlementRoute = 'joins-order' | 'own-record';

/**
 * Records a later payment of an UNPAID order in one transaction: the new
 * payment rows (with the shift and cashier that took them), the PAY_LATER
 * amount cleared, the order PAID. If the uploader has already read the
 * order's body (outbox.frozen_at, set in the same kind of transaction), the
 * rows are marked with `settlementUuid` and `alsoWrite` gets 'own-record':
 * the caller queues that record in this same transaction. Either way the
 * payment reaches the service exactly once, whatever the upload is doing.
 */
export function settleOrder(db: TillDatabase, settlement: Settlement, alsoWrite?: (route: SettlementRoute) => void): SettlementRoute {
  return db
    .transaction((): SettlementRoute => {
      const row = statement(db, "SELECT status FROM orders WHERE uuid = ? AND kind = 'SALE'").get(settlement.uuid) as { status: string } | undefined;
      if (row?.status !== 'UNPAID') throw new Error(`order ${settlement.uuid} is not waiting for payment`);
      const upload = statement(db, 'SELECT frozen_at FROM outbox WHERE order_uuid = ?').get(settlement.uuid) as { frozen_at: number | null } | undefined;
      const route: SettlementRoute = upload && upload.frozen_at === null ? 'joins-order' : 'own-record';
      const carriedBy = route === 'own-record' ? settlement.settlementUuid : null;
      const { next } = statement(db, 'SELECT coalesce(max(position), -1) + 1 AS next FROM order_payments WHERE order_uuid = ?').get(settlement.uuid) as {
        next: number;
      };
      const insert = statement(
        db,
        'INSERT INTO order_payments (order_uuid, position, method_key, amount, shift_id, cashier_id, paid_at, settlement_uuid) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      );
      const rows = [...settlement.payments, { method_key: settlement.payLaterKey, amount: -settlement.owed }];
      rows.forEach((p, index) =>
        insert.run(settlement.uuid, next + index, p.method_key, p.amount, settlement.shiftId, settlement.cashierId, settlement.paidAt, carriedBy),
      );
      statement(db, "UPDATE orders SET status = 'PAID', zatca_qr = coalesce(zatca_qr, ?) WHERE uuid = ?").run(settlement.zatcaQr, settlement.uuid);
      alsoWrite?.(route);
      return route;
    })
    .immediate();
}
