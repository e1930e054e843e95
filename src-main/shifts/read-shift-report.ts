import { buildDayReport, buildShiftReport, type DayReport, type ReportNames, type ReportOrder, type ShiftReport } from '../../src-shared/shifts/index.ts';
import { statement, type TillDatabase } from '../db/index.ts';
import { outboxCounts } from '../orders/index.ts';
import { cashMovementsOf, shiftsOfDay, type StoredShift } from './shift-store.ts';

function reportNames(db: TillDatabase): ReportNames {
  const methods = statement(db, 'SELECT key, name FROM payment_methods').all() as { key: string; name: string }[];
  const categories = statement(db, 'SELECT id, name_en, name_ar FROM categories').all() as { id: number; name_en: string; name_ar: string }[];
  return {
    methods: new Map(methods.map((m) => [m.key, { name_en: m.name, name_ar: m.name }])),
    categories: new Map(categories.map((c) => [c.id, { name_en: c.name_en, name_ar: c.name_ar }])),
  };
}

/** The shift's orders with their lines' categories, in three reads. */
function shiftOrders(db: TillDatabase, shiftId: string): ReportOrder[] {
  const orders = statement(db,
    `SELECT o.uuid, o.kind, coalesce(c.name, '-') AS cashier, o.subtotal, o.discount_total, o.tax, o.total
     FROM orders o LEFT JOIN cashiers c ON c.id = o.cashier_id WHERE o.shift_id = ? ORDER BY o.seq`,
  ).all(shiftId) as (Omit<ReportOrder, 'lines'> & { uuid: string })[];
  const lines = statement(db,
    'SELECT l.order_uuid, l.category_id, l.total FROM order_lines l JOIN orders o ON o.uuid = l.order_uuid WHERE o.shift_id = ?',
  ).all(shiftId) as { order_uuid: string; category_id: number; total: number }[];
  const linesOf = new Map<string, ReportOrder['lines']>();
  for (const l of lines) (linesOf.get(l.order_uuid) ?? linesOf.set(l.order_uuid, []).get(l.order_uuid)!).push({ category_id: l.category_id, total: l.total });
  return orders.map(({ uuid, ...order }) => ({ ...order, lines: linesOf.get(uuid) ?? [] }));
}

/** Payments taken during the shift: at checkout of its orders, or settling an older order in it. */
function shiftPayments(db: TillDatabase, shiftId: string) {
  return statement(db, 'SELECT method_key, amount FROM order_payments WHERE shift_id = ?').all(shiftId) as { method_key: string; amount: number }[];
}

export function readShiftReport(db: TillDatabase, shift: StoredShift): ShiftReport {
  return buildShiftReport({
    shift: {
      id: shift.id,
      cashier: shift.cashier,
      business_day: shift.business_day,
      opened_at: shift.opened_at,
      closed_at: shift.closed_at,
      closed_by: shift.closed_by,
      float: shift.float,
      cash_counted: shift.cash_counted,
      other_counts: shift.other_counts,
    },
    orders: shiftOrders(db, shift.id),
    payments: shiftPayments(db, shift.id),
    movements: cashMovementsOf(db, shift.id),
    names: reportNames(db),
    pendingUploads: outboxCounts(db).pending,
  });
}

export function readDayReport(db: TillDatabase, businessDay: string): DayReport {
  return buildDayReport(businessDay, shiftsOfDay(db, businessDay).map((s) => readShiftReport(db, s)), outboxCounts(db).pending);
}
