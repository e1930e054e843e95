import type { FloorTable } from '../../../src-shared/floor/index.ts';
import { openDatabase } from '../../db/index.ts';
import { addLocalTable, floorTables, floorTablesSource, removeLocalTable, requireLocalTables } from '../../floor/index.ts';
import { parseCommandArgs, requireOption, UsageError, type CliIo } from '../cli-io.ts';

function describe(table: FloorTable): string {
  return `${table.id.padEnd(6)}  ${table.name}  ${table.area ?? '-'}  ${table.seats === null ? '' : `${table.seats} seats`}`.trimEnd();
}

/**
 * `pos tables`: the branch's tables (issue 21). They come from the
 * service's Tables list when it has one; where it answers 404 or 403 (or
 * has none), a manager defines them here or on the Branch screen. Exit 0
 * done, 1 refused (the service defines the tables, a name taken, an open
 * tab on the table), 2 usage.
 */
export async function tablesCommand(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    'tables',
    argv,
    { db: { type: 'string' }, area: { type: 'string' }, seats: { type: 'string' }, json: { type: 'boolean', default: false } },
    true,
  );
  const [action = 'list', ...args] = positionals;
  const dbFile = requireOption('tables', 'db', values.db);
  if (!['list', 'add', 'remove'].includes(action)) throw new UsageError(`pos tables: say what to do: list, add or remove (not "${action}")`);
  if (action !== 'add' && (values.area ?? values.seats) !== undefined) throw new UsageError('pos tables: --area and --seats go with add');
  const expect = (what: string, count: number) => {
    if (args.length !== count) throw new UsageError(`pos tables: ${action} takes ${what}`);
  };
  if (action === 'list') expect('nothing more', 0);
  if (action === 'add') expect('one NAME (quote a name with spaces)', 1);
  if (action === 'remove') expect('one ID (as `pos tables` lists it)', 1);
  let seats: number | null = null;
  if (values.seats !== undefined) {
    if (!/^\d{1,3}$/.test(values.seats)) throw new UsageError(`pos tables: --seats takes a whole number of guests, not "${values.seats}"`);
    seats = Number(values.seats);
  }

  const db = openDatabase(dbFile);
  try {
    if (action === 'list') {
      const tables = floorTables(db);
      if (values.json) io.out(JSON.stringify(tables));
      else {
        if (tables.length > 0) io.out(tables.map(describe).join('\n'));
        io.err(
          floorTablesSource(db) === 'service'
            ? `${tables.length} table(s) from the service's Tables list.`
            : `${tables.length} table(s) defined on this till${tables.length === 0 ? ': add one with `pos tables --db FILE add T1 --area Hall --seats 4`' : ''}.`,
        );
      }
      return 0;
    }
    requireLocalTables(db);
    const table =
      action === 'add' ? addLocalTable(db, { name: args[0]!, area: values.area ?? null, seats }, Date.now()) : removeLocalTable(db, args[0]!, Date.now());
    if (values.json) io.out(JSON.stringify(table));
    else {
      io.out(describe(table));
      io.err(action === 'add' ? `Added table ${table.id}, "${table.name}".` : `Removed table ${table.id}, "${table.name}": its id is not given again.`);
    }
    return 0;
  } finally {
    db.close();
  }
}
