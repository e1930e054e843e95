import { SELLING_METHODS, SHIFT_METHODS, type SellingApi } from '../../src-shared/api/index.ts';
import { deferCheckpoints, timeOrderedUuid, type TillDatabase } from '../db/index.ts';
import { composedOf, methodsOf, type EachOnce } from './composed-api.ts';
import { SellingService, type SellingHooks } from '../selling/index.ts';
import { ShiftService, type ShiftHooks } from '../shifts/index.ts';
import { TabService, type TabHooks } from '../floor/index.ts';
import type { StaffSession } from '../staff/index.ts';
import { currentStationKey } from '../stations/index.ts';
import { StationSessions, type StationSession } from '../stations/index.ts';

export interface TillOptions extends SellingHooks, ShiftHooks, TabHooks {
  db: TillDatabase;
  now?: () => number;
  /** Time-ordered by default (on `now`, the till's clock), so each new order's uuid goes at the end of the indexes keyed by it. */
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
  /** Open tabs and the floor's tables (issue 21): the host exposes them as FLOOR_API_METHODS. */
  readonly tabs: TabService;
  /** Every screen's session; none of them is "the" cart or cashier of the till. */
  readonly stations: StationSessions;

  constructor(options: TillOptions) {
    deferCheckpoints(options.db);
    const now = options.now ?? Date.now;
    const stations = new StationSessions(options.db, now);
    const station = () => stations.get(currentStationKey());
    const till = { db: options.db, now, newUuid: options.newUuid ?? (() => timeOrderedUuid(now())), station };
    const selling = new SellingService(till, options);
    const shifts = new ShiftService(till, options);
    super({ ...methodsOf(selling, SELLING_METHODS), ...methodsOf(shifts, SHIFT_METHODS) });
    this.selling = selling;
    this.shifts = shifts;
    this.tabs = new TabService(till, selling, options);
    this.stations = stations;
  }

  /** The calling station's session (the `local` one outside a transport's call). */
  station(): StationSession {
    return this.stations.get(currentStationKey());
  }

  /** Who is signed in at the calling station; the host's authorization hook reads it too. */
  get staff(): StaffSession {
    return this.station().staff;
  }
}
