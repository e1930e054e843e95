import type { TillDatabase } from '../db/index.ts';
import type { StationSession } from './station-session.ts';

/** What each service of the local till works with: its database, its clock, new ids, and the station a call comes from. */
export interface LocalTill {
  db: TillDatabase;
  now: () => number;
  newUuid: () => string;
  /** The calling station's session: its cart, and the cashier its sales, refunds, payments and shifts are recorded under. */
  station: () => StationSession;
}
