import { countedAmount, type ShiftReport } from '../../src-shared/shifts/index.ts';
import { TillError } from '../../src-shared/errors/index.ts';
import { currencyDecimals } from '../catalog/index.ts';
import type { TillDatabase } from '../db/index.ts';
import { attendanceBody } from './attendance.ts';
import { readShiftReport } from './read-shift-report.ts';
import { enqueueRecord } from './record-outbox.ts';
import { findShift, insertCashMovement, insertShift, markShiftClosed, openShiftRow, storeZReport, type StoredShift } from './shift-store.ts';

/** The station's open shift, or `no_shift` saying how to open one. */
export function requireOpenShift(db: TillDatabase, station: string): StoredShift {
  const shift = openShiftRow(db, station);
  if (!shift) throw new TillError('no_shift', `no shift is open at station ${station}: open a shift with a float first`);
  return shift;
}

export interface FloatInput {
  /** One amount in halalas… */
  float?: number | undefined;
  /** …or banknotes and coins counted: denomination in halalas → how many. */
  float_counts?: Record<string, number> | undefined;
}

function floatOf(input: FloatInput): { amount: number; counts: Record<string, number> | null } {
  if (input.float_counts) {
    const amount = countedAmount(input.float_counts!, 'float');
    if (input.float !== undefined && input.float !== amount) {
      throw new TillError('invalid_input', `float: the counted banknotes and coins add up to ${amount} halalas, not ${input.float}`, {
        code: 'shift.countMismatch',
        params: { counted: amount, given: input.float },
      });
    }
    return { amount, counts: input.float_counts };
  }
  return { amount: input.float ?? 0, counts: null };
}

export function openShift(db: TillDatabase, input: FloatInput & { id: string; station: string; cashierId: string; now: number }): StoredShift {
  const float = floatOf(input);
  return insertShift(db, { id: input.id, station: input.station, cashierId: input.cashierId, float: float.amount, floatCounts: float.counts, now: input.now });
}

/** Cash put in or taken out of one station's drawer, under its open shift. */
export function recordCashMovement(
  db: TillDatabase,
  input: { id: string; station: string; cashierId: string; kind: 'IN' | 'OUT'; amount: number; reason: string; now: number },
): ShiftReport {
  const shift = requireOpenShift(db, input.station);
  if (input.amount <= 0) throw new TillError('invalid_input', 'amount: cash in or out must be above 0', { code: 'shift.amountPositive' });
  if (input.reason.trim() === '') throw new TillError('invalid_input', 'reason: say why cash goes in or out', { code: 'shift.reasonNeeded' });
  if (input.kind === 'OUT') {
    const expected = readShiftReport(db, shift).cash_expected;
    // The reason names no expected amount: the close is blind to the cashier.
    if (input.amount > expected)
      throw new TillError('invalid_input', `amount: the drawer should hold ${expected} halalas; cannot take out ${input.amount}`, { code: 'shift.overDrawer' });
  }
  insertCashMovement(db, { ...input, reason: input.reason.trim(), shiftId: shift.id });
  return readShiftReport(db, requireOpenShift(db, input.station));
}

export interface CloseInput {
  /** The station whose drawer is counted and closed. */
  station: string;
  closedBy: string;
  /** The blind count of cash, in halalas, or by banknote and coin. */
  counted?: number | undefined;
  cash_counts?: Record<string, number> | undefined;
  /** Optional blind count of other methods: method key → halalas. */
  other_counts?: Record<string, number> | undefined;
  marketId: string;
  branchId: string;
  now: number;
}

/**
 * Closes the open shift with the blind count: the Z report and the
 * attendance record for the service are written in the same transaction as
 * the close, so a crash leaves the shift either open or closed and queued.
 */
export function closeShift(db: TillDatabase, input: CloseInput): ShiftReport {
  let counted = input.counted;
  if (input.cash_counts) {
    const fromCounts = countedAmount(input.cash_counts!, 'cash count');
    if (counted !== undefined && counted !== fromCounts)
      throw new TillError('invalid_input', `counted: the banknotes and coins add up to ${fromCounts} halalas, not ${counted}`, {
        code: 'shift.countMismatch',
        params: { counted: fromCounts, given: counted },
      });
    counted = fromCounts;
  }
  if (counted === undefined) throw new TillError('invalid_input', 'counted: count the cash in the drawer before closing', { code: 'shift.countFirst' });
  return db
    .transaction((): ShiftReport => {
      const shift = requireOpenShift(db, input.station);
      const closedAt = Math.max(input.now, shift.opened_at);
      const expected = readShiftReport(db, shift).cash_expected;
      markShiftClosed(db, {
        shiftId: shift.id,
        closedBy: input.closedBy,
        cashExpected: expected,
        cashCounted: counted!,
        otherCounts: input.other_counts ?? null,
        now: closedAt,
      });
      const z = readShiftReport(db, findShift(db, shift.id)!);
      storeZReport(db, shift.id, z);
      enqueueRecord(
        db,
        shift.id,
        'attendance',
        attendanceBody(z, { marketId: input.marketId, branchId: input.branchId, cashierId: shift.cashier_id, decimals: currencyDecimals(db) }),
        closedAt,
        // The drawer's station stays on the till: the spec's Attendance has no member for it.
        input.station,
      );
      return z;
    })
    .immediate();
}
