import { randomUUID } from 'node:crypto';
import { SELLING_METHODS, SHIFT_METHODS, type SellingApi } from '../../src-shared/till/index.ts';
import { deferCheckpoints, type TillDatabase } from '../db/index.ts';
import { composedOf, methodsOf, type EachOnce } from './composed-api.ts';
import { SellingService, type SellingHooks } from './selling-service.ts';
import { ShiftService, type ShiftHooks } from './shift-service.ts';
import { StaffSession } from './staff-session.ts';

export interface TillOptions extends SellingHooks, ShiftHooks {
  db: TillDatabase;
  now?: () => number;
  newUuid?: () => string;
}

/** Selling and shifts share the till; no method comes from both (a name in both lists is a type error naming it). */
const eachMethodOnce: EachOnce<[...typeof SELLING_METHODS, ...typeof SHIFT_METHODS]> = true;
void eachMethodOnce;

/**
 * The till that works from the local database alone (SellingApi): selling
 * and shifts, sharing who is at the till. The CLI and tests use it as it is;
 * the host composes its two services with the ones that need the network.
 */
export class TillService extends composedOf<SellingApi>() {
  readonly selling: SellingService;
  readonly shifts: ShiftService;
  /** Who is at the till; the host's authorization hook reads it too. */
  readonly staff: StaffSession;

  constructor(options: TillOptions) {
    deferCheckpoints(options.db);
    const now = options.now ?? Date.now;
    const staff = new StaffSession(options.db, now);
    const till = { db: options.db, now, newUuid: options.newUuid ?? randomUUID, staff };
    const selling = new SellingService(till, options);
    const shifts = new ShiftService(till, options);
    super({ ...methodsOf(selling, SELLING_METHODS), ...methodsOf(shifts, SHIFT_METHODS) });
    this.selling = selling;
    this.shifts = shifts;
    this.staff = staff;
  }
}
