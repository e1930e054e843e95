import { TillError } from '../../src-shared/errors/index.ts';
import type { FloorTable } from '../../src-shared/floor/index.ts';
import { readServiceTables, tablesFromService } from '../catalog/index.ts';
import type { TillDatabase } from '../db/index.ts';
import { listLocalTables, localTableById } from './local-tables.ts';

/** Where the floor's tables come from now: the service's list, or the tables a manager defined here. */
export function floorTablesSource(db: TillDatabase): 'service' | 'local' {
  return tablesFromService(db) ? 'service' : 'local';
}

/** The tables a tab may be opened on: the service's active ones, or the local ones in use. */
export function floorTables(db: TillDatabase): FloorTable[] {
  if (floorTablesSource(db) === 'local') return listLocalTables(db);
  return readServiceTables(db)
    .filter((t) => t.is_active)
    .map((t) => ({ id: t.id, name: t.name, area: t.area, seats: t.seats, source: 'service' as const }));
}

/** A table a tab may be opened on or moved to, or a TillError naming it. */
export function requireFloorTable(db: TillDatabase, id: string): FloorTable {
  const table = floorTables(db).find((t) => t.id === id);
  if (!table)
    throw new TillError('not_found', `this branch has no table ${id} in use; pick one of the floor's tables`, {
      code: 'floor.tableUnknown',
      params: { table: id },
    });
  return table;
}

/** A table's name for a ticket or a tab, even once it left the floor (removed, inactive); the id itself when unknown. */
export function tableName(db: TillDatabase, id: string): string {
  const service = readServiceTables(db).find((t) => t.id === id);
  return service?.name ?? localTableById(db, id)?.name ?? id;
}

/** Refuses a manager's table change while the service defines the branch's tables. */
export function requireLocalTables(db: TillDatabase): void {
  if (floorTablesSource(db) === 'service')
    throw new TillError('invalid_input', "this branch's tables come from the service's Tables list: change them there, then sync", {
      code: 'floor.tablesFromService',
    });
}
