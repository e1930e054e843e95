import type { OrderLineModifierRecord, OrderLineRecord, OrderRecord } from '../../src-shared/selling/index.ts';
import { jsonList, prepared, q, type TillDatabase } from '../db/index.ts';
import { cashierNames } from '../staff/index.ts';
import { PAYMENTS_OF_ORDERS, paymentsByOrder, seqsOf, storedDiscounts } from './order-store.ts';

/** What the upload carries of a sold line (sync/push/order-to-wire.ts). */
export type OrderLineForUpload = Pick<OrderLineRecord, 'line_no' | 'product_id' | 'quantity' | 'unit_price' | 'gross' | 'notes'> & {
  modifiers: Pick<OrderLineModifierRecord, 'modifier_id'>[];
};

/** What the upload carries of an order (sync/push/order-to-wire.ts); a whole OrderRecord is one too. */
export type OrderForUpload = Pick<
  OrderRecord,
  | 'uuid'
  | 'number'
  | 'kind'
  | 'refund_of'
  | 'status'
  | 'type'
  | 'table_id'
  | 'customer_id'
  | 'market_id'
  | 'branch_id'
  | 'subtotal'
  | 'discount_total'
  | 'tax'
  | 'total'
  | 'discounts'
  | 'created_at'
  | 'payments'
  | 'cashier_name'
  | 'shift_id'
  | 'refund_reason'
> & { lines: OrderLineForUpload[] };

// The uploader reads every batch with these (compiled once), and only the columns the upload carries: an order's
// whole row and lines (names in two languages, the ZATCA QR, the line's own figures) cost as much again to read
// and to make into objects, for nothing the service is sent. The records are built field by field: an object
// spread or rest of a row's twenty columns cost more than its read (V8 copies them one by one through the
// runtime). `uuids` is a JSON list.

const ORDERS = prepared<{ uuids: string }>()(
  q
    .selectFrom('orders')
    .select([
      'uuid',
      'number',
      'kind',
      'refund_of',
      'status',
      'type',
      'table_id',
      'customer_id',
      'market_id',
      'branch_id',
      'subtotal',
      'discount_total',
      'tax',
      'total',
      'discounts',
      'created_at',
      'cashier_id',
      'shift_id',
      'refund_reason',
    ])
    .where('uuid', 'in', jsonList('uuids'))
    .$narrowType<Pick<OrderRecord, 'kind' | 'status' | 'type'>>(),
);

const LINES = prepared<{ uuids: string }>()(
  // In the table's key order (order_seq, line_no): no sort.
  q
    .selectFrom('order_lines')
    .select(['order_uuid', 'line_no', 'product_id', 'quantity', 'unit_price', 'gross', 'modifiers', 'notes'])
    .where('order_seq', 'in', seqsOf('uuids'))
    .orderBy('order_seq')
    .orderBy('line_no'),
);

/**
 * The orders with these uuids as the upload carries them, in three queries
 * whatever their number, in the order asked; uuids this till does not have
 * are left out. The same values readOrders gives for those fields.
 */
export function readOrdersForUpload(db: TillDatabase, uuids: readonly string[]): OrderForUpload[] {
  if (uuids.length === 0) return [];
  const list = { uuids: JSON.stringify(uuids) };
  const rows = ORDERS.all(db, list);
  const names = cashierNames(
    db,
    rows.map((row) => row.cashier_id),
  );
  const linesOf = new Map<string, OrderLineForUpload[]>();
  for (const line of LINES.all(db, list)) {
    (linesOf.get(line.order_uuid) ?? linesOf.set(line.order_uuid, []).get(line.order_uuid)!).push({
      line_no: line.line_no,
      product_id: line.product_id,
      quantity: line.quantity,
      unit_price: line.unit_price,
      gross: line.gross,
      modifiers: JSON.parse(line.modifiers) as OrderLineModifierRecord[],
      notes: line.notes,
    });
  }
  const paymentsOf = paymentsByOrder(PAYMENTS_OF_ORDERS.all(db, list));
  const byUuid = new Map(rows.map((row) => [row.uuid, row]));
  return uuids.flatMap((uuid) => {
    const row = byUuid.get(uuid);
    if (!row) return [];
    return [
      {
        uuid: row.uuid,
        number: row.number,
        kind: row.kind,
        refund_of: row.refund_of,
        status: row.status,
        type: row.type,
        table_id: row.table_id,
        customer_id: row.customer_id,
        market_id: row.market_id,
        branch_id: row.branch_id,
        subtotal: row.subtotal,
        discount_total: row.discount_total,
        tax: row.tax,
        total: row.total,
        discounts: row.discounts === null ? [] : storedDiscounts(row.discounts),
        created_at: row.created_at,
        cashier_name: row.cashier_id === null ? null : (names.get(row.cashier_id) ?? null),
        shift_id: row.shift_id,
        refund_reason: row.refund_reason,
        lines: linesOf.get(uuid) ?? [],
        payments: paymentsOf.get(uuid) ?? [],
      },
    ];
  });
}
