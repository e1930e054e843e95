import type { CashMovementView, ShiftView } from '../../src-shared/shifts/index.ts';
import { TillError } from '../../src-shared/till/index.ts';
import { statement, type TillDatabase } from '../db/index.ts';
import { businessDayOf } from '../orders/index.ts';
import { cashierNames } from '../staff/index.ts';

/** The one owner of `shifts` and `cash_movements` (migrations/0005). */
interface ShiftRow {
  id: string;
  cashier_id: string;
  business_day: string;
  opened_at: number;
  closed_at: number | null;
  closed_by: string | null;
  float_amount: number;
  float_counts: string | null;
  cash_counted: number | null;
  other_counts: string | null;
}

export interface StoredShift extends ShiftView {
  closed_by: string | null;
  cash_counted: number | null;
  other_counts: Record<string, number> | null;
}

const SELECT = `SELECT s.id, s.cashier_id, s.business_day, s.opened_at, s.closed_at, s.closed_by,
  s.float_amount, s.float_counts, s.cash_counted, s.other_counts FROM shifts s`;

/** Shifts with their cashiers' names (staff owns the cashiers). */
function shifts(db: TillDatabase, rows: ShiftRow[]): StoredShift[] {
  const names = cashierNames(
    db,
    rows.flatMap((row) => [row.cashier_id, row.closed_by]),
  );
  return rows.map((row) => shift(row, names));
}

function shift(row: ShiftRow, names: Map<string, string>): StoredShift {
  return {
    id: row.id,
    cashier_id: row.cashier_id,
    cashier: names.get(row.cashier_id) ?? '-',
    business_day: row.business_day,
    opened_at: row.opened_at,
    closed_at: row.closed_at,
    closed_by: row.closed_by === null ? null : (names.get(row.closed_by) ?? null),
    float: row.float_amount,
    float_counts: row.float_counts === null ? null : JSON.parse(row.float_counts),
    cash_counted: row.cash_counted,
    other_counts: row.other_counts === null ? null : JSON.parse(row.other_counts),
  };
}

export function publicShift({ id, cashier_id, cashier, business_day, opened_at, closed_at, float, float_counts }: StoredShift): ShiftView {
  return { id, cashier_id, cashier, business_day, opened_at, closed_at, float, float_counts };
}

export function openShiftRow(db: TillDatabase): StoredShift | null {
  const row = statement(db, `${SELECT} WHERE s.closed_at IS NULL`).get() as ShiftRow | undefined;
  return row ? shifts(db, [row])[0]! : null;
}

export function findShift(db: TillDatabase, id: string): StoredShift | null {
  const row = statement(db, `${SELECT} WHERE s.id = ?`).get(id) as ShiftRow | undefined;
  return row ? shifts(db, [row])[0]! : null;
}

/** The latest shift, open or closed. */
export function latestShift(db: TillDatabase): StoredShift | null {
  const row = statement(db, `${SELECT} ORDER BY s.seq DESC LIMIT 1`).get() as ShiftRow | undefined;
  return row ? shifts(db, [row])[0]! : null;
}

export function shiftsOfDay(db: TillDatabase, businessDay: string): StoredShift[] {
  return shifts(db, statement(db, `${SELECT} WHERE s.business_day = ? ORDER BY s.seq`).all(businessDay) as ShiftRow[]);
}

export interface OpenShiftInput {
  id: string;
  cashierId: string;
  float: number;
  floatCounts: Record<string, number> | null;
  now: number;
}

/** Opens the till's one shift; a second while one is open is `shift_open`. Durable when it returns. */
export function insertShift(db: TillDatabase, input: OpenShiftInput): StoredShift {
  db.transaction(() => {
    if (openShiftRow(db)) throw new TillError('shift_open', 'a shift is already open on this till: close it first');
    statement(db, 'INSERT INTO shifts (id, cashier_id, business_day, opened_at, float_amount, float_counts) VALUES (?, ?, ?, ?, ?, ?)').run(
      input.id,
      input.cashierId,
      businessDayOf(input.now),
      input.now,
      input.float,
      input.floatCounts === null ? null : JSON.stringify(input.floatCounts),
    );
  }).immediate();
  return findShift(db, input.id)!;
}

export interface CashMovementInput {
  id: string;
  shiftId: string;
  cashierId: string;
  kind: 'IN' | 'OUT';
  amount: number;
  reason: string;
  now: number;
}

export function insertCashMovement(db: TillDatabase, input: CashMovementInput): void {
  statement(db, 'INSERT INTO cash_movements (id, shift_id, cashier_id, kind, amount, reason, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)').run(
    input.id,
    input.shiftId,
    input.cashierId,
    input.kind,
    input.amount,
    input.reason,
    input.now,
  );
}

export function cashMovementsOf(db: TillDatabase, shiftId: string): CashMovementView[] {
  const rows = statement(db, 'SELECT id, kind, amount, reason, cashier_id, created_at FROM cash_movements WHERE shift_id = ? ORDER BY seq').all(
    shiftId,
  ) as (Omit<CashMovementView, 'cashier'> & { cashier_id: string })[];
  const names = cashierNames(
    db,
    rows.map((row) => row.cashier_id),
  );
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    amount: row.amount,
    reason: row.reason,
    cashier: names.get(row.cashier_id) ?? '-',
    created_at: row.created_at,
  }));
}

export interface CloseShiftInput {
  shiftId: string;
  closedBy: string;
  cashExpected: number;
  cashCounted: number;
  otherCounts: Record<string, number> | null;
  now: number;
}

/** Marks the shift closed with its count and Z report; only an open shift closes (a second close is `no_shift`). */
export function markShiftClosed(db: TillDatabase, input: CloseShiftInput): void {
  const { changes } = statement(
    db,
    'UPDATE shifts SET closed_at = ?, closed_by = ?, cash_expected = ?, cash_counted = ?, other_counts = ? WHERE id = ? AND closed_at IS NULL',
  ).run(input.now, input.closedBy, input.cashExpected, input.cashCounted, input.otherCounts === null ? null : JSON.stringify(input.otherCounts), input.shiftId);
  if (changes !== 1) throw new TillError('no_shift', `shift ${input.shiftId} is not open`);
}

/** The Z report as it was printed at close, kept with the shift. */
export function storeZReport(db: TillDatabase, shiftId: string, report: unknown): void {
  statement(db, 'UPDATE shifts SET z_report = ? WHERE id = ?').run(JSON.stringify(report), shiftId);
}
