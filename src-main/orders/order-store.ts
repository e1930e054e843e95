import type { OrderDraft, OrderRecord, OrderUpload } from '../../src-shared/selling/index.ts';
import type { AppliedDiscount } from '../../src-shared/pricing/index.ts';
import { sql, type Selectable } from 'kysely';
import { jsonList, param, perConnection, prepared, q, type TillDatabase, type TillSchema } from '../db/index.ts';
import { cashierNames } from '../staff/index.ts';

import { businessDayOf, formatOrderNumber, readDayCutoffHour } from './order-numbering.ts';
import { seqOf } from './outbox-queries.ts';

// Checkout writes an order in the queries below, compiled once (db/query.ts
// prepared): they run for every sale, with the cashier waiting.

/** A new row of a table: every column but the generated ones, each bound by name. */
type NewRow<Table extends keyof TillSchema, Generated extends string = never> = Omit<Selectable<TillSchema[Table]>, Generated>;

/** The station's next number of the day (`IS`: an order made outside any station counts among the others without one). */
const NEXT_STATION_SEQUENCE = prepared<{ businessDay: string; station: string | null }>()(
  q
    .selectFrom('orders')
    .select((eb) => eb(eb.fn.coalesce(eb.fn.max('station_sequence'), sql.lit(0)), '+', sql.lit(1)).as('next'))
    .where('business_day', '=', param<string>('businessDay'))
    .where('station', 'is', param<string | null>('station')),
);

const INSERT_ORDER = prepared<NewRow<'orders', 'seq'>>()(
  q.insertInto('orders').values({
    uuid: param('uuid'),
    number: param('number'),
    business_day: param('business_day'),
    kind: param('kind'),
    refund_of: param('refund_of'),
    status: param('status'),
    type: param('type'),
    table_id: param('table_id'),
    customer_id: param('customer_id'),
    market_id: param('market_id'),
    branch_id: param('branch_id'),
    price_list: param('price_list'),
    vat_rate: param('vat_rate'),
    prices_include_tax: param('prices_include_tax'),
    subtotal: param('subtotal'),
    discount_total: param('discount_total'),
    tax: param('tax'),
    total: param('total'),
    tendered: param('tendered'),
    change_due: param('change_due'),
    order_discount: param('order_discount'),
    discounts: param('discounts'),
    notes: param('notes'),
    zatca_qr: param('zatca_qr'),
    created_at: param('created_at'),
    cashier_id: param('cashier_id'),
    shift_id: param('shift_id'),
    refund_reason: param('refund_reason'),
    refund_of_number: param('refund_of_number'),
    station: param('station'),
    station_sequence: param('station_sequence'),
  }),
);

const INSERT_LINE = prepared<NewRow<'order_lines'>>()(
  q.insertInto('order_lines').values({
    order_seq: param('order_seq'),
    order_uuid: param('order_uuid'),
    line_no: param('line_no'),
    product_id: param('product_id'),
    category_id: param('category_id'),
    name_en: param('name_en'),
    name_ar: param('name_ar'),
    quantity: param('quantity'),
    unit_price: param('unit_price'),
    gross: param('gross'),
    discount: param('discount'),
    tax: param('tax'),
    total: param('total'),
    line_discount: param('line_discount'),
    modifiers: param('modifiers'),
    notes: param('notes'),
    refunds_line: param('refunds_line'),
  }),
);

/** A payment row: at checkout paid_at and settlement_uuid are null (they mark a later payment, settleOrder). */
const INSERT_PAYMENT = prepared<NewRow<'order_payments'>>()(
  q.insertInto('order_payments').values({
    order_seq: param('order_seq'),
    order_uuid: param('order_uuid'),
    position: param('position'),
    method_key: param('method_key'),
    amount: param('amount'),
    shift_id: param('shift_id'),
    cashier_id: param('cashier_id'),
    paid_at: param('paid_at'),
    settlement_uuid: param('settlement_uuid'),
  }),
);

/** The outbox entry, queued in the order's own sequence (its rowid), which is also its key (migration 0031): one entry per order. */
const INSERT_OUTBOX = prepared<{ order_uuid: string; enqueued_seq: number | bigint }>()(
  q.insertInto('outbox').values({ order_uuid: param('order_uuid'), state: 'pending', enqueued_seq: param('enqueued_seq') }),
);

