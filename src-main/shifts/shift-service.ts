import type { CashierView, DayReport, ShiftReport, ShiftView, StaffState } from '../../src-shared/shifts/index.ts';
import { parseInput, SHIFT_METHODS, type TillApi } from '../../src-shared/api/index.ts';
import { type TillInputs } from '../../src-shared/selling/index.ts';
import { TillError } from '../../src-shared/errors/index.ts';
import { checkpointSoon } from '../db/index.ts';
import { businessDayOf } from '../orders/index.ts';
import { closeShift, openShift, recordCashMovement, requireOpenShift } from './shift-desk.ts';
import { findShift, latestShift, openShiftRow, publicShift } from './shift-store.ts';
import { readDayReport, readShiftReport } from './read-shift-report.ts';
import { addCashier, hasActiveManager, listCashiers, publicCashier, updateCashier } from '../staff/index.ts';
import { readBranchProfile } from '../catalog/index.ts';
import type { LocalTill } from '../stations/index.ts';

export type ShiftMethods = Pick<TillApi, (typeof SHIFT_METHODS)[number]>;

export interface ShiftHooks {
  /** Called after a shift's Z report is written (the host wakes the attendance upload). */
  onShiftClosed?: (report: ShiftReport) => void;
}

/**
 * Who works the till and their shifts; each write is one transaction in the
 * local database. A shift is the drawer of the station it is opened at:
 * opening, cash in and out, the X report and the close all act on the
 * calling station's shift; the business-day report covers every station.
 */
export class ShiftService implements ShiftMethods {
  constructor(
    private readonly till: LocalTill,
    private readonly options: ShiftHooks = {},
  ) {}

  async staffState(): Promise<StaffState> {
    const station = this.till.station().code;
    const shift = openShiftRow(this.till.db, station);
    return {
      needs_first_manager: !hasActiveManager(this.till.db),
      cashier: this.till.station().staff.current(),
      shift: shift ? publicShift(shift) : null,
      idle_lock_minutes: this.till.station().staff.idleLockMinutes(),
      last_close_cash: shift ? null : (latestShift(this.till.db, station)?.cash_counted ?? null),
    };
  }

  async cashiers(): Promise<CashierView[]> {
    return listCashiers(this.till.db).map(publicCashier);
  }

  async addCashier(input: TillInputs['addCashier']): Promise<CashierView> {
    const { name, role, pin } = parseInput('addCashier', input);
    const first = !hasActiveManager(this.till.db);
    if (first && role !== 'manager')
      throw new TillError('invalid_input', 'role: the first person on this till is its manager', { code: 'cashier.firstIsManager' });
    const cashier = publicCashier(await addCashier(this.till.db, { name, role, pin }, this.till.now()));
    // The first manager is signed in at once: they just chose their PIN.
    if (first) this.till.station().staff.signInAs(cashier);
    return cashier;
  }

  async updateCashier(input: TillInputs['updateCashier']): Promise<CashierView> {
    const { id, active, pin, role } = parseInput('updateCashier', input);
    const updated = publicCashier(
      await updateCashier(this.till.db, id, {
        ...(active === undefined ? {} : { active }),
        ...(pin === undefined ? {} : { pin }),
        ...(role === undefined ? {} : { role }),
      }),
    );
    return updated;
  }

  async unlock(input: TillInputs['unlock']): Promise<StaffState> {
    const { cashier_id, pin, release } = parseInput('unlock', input);
    // `release` reaches here only once the host's authorization hook recorded a manager's approval of it.
    const { releasedFrom } = await this.till.station().staff.unlock(cashier_id, pin, { release: release === true });
    const state = await this.staffState();
    return releasedFrom === null ? state : { ...state, released_from: releasedFrom };
  }

  async lock(): Promise<StaffState> {
    this.till.station().staff.lock();
    return this.staffState();
  }

  async openShift(input: TillInputs['openShift']): Promise<ShiftView> {
    const parsed = parseInput('openShift', input);
    const cashier = this.till.station().staff.require();
    if (!cashier) throw new TillError('locked', 'add the first manager before opening a shift');
    return publicShift(
      openShift(this.till.db, { ...parsed, id: this.till.newUuid(), station: this.till.station().code, cashierId: cashier.id, now: this.till.now() }),
    );
  }

  async cashMovement(input: TillInputs['cashMovement']): Promise<ShiftReport> {
    const { kind, amount, reason } = parseInput('cashMovement', input);
    const cashier = this.till.station().staff.require();
    if (!cashier) throw new TillError('locked', 'add the first manager before moving cash');
    const report = recordCashMovement(this.till.db, {
      id: this.till.newUuid(),
      station: this.till.station().code,
      cashierId: cashier.id,
      kind,
      amount,
      reason,
      now: this.till.now(),
    });
    void checkpointSoon(this.till.db);
    return report;
  }

  async shiftReport(input: TillInputs['shiftReport']): Promise<ShiftReport> {
    const { shift_id } = parseInput('shiftReport', input);
    // Without an id: the X report of this station's drawer.
    const shift = shift_id ? findShift(this.till.db, shift_id) : requireOpenShift(this.till.db, this.till.station().code);
    if (!shift) throw new TillError('not_found', `this till has no shift ${shift_id}`);
    return readShiftReport(this.till.db, shift);
  }

  async closeShift(input: TillInputs['closeShift']): Promise<ShiftReport> {
    const parsed = parseInput('closeShift', input);
    const cashier = this.till.station().staff.require();
    if (!cashier) throw new TillError('locked', 'add the first manager before closing a shift');
    const profile = readBranchProfile(this.till.db);
    const z = closeShift(this.till.db, {
      ...parsed,
      station: this.till.station().code,
      closedBy: cashier.id,
      marketId: profile?.marketId ?? '',
      branchId: profile?.branchId ?? '',
      now: this.till.now(),
    });
    void checkpointSoon(this.till.db);
    this.options.onShiftClosed?.(z);
    return z;
  }

  async dayReport(input: TillInputs['dayReport']): Promise<DayReport> {
    const { business_day } = parseInput('dayReport', input);
    return readDayReport(this.till.db, business_day ?? businessDayOf(this.till.now()));
  }
}
