import type { TillDatabase } from '../db/index.ts';
import type { StaffSession } from './staff-session.ts';

/** What each service of the local till works with: its database, its clock, new ids, and who is at the till. */
export interface LocalTill {
  db: TillDatabase;
  now: () => number;
  newUuid: () => string;
  /** Sales, refunds, payments and shifts are recorded under this cashier. */
  staff: StaffSession;
}