/**
 * Writes an order, its lines, its payments and its outbox entry in one
 * IMMEDIATE transaction (`synchronous=FULL` is set on the connection), and
 * gives it the next number of its station's business day. When this returns
 * the order is on disk (on the hub, whose connection commits in groups at
 * NORMAL, once the pair's barrier has synced the WAL: db/wal-durability.ts):
 * only then may the cashier hear "paid". The number is
 * the station's code and that station's sequence of the day (A-001, B-001),
 * fixed here once (order-numbering.ts); orders written before keep theirs.
 * The sequence is read and written under the IMMEDIATE transaction's write
 * lock, so checkouts at several stations at once (or the CLI beside the
 * host) can neither share a number nor leave a gap; the unique index of
 * migration 0013 would refuse a second one anyway. `alsoWrite` runs inside
 * the same transaction (print jobs, the refunded order's status), and so
 * does `stamp` (ZATCA phase 2: the signed document and its QR). A stamp's
 * `prepare` runs first, before the transaction (no lock held), on the order
 * numbered as it will be unless another writer numbers one first: the
 * costly signing happens there, and the stamp inside only checks that what
 * it signed still holds (zatca/checkout-stamp.ts).
 */
export function insertOrder(db: TillDatabase, draft: OrderDraft, alsoWrite?: (record: OrderRecord) => void, stamp?: OrderStamp): OrderRecord {
  if (stamp?.prepare) stamp.prepare(numbered(db, draft).record);
  return writeOrderOnce(db).immediate(draft, alsoWrite, stamp);
}

/** insertOrder's transaction, made once per connection: one made at every checkout was garbage in every sale. */
const writeOrderOnce = perConnection((db) =>
  db.transaction((draft: OrderDraft, alsoWrite?: (record: OrderRecord) => void, stamp?: OrderStamp): OrderRecord => {
    const { record, stationNext } = numbered(db, draft);
    const businessDay = record.business_day;
    const station = record.station ?? null;
    // Phase 2: the numbered order's signed document is written here, in this transaction; its QR replaces phase 1's.
    const qr = stamp?.(record);
    if (qr) record.zatca_qr = qr;
    const { lastInsertRowid } = INSERT_ORDER.run(db, {
      uuid: record.uuid,
      number: record.number,
      business_day: businessDay,
      kind: record.kind,
      refund_of: record.refund_of,
      status: record.status,
      type: record.type,
      table_id: record.table_id,
      customer_id: record.customer_id,
      market_id: record.market_id,
      branch_id: record.branch_id,
      price_list: record.price_list,
      vat_rate: record.vat_rate,
      prices_include_tax: record.prices_include_tax ? 1 : 0,
      subtotal: record.subtotal,
      discount_total: record.discount_total,
      tax: record.tax,
      total: record.total,
      tendered: record.tendered,
      change_due: record.change_due,
      order_discount: json(record.order_discount),
      discounts: record.discounts && record.discounts.length > 0 ? JSON.stringify(record.discounts) : null,
      notes: record.notes,
      zatca_qr: record.zatca_qr,
      created_at: record.created_at,
      cashier_id: record.cashier_id ?? null,
      shift_id: record.shift_id ?? null,
      refund_reason: record.refund_reason ?? null,
      refund_of_number: record.refund_of_number ?? null,
      station,
      station_sequence: stationNext,
    });
    // Keyed by the order's seq (migration 0032): appended at the right edge of each table, on the last sale's page.
    const orderSeq = Number(lastInsertRowid);
    for (const l of record.lines) {
      INSERT_LINE.run(db, {
        order_seq: orderSeq,
        order_uuid: record.uuid,
        line_no: l.line_no,
        product_id: l.product_id,
        category_id: l.category_id,
        name_en: l.name_en,
        name_ar: l.name_ar,
        quantity: l.quantity,
        unit_price: l.unit_price,
        gross: l.gross,
        discount: l.discount,
        tax: l.tax,
        total: l.total,
        line_discount: json(l.line_discount),
        modifiers: JSON.stringify(l.modifiers),
        notes: l.notes,
        refunds_line: l.refunds_line ?? null,
      });
    }
    record.payments.forEach((p, index) =>
      INSERT_PAYMENT.run(db, {
        order_seq: orderSeq,
        order_uuid: record.uuid,
        position: index,
        method_key: p.method_key,
        amount: p.amount,
        shift_id: record.shift_id ?? null,
        cashier_id: record.cashier_id ?? null,
        paid_at: null,
        settlement_uuid: null,
      }),
    );
    INSERT_OUTBOX.run(db, { order_uuid: record.uuid, enqueued_seq: lastInsertRowid });
    alsoWrite?.(record);
    return record;
  }),
);

