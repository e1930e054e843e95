import type { OrderDraft, OrderRecord, OrderUpload } from '../../src-shared/till/index.ts';
import { statement, type TillDatabase } from '../db/index.ts';

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
  return db.transaction((): OrderRecord => {
    const numbering = readOrderNumbering(db);
    const businessDay = businessDayOf(draft.created_at, numbering.cutoffHour);
    const { next } = statement(db, 'SELECT coalesce(max(day_sequence), 0) + 1 AS next FROM orders WHERE business_day = ?')
      .get(businessDay) as { next: number };
    const record: OrderRecord = { ...draft, business_day: businessDay, number: formatOrderNumber(numbering.tillCode, next) };
    const { lastInsertRowid } = statement(db, 
        `INSERT INTO orders (uuid, number, business_day, day_sequence, kind, refund_of, status, type, table_id, customer_id,
           market_id, branch_id, price_list, vat_rate, prices_include_tax, subtotal, discount_total, tax, total, tendered,
           change_due, order_discount, notes, zatca_qr, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        record.uuid, record.number, businessDay, next, record.kind, record.refund_of, record.status, record.type,
        record.table_id, record.customer_id, record.market_id, record.branch_id, record.price_list, record.vat_rate,
        record.prices_include_tax ? 1 : 0, record.subtotal, record.discount_total, record.tax, record.total,
        record.tendered, record.change_due, json(record.order_discount), record.notes, record.zatca_qr, record.created_at,
      );
    const line = statement(db, 
      `INSERT INTO order_lines (order_uuid, line_no, product_id, category_id, name_en, name_ar, quantity, unit_price, gross,
         discount, tax, total, line_discount, modifiers, notes) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    for (const l of record.lines) {
      line.run(
        record.uuid, l.line_no, l.product_id, l.category_id, l.name_en, l.name_ar, l.quantity, l.unit_price, l.gross,
        l.discount, l.tax, l.total, json(l.line_discount), JSON.stringify(l.modifiers), l.notes,
      );
    }
    const payment = statement(db, 'INSERT INTO order_payments (order_uuid, position, method_key, amount) VALUES (?, ?, ?, ?)');
    record.payments.forEach((p, index) => payment.run(record.uuid, index, p.method_key, p.amount));
    statement(db, "INSERT INTO outbox (order_uuid, state, enqueued_seq) VALUES (?, 'pending', ?)").run(record.uuid, lastInsertRowid);
    alsoWrite?.(record);
    return record;
  }).immediate();
}

function json(value: unknown): string | null {
  return value === null || value === undefined ? null : JSON.stringify(value);
}

interface OrderRow {
  uuid: string;
  number: string;
  business_day: string;
  kind: OrderRecord['kind'];
  refund_of: string | null;
  status: OrderRecord['status'];
  type: OrderRecord['type'];
  table_id: string | null;
  customer_id: string | null;
  market_id: string;
  branch_id: string;
  price_list: string;
  vat_rate: number;
  prices_include_tax: number;
  subtotal: number;
  discount_total: number;
  tax: number;
  total: number;
  tendered: number;
  change_due: number;
  order_discount: string | null;
  notes: string | null;
  zatca_qr: string | null;
  created_at: number;
}

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
}

/**
 * Whole orders in three queries whatever their number (the uploader reads
 * 50 at a time), in the order asked; uuids this till does not have are left out.
 */
export function readOrders(db: TillDatabase, uuids: readonly string[]): OrderRecord[] {
  if (uuids.length === 0) return [];
  const list = JSON.stringify(uuids);
  const rows = statement(db, 'SELECT * FROM orders WHERE uuid IN (SELECT value FROM json_each(?))').all(list) as OrderRow[];
  const lines = statement(db, 'SELECT * FROM order_lines WHERE order_uuid IN (SELECT value FROM json_each(?)) ORDER BY order_uuid, line_no').all(list) as (LineRow & { order_uuid: string })[];
  const payments = statement(db, 'SELECT order_uuid, method_key, amount FROM order_payments WHERE order_uuid IN (SELECT value FROM json_each(?)) ORDER BY order_uuid, position').all(list) as PaymentRow[];
  const linesOf = new Map<string, OrderRecord['lines']>();
  for (const { order_uuid, ...line } of lines) {
    const record = { ...line, line_discount: line.line_discount === null ? null : JSON.parse(line.line_discount), modifiers: JSON.parse(line.modifiers) };
    (linesOf.get(order_uuid) ?? linesOf.set(order_uuid, []).get(order_uuid)!).push(record);
  }
  const paymentsOf = new Map<string, OrderRecord['payments']>();
  for (const { order_uuid, method_key, amount } of payments) {
    (paymentsOf.get(order_uuid) ?? paymentsOf.set(order_uuid, []).get(order_uuid)!).push({ method_key, amount });
  }
  const byUuid = new Map(rows.map((row) => [row.uuid, row]));
  return uuids.flatMap((uuid) => {
    const row = byUuid.get(uuid);
    return row ? [orderRecord(row, linesOf.get(uuid) ?? [], paymentsOf.get(uuid) ?? [])] : [];
  });
}

function orderRecord(row: OrderRow, lines: OrderRecord['lines'], payments: OrderRecord['payments']): OrderRecord {
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
  };
}

export function readUpload(db: TillDatabase, uuid: string): OrderUpload | null {
  const row = statement(db, 'SELECT state, attempts, last_error, rejection, synced_at FROM outbox WHERE order_uuid = ?').get(uuid) as
    | (Omit<OrderUpload, 'rejection'> & { rejection: string | null })
    | undefined;
  return row ? { ...row, rejection: row.rejection === null ? null : JSON.parse(row.rejection) } : null;
}
