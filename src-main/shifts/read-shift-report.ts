import { buildDayReport, buildShiftReport, type DayReport, type ReportNames, type ReportOrder, type ShiftReport } from '../../src-shared/shifts/index.ts';
import { categoryNames, paymentMethodRows } from '../catalog/index.ts';
import type { TillDatabase } from '../db/index.ts';
import { outboxCounts, shiftPayments, shiftSales } from '../orders/index.ts';
import { cashierNames } from '../staff/index.ts';
import { cashMovementsOf, shiftsOfDay, type StoredShift } from './shift-store.ts';

function reportNames(db: TillDatabase): ReportNames {
  return {
    methods: new Map(paymentMethodRows(db).map((m) => [m.key, { name_en: m.name, name_ar: m.name }])),
    categories: new Map(categoryNames(db).map((c) => [c.id, { name_en: c.name_en, name_ar: c.name_ar }])),
  };
}

/** The shift's orders with the names of the cashiers who made them. */
function shiftOrders(db: TillDatabase, shiftId: string): ReportOrder[] {
  const sales = shiftSales(db, shiftId);
  const names = cashierNames(
    db,
    sales.map((sale) => sale.cashier_id),
  );
  return sales.map(({ cashier_id, ...sale }) => ({ ...sale, cashier: (cashier_id === null ? undefined : names.get(cashier_id)) ?? '-' }));
}

export function readShiftReport(db: TillDatabase, shift: StoredShift): ShiftReport {
  return buildShiftReport({
    // A stored shift carries every field the report reads (ReportShift); the report copies only those.
    shift,
    orders: shiftOrders(db, shift.id),
    payments: shiftPayments(db, shift.id),
    movements: cashMovementsOf(db, shift.id),
    names: reportNames(db),
    pendingUploads: outboxCounts(db).pending,
  });
}

/** The business day of every station: the shifts of all their drawers, summed and line by line (buildDayReport). */
export function readDayReport(db: TillDatabase, businessDay: string): DayReport {
  return buildDayReport(
    businessDay,
    shiftsOfDay(db, businessDay).map((s) => readShiftReport(db, s)),
    outboxCounts(db).pending,
  );
}