/**
 * ZATCA phase 2's stamp at checkout: inside the order's transaction, it writes the order's signed document and
 * returns its QR (null: phase 1's). `prepare`, when there is one, is given the order as it is expected to be numbered
 * before the transaction begins.
 */
export type OrderStamp = ((record: OrderRecord) => string | null) & { prepare?: (expected: OrderRecord) => void };

/** The draft numbered: its business day and its station's next sequence of that day, as the database holds them now. */
function numbered(db: TillDatabase, draft: OrderDraft): { record: OrderRecord; stationNext: number } {
  const businessDay = businessDayOf(draft.created_at, readDayCutoffHour(db));
  const station = draft.station ?? null;
  const { next: stationNext } = NEXT_STATION_SEQUENCE.get(db, { businessDay, station })!;
  return { record: { ...draft, station, business_day: businessDay, number: formatOrderNumber(station, stationNext) }, stationNext };
}

function json(value: unknown): string | null {
  return value === null || value === undefined ? null : JSON.stringify(value);
}

/** The whole order, or null when this till has no order with that uuid. */
export function readOrder(db: TillDatabase, uuid: string): OrderRecord | null {
  return readOrders(db, [uuid])[0] ?? null;
}

// A whole order's reads (compiled once, like checkout's writes); `uuids` is a JSON list. The uploader reads only
// what it sends (order-upload-read.ts).

/** Rows of `orders`, their enums narrowed to what checkout writes. */
const ORDERS = prepared<{ uuids: string }>()(
  q.selectFrom('orders').selectAll().where('uuid', 'in', jsonList('uuids')).$narrowType<Pick<OrderRecord, 'kind' | 'status' | 'type'>>(),
);
type OrderRow = ReturnType<typeof ORDERS.all>[number];

/** The seqs of the orders with these uuids (a JSON list): an order's lines and payments are keyed by its seq (migration 0032). */
export function seqsOf(name: string) {
  return q.selectFrom('orders').select('seq').where('uuid', 'in', jsonList(name));
}

const LINES = prepared<{ uuids: string }>()(
  // In the table's key order (order_seq, line_no): no sort; readOrders groups them by order.
  q.selectFrom('order_lines').selectAll().where('order_seq', 'in', seqsOf('uuids')).orderBy('order_seq').orderBy('line_no'),
);

/** The payments of the orders with these uuids, in the table's key order (order_seq, position): readOrders and the upload's read. */
export const PAYMENTS_OF_ORDERS = prepared<{ uuids: string }>()(
  q
    .selectFrom('order_payments')
    .select(['order_uuid', 'method_key', 'amount', 'paid_at', 'shift_id', 'settlement_uuid'])
    .where('order_seq', 'in', seqsOf('uuids'))
    .orderBy('order_seq')
    .orderBy('position'),
);

/** PAYMENTS_OF_ORDERS's rows as each order's payments, by its uuid (a payment taken later carries when, and in which shift). */
export function paymentsByOrder(rows: readonly ReturnType<typeof PAYMENTS_OF_ORDERS.all>[number][]): Map<string, OrderRecord['payments']> {
  const paymentsOf = new Map<string, OrderRecord['payments']>();
  for (const { order_uuid, method_key, amount, paid_at, shift_id, settlement_uuid } of rows) {
    (paymentsOf.get(order_uuid) ?? paymentsOf.set(order_uuid, []).get(order_uuid)!).push({
      method_key,
      amount,
      ...(paid_at === null ? {} : { paid_at, shift_id }),
      ...(settlement_uuid === null ? {} : { settlement_uuid }),
    });
  }
  return paymentsOf;
}

/**
 * Whole orders in three queries whatever their number, in the order asked;
 * uuids this till does not have are left out.
 */
