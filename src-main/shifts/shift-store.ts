import type { Selectable } from 'kysely';
import type { CashMovementView, ShiftView } from '../../src-shared/shifts/index.ts';
import { TillError } from '../../src-shared/errors/index.ts';
import { all, first, param, prepared, q, run, type TillDatabase, type TillSchema } from '../db/index.ts';
import { businessDayOf } from '../orders/index.ts';
import { cashierNames } from '../staff/index.ts';

/** The one owner of `shifts` and `cash_movements` (migrations/0006, per station since 0013). */

const SHIFT_COLUMNS = [
  'id',
  'cashier_id',
  'business_day',
  'opened_at',
  'closed_at',
  'closed_by',
  'float_amount',
  'float_counts',
  'cash_counted',
  'other_counts',
  'station',
] as const;
type ShiftRow = Pick<Selectable<TillSchema['shifts']>, (typeof SHIFT_COLUMNS)[number]>;

export interface StoredShift extends ShiftView {
  closed_by: string | null;
  cash_counted: number | null;
  other_counts: Record<string, number> | null;
}

const selectShifts = () => q.selectFrom('shifts').select(SHIFT_COLUMNS);

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
    station: row.station,
  };
}

export function publicShift({ id, cashier_id, cashier, business_day, opened_at, closed_at, float, float_counts, station }: StoredShift): ShiftView {
  return { id, cashier_id, cashier, business_day, opened_at, closed_at, float, float_counts, station };
}

// Read before every sale: compiled once.
const OPEN_AT_STATION = prepared<{ station: string }>()(selectShifts().where('closed_at', 'is', null).where('station', '=', param<string>('station')));

/** The open shift of one station's drawer (each station has at most one: migration 0013). */
export function openShiftRow(db: TillDatabase, station: string): StoredShift | null {
  const row = OPEN_AT_STATION.get(db, { station });
  return row ? shifts(db, [row])[0]! : null;
}

/** The shift a cashier has open at any station, if any. */
export function openShiftOfCashier(db: TillDatabase, cashierId: string): StoredShift | null {
  const row = first(db, selectShifts().where('closed_at', 'is', null).where('cashier_id', '=', cashierId));
  return row ? shifts(db, [row])[0]! : null;
}

export function findShift(db: TillDatabase, id: string): StoredShift | null {
  const row = first(db, selectShifts().where('id', '=', id));
  return row ? shifts(db, [row])[0]! : null;
}

/** The latest shift of a station, open or closed. */
export function latestShift(db: TillDatabase, station: string): StoredShift | null {
  const row = first(db, selectShifts().where('station', '=', station).orderBy('seq', 'desc').limit(1));
  return row ? shifts(db, [row])[0]! : null;
}

export function shiftsOfDay(db: TillDatabase, businessDay: string): StoredShift[] {
  return shifts(db, all(db, selectShifts().where('business_day', '=', businessDay).orderBy('seq')));
}

export interface OpenShiftInput {
  id: string;
  /** The station whose drawer it is. */
  station: string;
  cashierId: string;
  float: number;
  floatCounts: Record<string, number> | null;
  now: number;
}

/**
 * Opens a station's shift (its drawer). A second at the same station while
 * one is open is `shift_open`; so is a second for the same cashier at another
 * station: a cashier answers for one drawer at a time (docs/service-contract.md, "Order numbers, drawers and
 * reports per station"). Checked and written under one write lock. Durable when it returns.
 */
export function insertShift(db: TillDatabase, input: OpenShiftInput): StoredShift {
  db.transaction(() => {
    if (openShiftRow(db, input.station))
      throw new TillError('shift_open', `a shift is already open at station ${input.station}: close it first`, {
        code: 'shift.stationHasShift',
        params: { station: input.station },
      });
    const elsewhere = openShiftOfCashier(db, input.cashierId);
    if (elsewhere)
      throw new TillError(
        'shift_open',
        `${elsewhere.cashier} already has the open shift of station ${elsewhere.station ?? '-'}: close it there before opening one here`,
        { code: 'shift.cashierHasShift', params: { name: elsewhere.cashier, station: elsewhere.station ?? '-' } },
      );
    run(
      db,
      q.insertInto('shifts').values({
        id: input.id,
        station: input.station,
        cashier_id: input.cashierId,
        business_day: businessDayOf(input.now),
        opened_at: input.now,
        float_amount: input.float,
        float_counts: input.floatCounts === null ? null : JSON.stringify(input.floatCounts),
      }),
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
  run(
    db,
    q.insertInto('cash_movements').values({
      id: input.id,
      shift_id: input.shiftId,
      cashier_id: input.cashierId,
      kind: input.kind,
      amount: input.amount,
      reason: input.reason,
      created_at: input.now,
    }),
  );
}

export function cashMovementsOf(db: TillDatabase, shiftId: string): CashMovementView[] {
  const rows = all(
    db,
    q
      .selectFrom('cash_movements')
      .select(['id', 'kind', 'amount', 'reason', 'cashier_id', 'created_at'])
      // The schema knows `kind` as TEXT; the migration's CHECK keeps it to IN and OUT.
      .$narrowType<{ kind: CashMovementView['kind'] }>()
      .where('shift_id', '=', shiftId)
      .orderBy('seq'),
  );
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
  const { changes } = run(
    db,
    q
      .updateTable('shifts')
      .set({
        closed_at: input.now,
        closed_by: input.closedBy,
        cash_expected: input.cashExpected,
        cash_counted: input.cashCounted,
        other_counts: input.otherCounts === null ? null : JSON.stringify(input.otherCounts),
      })
      .where('id', '=', input.shiftId)
      .where('closed_at', 'is', null),
  );
  if (changes !== 1) throw new TillError('no_shift', `shift ${input.shiftId} is not open`);
}

/** The Z report as it was printed at close, kept with the shift. */
export function storeZReport(db: TillDatabase, shiftId: string, report: unknown): void {
  run(
    db,
    q
      .updateTable('shifts')
      .set({ z_report: JSON.stringify(report) })
      .where('id', '=', shiftId),
  );
}
