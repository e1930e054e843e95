import { all, q, type TillDatabase } from '../db/index.ts';

/** One order of a shift as its report needs it: amounts, who sold it, and its lines' categories. */
export interface ShiftSale {
  kind: 'SALE' | 'REFUND';
  cashier_id: string | null;
  subtotal: number;
  discount_total: number;
  tax: number;
  total: number;
  lines: { category_id: number; total: number }[];
}

/** The shift's orders in the order they were made, with their lines, in two reads. */
export function shiftSales(db: TillDatabase, shiftId: string): ShiftSale[] {
  const orders = all(
    db,
    q.selectFrom('orders').select(['uuid', 'kind', 'cashier_id', 'subtotal', 'discount_total', 'tax', 'total']).where('shift_id', '=', shiftId).orderBy('seq'),
  );
  const lines = all(
    db,
    q
      .selectFrom('order_lines as l')
      .innerJoin('orders as o', 'o.seq', 'l.order_seq')
      .select(['l.order_uuid', 'l.category_id', 'l.total'])
      .where('o.shift_id', '=', shiftId),
  );
  const linesOf = new Map<string, ShiftSale['lines']>();
  for (const l of lines) (linesOf.get(l.order_uuid) ?? linesOf.set(l.order_uuid, []).get(l.order_uuid)!).push({ category_id: l.category_id, total: l.total });
  return orders.map(({ uuid, ...order }) => ({ ...order, lines: linesOf.get(uuid) ?? [] }));
}

/**
 * Payments taken during the shift: at checkout of its orders (found through the orders, by orders_by_shift: a
 * checkout's payment carries its order's shift and no paid_at), or settling an order later in it (paid_at set:
 * the only payments order_payments_later_by_shift indexes, migration 0031).
 */
export function shiftPayments(db: TillDatabase, shiftId: string): { method_key: string; amount: number }[] {
  const atCheckout = all(
    db,
    q
      .selectFrom('orders as o')
      .innerJoin('order_payments as p', 'p.order_seq', 'o.seq')
      .select(['p.method_key', 'p.amount'])
      .where('o.shift_id', '=', shiftId)
      .where('p.shift_id', '=', shiftId)
      .where('p.paid_at', 'is', null),
  );
  const later = all(db, q.selectFrom('order_payments').select(['method_key', 'amount']).where('shift_id', '=', shiftId).where('paid_at', 'is not', null));
  return [...atCheckout, ...later];
}