export function readOrders(db: TillDatabase, uuids: readonly string[]): OrderRecord[] {
  if (uuids.length === 0) return [];
  const list = { uuids: JSON.stringify(uuids) };
  const rows = ORDERS.all(db, list);
  const names = cashierNames(
    db,
    rows.map((row) => row.cashier_id),
  );
  const lines = LINES.all(db, list);
  const payments = PAYMENTS_OF_ORDERS.all(db, list);
  const linesOf = new Map<string, OrderRecord['lines']>();
  // order_seq is the table's key (migration 0032), not a field of the order's line.
  for (const { order_uuid, order_seq: _seq, ...line } of lines) {
    const record = {
      ...line,
      refunds_line: line.refunds_line ?? null,
      line_discount: line.line_discount === null ? null : JSON.parse(line.line_discount),
      modifiers: JSON.parse(line.modifiers),
    };
    (linesOf.get(order_uuid) ?? linesOf.set(order_uuid, []).get(order_uuid)!).push(record);
  }
  const paymentsOf = paymentsByOrder(payments);
  const byUuid = new Map(rows.map((row) => [row.uuid, row]));
  return uuids.flatMap((uuid) => {
    const row = byUuid.get(uuid);
    if (!row) return [];
    return [orderRecord(row, row.cashier_id === null ? null : (names.get(row.cashier_id) ?? null), linesOf.get(uuid) ?? [], paymentsOf.get(uuid) ?? [])];
  });
}

/** Discounts kept before coupons and rewards (issue 35) have no source or verified: the service's automatic or picked ones. */
export function storedDiscounts(text: string): AppliedDiscount[] {
  return (JSON.parse(text) as (Omit<AppliedDiscount, 'source' | 'verified'> & Partial<AppliedDiscount>)[]).map((d) => ({
    ...d,
    source: d.source ?? null,
    verified: d.verified ?? true,
  }));
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
    discounts: row.discounts === null ? [] : storedDiscounts(row.discounts),
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
    station: row.station,
  };
}

/** What readUpload finds for an order insertOrder has just written: queued, never tried. */
export const QUEUED_UPLOAD: Readonly<OrderUpload> = Object.freeze({ state: 'pending', attempts: 0, last_error: null, rejection: null, synced_at: null });

export function readUpload(db: TillDatabase, uuid: string): OrderUpload | null {
  const row = UPLOAD.get(db, { uuid });
  return row ? { ...row, rejection: row.rejection === null ? null : JSON.parse(row.rejection) } : null;
}

// readUpload and refundedSoFar answer every checkout (its order view), so they are compiled once too.

const UPLOAD = prepared<{ uuid: string }>()(
  q.selectFrom('outbox').select(['state', 'attempts', 'last_error', 'rejection', 'synced_at']).where('enqueued_seq', '=', seqOf('uuid')),
);

/** What earlier refunds already gave back of each sale line (positive amounts), by the sale's line_no. */
export interface RefundedLine {
  quantity: number;
  gross: number;
  discount: number;
  tax: number;
  total: number;
}

export function refundedSoFar(db: TillDatabase, saleUuid: string): { lines: Map<number, RefundedLine>; payments: Map<string, number> } {
  const lines = REFUNDED_LINES.all(db, { saleUuid });
  const payments = REFUNDED_PAYMENTS.all(db, { saleUuid });
  return {
    lines: new Map(lines.map(({ line_no, ...rest }) => [line_no, rest])),
    payments: new Map(payments.map((p) => [p.method_key, p.amount])),
  };
}

const REFUNDS_OF = prepared<{ saleUuid: string }>()(
  q.selectFrom('orders').select(['uuid', 'number', 'total']).where('refund_of', '=', param<string>('saleUuid')).where('kind', '=', 'REFUND').orderBy('seq'),
);

/** The credit notes (refund orders) written against a sale, oldest first. */
export function refundsOf(db: TillDatabase, saleUuid: string): { uuid: string; number: string; total: number }[] {
  return REFUNDS_OF.all(db, { saleUuid });
}

const REFUNDED_LINES = prepared<{ saleUuid: string }>()(
  q
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.seq', 'l.order_seq')
    .select((eb) => [
      eb.fn.coalesce('l.refunds_line', 'l.line_no').as('line_no'),
      eb.neg(eb.fn.sum<number>('l.quantity')).as('quantity'),
      eb.neg(eb.fn.sum<number>('l.gross')).as('gross'),
      eb.neg(eb.fn.sum<number>('l.discount')).as('discount'),
      eb.neg(eb.fn.sum<number>('l.tax')).as('tax'),
      eb.neg(eb.fn.sum<number>('l.total')).as('total'),
    ])
    .where('o.refund_of', '=', param<string>('saleUuid'))
    .where('o.kind', '=', 'REFUND')
    .groupBy((eb) => eb.fn.coalesce('l.refunds_line', 'l.line_no')),
);

