import { all, q, type TillDatabase } from '../db/index.ts';

/** The service's printers as replicated: settings is the flags' JSON; address is only ever a suggestion. */
export interface PrinterRow {
  id: string;
  name: string;
  settings: string;
  address: string | null;
}

/** Every printer of the replica, by name. */
export function printerRows(db: TillDatabase): PrinterRow[] {
  return all(db, q.selectFrom('printers').select(['id', 'name', 'settings', 'address']).orderBy('name').orderBy('id'));
}
