import { STATION_KINDS, type Station, type StationKind } from '../../../src-shared/stations/index.ts';
import { printerRows } from '../../catalog/index.ts';
import { openDatabase, type TillDatabase } from '../../db/index.ts';
import { addStation, listStations, removeStation, renameStation, setDisplayCounter } from '../../stations/index.ts';
import { parseCommandArgs, requireOption, UsageError, type CliIo } from '../cli-io.ts';

function printerName(names: Map<string, string>, id: string | null): string {
  return id === null ? 'usual' : `${names.get(id) ?? '?'} (${id})`;
}

function describe(station: Station, names: Map<string, string>): string {
  if (station.kind === 'customer_display')
    return `${station.code.padEnd(2)}  ${station.name}  ${station.kind}  shows the cart of: ${station.shows_cart_of ?? 'none'}`;
  return `${station.code.padEnd(2)}  ${station.name}  ${station.kind}  receipt: ${printerName(names, station.receipt_printer_id)}  drawer: ${printerName(names, station.drawer_printer_id)}`;
}

const printerNames = (db: TillDatabase) => new Map(printerRows(db).map((p) => [p.id, p.name]));

/**
 * `pos stations`: the branch's stations (each screen its own till: a name,
 * a code for its order numbers, a kind and its printers). Whoever holds the
 * database file is trusted, as with `pos cashiers`; a running host refuses
 * a removed station's next call and closes its sockets (BranchStations
 * notices a removal made by this other process).
 */
export async function stationsCommand(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    'stations',
    argv,
    {
      db: { type: 'string' },
      code: { type: 'string' },
      kind: { type: 'string' },
      'receipt-printer': { type: 'string' },
      'drawer-printer': { type: 'string' },
      shows: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
    true,
  );
  const [action = 'list', ...args] = positionals;
  const dbFile = requireOption('stations', 'db', values.db);
  const only = (what: string, count: number) => {
    if (args.length !== count) throw new UsageError(`pos stations: ${action} takes ${what}`);
    return args;
  };
  if (action !== 'add' && (values.code ?? values.kind ?? values['receipt-printer'] ?? values['drawer-printer'] ?? values.shows) !== undefined)
    throw new UsageError('pos stations: --code, --kind, --receipt-printer, --drawer-printer and --shows go with add');
  if (!['list', 'add', 'rename', 'remove', 'shows'].includes(action))
    throw new UsageError(`pos stations: say what to do: list, add, rename, remove or shows (not "${action}")`);
  if (action === 'list') only('nothing more', 0);
  if (action === 'add') only('one NAME (quote a name with spaces)', 1);
  if (action === 'rename') only('CODE and NAME (quote a name with spaces)', 2);
  if (action === 'remove') only('one CODE', 1);
  if (action === 'shows') only("a customer display's CODE and the COUNTER whose cart it shows (or none)", 2);
  const kind = values.kind ?? 'counter';
  if (!STATION_KINDS.includes(kind as StationKind)) throw new UsageError(`pos stations: --kind must be ${STATION_KINDS.join(', ')}, not "${kind}"`);

  const db = openDatabase(dbFile);
  try {
    if (action === 'list') {
      const stations = listStations(db);
      const names = printerNames(db);
      io.out(values.json ? JSON.stringify(stations) : stations.map((s) => describe(s, names)).join('\n'));
      return 0;
    }
    let station: Station;
    let done: string;
    if (action === 'add') {
      station = addStation(
        db,
        {
          name: args[0]!,
          code: requireOption('stations', 'code', values.code),
          kind: kind as StationKind,
          receipt_printer_id: values['receipt-printer'] ?? null,
          drawer_printer_id: values['drawer-printer'] ?? null,
          shows_cart_of: values.shows ?? null,
        },
        Date.now(),
      );
      done =
        station.kind === 'counter'
          ? `Added station ${station.code}, "${station.name}": its orders are numbered ${station.code}-001, ${station.code}-002, … each business day.`
          : station.kind === 'customer_display'
            ? `Added customer display ${station.code}, "${station.name}": it shows the cart of ${station.shows_cart_of === null ? 'no counter yet (pos stations shows)' : `counter ${station.shows_cart_of}`}.`
            : `Added ${station.kind.replace('_', ' ')} ${station.code}, "${station.name}".`;
    } else if (action === 'rename') {
      station = renameStation(db, args[0]!, args[1]!);
      done = `Station ${station.code} is now "${station.name}".`;
    } else if (action === 'shows') {
      const counter = args[1]!.toLowerCase() === 'none' ? null : args[1]!;
      station = setDisplayCounter(db, args[0]!, counter);
      // A running host reads it at the next change of that counter's cart (or when the display reconnects).
      done =
        counter === null
          ? `Customer display ${station.code} shows no counter: it stays idle.`
          : `Customer display ${station.code} shows the cart of counter ${counter}.`;
    } else {
      station = removeStation(db, args[0]!, Date.now());
      done = `Removed station ${station.code}, "${station.name}": its screens are refused from their next call; its code is not given again.`;
    }
    if (values.json) io.out(JSON.stringify(station));
    else {
      io.out(describe(station, printerNames(db)));
      io.err(done);
    }
    return 0;
  } finally {
    db.close();
  }
}