const REFUNDED_PAYMENTS = prepared<{ saleUuid: string }>()(
  q
    .selectFrom('order_payments as p')
    .innerJoin('orders as o', 'o.seq', 'p.order_seq')
    .select((eb) => ['p.method_key', eb.neg(eb.fn.sum<number>('p.amount')).as('amount')])
    .where('o.refund_of', '=', param<string>('saleUuid'))
    .where('o.kind', '=', 'REFUND')
    .groupBy('p.method_key'),
);

const MARK_REFUNDED = prepared<{ uuid: string }>()(q.updateTable('orders').set({ status: 'REFUNDED' }).where('uuid', '=', param<string>('uuid')));

/** Marks a sale wholly refunded (all its lines given back); written in the refund's checkout. */
export function markRefunded(db: TillDatabase, uuid: string): void {
  MARK_REFUNDED.run(db, { uuid });
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
      const row = SALE_STATUS.get(db, { uuid: settlement.uuid });
      if (row?.status !== 'UNPAID') throw new Error(`order ${settlement.uuid} is not waiting for payment`);
      const upload = FROZEN_AT.get(db, { uuid: settlement.uuid });
      const route: SettlementRoute = upload && upload.frozen_at === null ? 'joins-order' : 'own-record';
      const carriedBy = route === 'own-record' ? settlement.settlementUuid : null;
      const { next } = NEXT_POSITION.get(db, { seq: row.seq })!;
      const rows = [...settlement.payments, { method_key: settlement.payLaterKey, amount: -settlement.owed }];
      rows.forEach((p, index) =>
        INSERT_PAYMENT.run(db, {
          order_seq: row.seq,
          order_uuid: settlement.uuid,
          position: next + index,
          method_key: p.method_key,
          amount: p.amount,
          shift_id: settlement.shiftId,
          cashier_id: settlement.cashierId,
          paid_at: settlement.paidAt,
          settlement_uuid: carriedBy,
        }),
      );
      MARK_PAID.run(db, { uuid: settlement.uuid, zatcaQr: settlement.zatcaQr });
      alsoWrite?.(route);
      return route;
    })
    .immediate();
}

// settleOrder's queries: a payment at the counter, compiled once like checkout's.

const SALE_STATUS = prepared<{ uuid: string }>()(
  q.selectFrom('orders').select(['seq', 'status']).where('uuid', '=', param<string>('uuid')).where('kind', '=', 'SALE'),
);

const FROZEN_AT = prepared<{ uuid: string }>()(q.selectFrom('outbox').select('frozen_at').where('enqueued_seq', '=', seqOf('uuid')));

const NEXT_POSITION = prepared<{ seq: number }>()(
  q
    .selectFrom('order_payments')
    .select((eb) => eb(eb.fn.coalesce(eb.fn.max('position'), sql.lit(-1)), '+', sql.lit(1)).as('next'))
    .where('order_seq', '=', param<number>('seq')),
);

const MARK_PAID = prepared<{ uuid: string; zatcaQr: string | null }>()(
  q
    .updateTable('orders')
    .set((eb) => ({ status: 'PAID', zatca_qr: eb.fn.coalesce('zatca_qr', param<string | null>('zatcaQr')) }))
    .where('uuid', '=', param<string>('uuid')),
);

const SET_ZATCA_QR = prepared<{ uuid: string; zatcaQr: string }>()(
  q
    .updateTable('orders')
    .set({ zatca_qr: param<string>('zatcaQr') })
    .where('uuid', '=', param<string>('uuid')),
);

/**
 * The receipt's QR once it is known after the checkout: a standard (B2B)
 * invoice's comes with ZATCA's cleared document, or the simplified invoice
 * issued instead brings its own.
 */
export function setZatcaQr(db: TillDatabase, uuid: string, zatcaQr: string): void {
  SET_ZATCA_QR.run(db, { uuid, zatcaQr });
}
