// The one owner of `local_tables` (migration 0015): the tables a manager
// defines on the till where the service keeps none. A removed table keeps
// its row (removed_at), so tabs and orders that named it still read its
// name, and its id is never given again.

import { TillError } from '../../src-shared/errors/index.ts';
import { TABLE_AREA_MAX, TABLE_NAME_MAX, TABLE_SEATS_MAX, type FloorTable } from '../../src-shared/floor/index.ts';
import { cleanLine } from '../../src-shared/text/index.ts';
import { all, first, q, run, type TillDatabase } from '../db/index.ts';

export interface NewLocalTable {
  name: string;
  area?: string | null;
  seats?: number | null;
}

const inUse = () => q.selectFrom('local_tables').select(['id', 'name', 'area', 'seats']).where('removed_at', 'is', null);

const view = (row: { id: string; name: string; area: string | null; seats: number | null }): FloorTable => ({ ...row, source: 'local' });

/** The local tables in use, by area then name (T2 before T10). */
export function listLocalTables(db: TillDatabase): FloorTable[] {
  return all(db, inUse())
    .map(view)
    .sort((a, b) => (a.area ?? '').localeCompare(b.area ?? '') || a.name.localeCompare(b.name, undefined, { numeric: true }));
}

/** A local table by id, removed or not (an old tab's table), or null. */
export function localTableById(db: TillDatabase, id: string): FloorTable | null {
  const row = first(db, q.selectFrom('local_tables').select(['id', 'name', 'area', 'seats']).where('id', '=', id));
  return row ? view(row) : null;
}

/** Adds a table; its id is `L` and the next number never used. Refuses a name already in use (any case). */
export function addLocalTable(db: TillDatabase, table: NewLocalTable, now: number): FloorTable {
  const name = cleanLine(table.name).trim();
  const area = table.area == null ? null : cleanLine(table.area).trim() || null;
  const seats = table.seats ?? null;
  if (name === '') throw new TillError('invalid_input', 'a table needs a name, like "T4"', { code: 'floor.tableNameEmpty' });
  if (name.length > TABLE_NAME_MAX)
    throw new TillError('invalid_input', `a table's name has at most ${TABLE_NAME_MAX} characters`, {
      code: 'floor.tableNameTooLong',
      params: { max: TABLE_NAME_MAX },
    });
  if (area !== null && area.length > TABLE_AREA_MAX)
    throw new TillError('invalid_input', `an area's name has at most ${TABLE_AREA_MAX} characters`, {
      code: 'floor.areaTooLong',
      params: { max: TABLE_AREA_MAX },
    });
  if (seats !== null && (!Number.isInteger(seats) || seats < 1 || seats > TABLE_SEATS_MAX))
    throw new TillError('invalid_input', `seats: a whole number from 1 to ${TABLE_SEATS_MAX}`, {
      code: 'floor.seatsInvalid',
      params: { max: TABLE_SEATS_MAX },
    });
  return db
    .transaction(() => {
      const taken = all(db, inUse()).find((t) => t.name.toLowerCase() === name.toLowerCase());
      if (taken)
        throw new TillError('invalid_input', `the table ${taken.id} is already called "${taken.name}": pick another name`, {
          code: 'floor.tableNameTaken',
          params: { name: taken.name },
        });
      const last = first(
        db,
        q.selectFrom('local_tables').select((eb) => eb.fn.max('seq').as('seq')),
      );
      const seq = (last?.seq ?? 0) + 1;
      const id = `L${seq}`;
      run(db, q.insertInto('local_tables').values({ seq, id, name, area, seats, created_at: now, removed_at: null }));
      return { id, name, area, seats, source: 'local' as const };
    })
    .immediate();
}

/** Removes a table in use (its row stays, with removed_at); `stillNeeded` says why it cannot go yet (an open tab), or null. */
export function removeLocalTable(db: TillDatabase, id: string, now: number, stillNeeded: (id: string) => string | null = () => null): FloorTable {
  return db
    .transaction(() => {
      const row = first(db, inUse().where('id', '=', id));
      if (!row)
        throw new TillError('not_found', `this till has no table ${id} in use; \`pos tables\` lists them`, {
          code: 'floor.tableUnknown',
          params: { table: id },
        });
      const why = stillNeeded(id);
      if (why !== null) throw new TillError('invalid_input', why, { code: 'floor.tableHasTab', params: { table: row.name } });
      run(db, q.updateTable('local_tables').set({ removed_at: now }).where('id', '=', id));
      return view(row);
    })
    .immediate();
}
