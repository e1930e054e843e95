import type { DiningTable } from '../../src-shared/catalog/index.ts';
import { all, q, type TillDatabase } from '../db/index.ts';
import { readReplicaMeta } from './replica-meta.ts';

export type TablesSource = 'service' | 'local';

/** Whether the last complete pull found the branch's tables on the service (else a manager defines them on the till). */
export function tablesFromService(db: TillDatabase): boolean {
  return readReplicaMeta(db).lastPull?.tables === 'service';
}

/** The service's tables as the last pull brought them, in the service's order (inactive ones too: `is_active` says). */
export function readServiceTables(db: TillDatabase): DiningTable[] {
  return all(db, q.selectFrom('service_tables').select(['id', 'name', 'area', 'seats', 'is_active']).orderBy('position')).map((row) => ({
    ...row,
    is_active: row.is_active === 1,
  }));
}
