// The one owner of the `stations` table (migration 0011): the branch's
// stations, each screen its own till. Removing a station keeps its row with
// revoked_at (its orders and shifts name it) and never frees its code.

import type { Selectable } from 'kysely';
import { cleanLine } from '../../src-shared/text/index.ts';
import {
  STATION_CODE_PATTERN,
  STATION_KINDS,
  STATION_NAME_MAX,
  type Station as StationView,
  type StationKind as Kind,
} from '../../src-shared/stations/index.ts';
import { TillError } from '../../src-shared/errors/index.ts';
import { printerRows } from '../catalog/index.ts';
import { all, first, param, prepared, run, q, type TillDatabase, type TillSchema } from '../db/index.ts';
import { forgetStationDevices } from './station-devices.ts';

/** A station as src-shared/stations describes it (the same type the screens get). */
export type Station = StationView;
export type StationKind = Kind;

type StationRow = Selectable<TillSchema['stations']>;

const view = (row: StationRow): Station => ({ ...row, kind: row.kind as StationKind });

const rows = () => q.selectFrom('stations').selectAll();

/** The stations in use, oldest first (the first is the till as it was before stations); with `removed`, the removed ones too. */
export function listStations(db: TillDatabase, options: { removed?: boolean } = {}): Station[] {
  const query = options.removed ? rows() : rows().where('revoked_at', 'is', null);
  return all(db, query.orderBy('id')).map(view);
}

/** The station in use with this code, or null (no such station, or removed). */
export function stationByCode(db: TillDatabase, code: string): Station | null {
  const row = first(db, rows().where('code', '=', code).where('revoked_at', 'is', null));
  return row ? view(row) : null;
}

// Every sale and cart change asks for its station (station-code.ts): compiled once.
const OF_CODE = prepared<{ code: string }>()(rows().where('code', '=', param<string>('code')));
const FIRST_COUNTER = prepared()(rows().where('kind', '=', 'counter').where('revoked_at', 'is', null).orderBy('id').limit(1));

/** The station with this code even when removed (history: an old order's station), or null. */
export function stationOfCode(db: TillDatabase, code: string): Station | null {
  const row = OF_CODE.get(db, { code });
  return row ? view(row) : null;
}

/** The first counter in use: the station of the host's own window unless a manager chose another. */
export function firstCounter(db: TillDatabase): Station {
  const row = FIRST_COUNTER.get(db, {});
  // removeStation never removes the last counter, and the migration makes the first.
  if (!row) throw new TillError('not_found', 'this till has no station in use; add one with `pos stations add NAME --code A`', { code: 'station.none' });
  return view(row);
}

export interface NewStation {
  name: string;
  code: string;
  kind?: StationKind;
  receipt_printer_id?: string | null;
  drawer_printer_id?: string | null;
  /** A customer display's counter (its code); only for kind customer_display. */
  shows_cart_of?: string | null;
}

function checkedName(name: string): string {
  const clean = cleanLine(name).trim();
  if (clean === '') throw new TillError('invalid_input', 'a station needs a name, like "Counter B"', { code: 'station.nameEmpty' });
  if ([...clean].length > STATION_NAME_MAX)
    throw new TillError('invalid_input', `a station's name has at most ${STATION_NAME_MAX} characters`, {
      code: 'station.nameTooLong',
      params: { max: STATION_NAME_MAX },
    });
  return clean;
}

function checkedCode(code: string): string {
  if (!STATION_CODE_PATTERN.test(code))
    throw new TillError('invalid_input', `the station code "${code}" is not one or two capital letters A–Z, like B or TK`, {
      code: 'station.codeInvalid',
      params: { code },
    });
  return code;
}

function checkedPrinter(db: TillDatabase, id: string | null | undefined): string | null {
  if (id === null || id === undefined) return null;
  if (!printerRows(db).some((printer) => printer.id === id))
    throw new TillError('invalid_input', `the catalog has no printer "${id}"; list the printers with \`pos printers\` (sync the catalog first)`, {
      code: 'station.printerUnknown',
      params: { printer: id },
    });
  return id;
}

/** Adds a station; its code must never have been used (a removed station's code stays its own). */
export function addStation(db: TillDatabase, input: NewStation, now: number): Station {
  const name = checkedName(input.name);
  const code = checkedCode(input.code);
  const kind = input.kind ?? 'counter';
  if (!STATION_KINDS.includes(kind))
    throw new TillError('invalid_input', `a station's kind is one of ${STATION_KINDS.join(', ')}`, { code: 'station.kindInvalid', params: { kind } });
  const receipt = checkedPrinter(db, input.receipt_printer_id);
  const drawer = checkedPrinter(db, input.drawer_printer_id);
  return db
    .transaction(() => {
      const showsCartOf = checkedCounter(db, kind, code, input.shows_cart_of ?? null);
      const taken = stationOfCode(db, code);
      if (taken?.revoked_at === null)
        throw new TillError('invalid_input', `the code ${code} is already the station "${taken.name}"; pick another code`, {
          code: 'station.codeTaken',
          params: { code, name: taken.name },
        });
      if (taken)
        throw new TillError(
          'invalid_input',
          `the code ${code} belonged to the removed station "${taken.name}" and its order numbers; pick another code so ${code}-numbers keep meaning one station`,
          { code: 'station.codeRemoved', params: { code, name: taken.name } },
        );
      run(
        db,
        q
          .insertInto('stations')
          .values({ code, name, kind, receipt_printer_id: receipt, drawer_printer_id: drawer, shows_cart_of: showsCartOf, created_at: now, revoked_at: null }),
      );
      return stationByCode(db, code)!;
    })
    .immediate();
}

/** The counter a customer display shows: a counter in use, and only ever for a customer display. */
function checkedCounter(db: TillDatabase, kind: StationKind, display: string, counter: string | null): string | null {
  if (counter === null) return null;
  if (kind !== 'customer_display')
    throw new TillError('invalid_input', `only a customer display shows a counter's cart; station ${display} is a ${kind}`, {
      code: 'station.notCustomerDisplay',
      params: { code: display },
    });
  const station = stationByCode(db, counter);
  if (station?.kind !== 'counter')
    throw new TillError('invalid_input', `a customer display shows the cart of a counter in use, and ${counter} is none; list them with \`pos stations\``, {
      code: 'station.notACounter',
      params: { code: counter },
    });
  return counter;
}

function inUse(db: TillDatabase, code: string): Station {
  const station = stationByCode(db, code);
  if (!station)
    throw new TillError('not_found', `this till has no station with the code ${code}; list them with \`pos stations\``, {
      code: 'station.unknown',
      params: { code },
    });
  return station;
}

export function renameStation(db: TillDatabase, code: string, name: string): Station {
  const clean = checkedName(name);
  inUse(db, code);
  run(db, q.updateTable('stations').set({ name: clean }).where('code', '=', code).where('revoked_at', 'is', null));
  return inUse(db, code);
}

/** Makes a customer display show this counter's cart (null: none, it stays idle). */
export function setDisplayCounter(db: TillDatabase, code: string, counter: string | null): Station {
  return db
    .transaction(() => {
      const display = inUse(db, code);
      const showsCartOf = checkedCounter(db, display.kind, code, counter);
      run(db, q.updateTable('stations').set({ shows_cart_of: showsCartOf }).where('id', '=', display.id));
      return inUse(db, code);
    })
    .immediate();
}

/** The customer displays in use that show this counter's cart. */
export function displaysOfCounter(db: TillDatabase, counter: string): Station[] {
  return all(db, rows().where('kind', '=', 'customer_display').where('shows_cart_of', '=', counter).where('revoked_at', 'is', null).orderBy('id')).map(view);
}

/** Sets which printers print this station's receipts and open its drawer (null: the till's usual one). */
export function setStationPrinters(db: TillDatabase, code: string, printers: { receipt_printer_id: string | null; drawer_printer_id: string | null }): Station {
  const receipt = checkedPrinter(db, printers.receipt_printer_id);
  const drawer = checkedPrinter(db, printers.drawer_printer_id);
  inUse(db, code);
  run(db, q.updateTable('stations').set({ receipt_printer_id: receipt, drawer_printer_id: drawer }).where('code', '=', code).where('revoked_at', 'is', null));
  return inUse(db, code);
}

/**
 * Removes (revokes) a station: its row stays, marked, its paired devices
 * are forgotten, and its code is never given again. The last counter in use is never removed: nothing could sell.
 * Closing the station's open connections is the host's part.
 */
export function removeStation(db: TillDatabase, code: string, now: number): Station {
  return db
    .transaction(() => {
      const station = inUse(db, code);
      const counters = listStations(db).filter((s) => s.kind === 'counter');
      if (station.kind === 'counter' && counters.length === 1)
        throw new TillError('invalid_input', `"${station.name}" (${code}) is the last counter; add another station before removing it`, {
          code: 'station.lastCounter',
          params: { code, name: station.name },
        });
      run(db, q.updateTable('stations').set({ revoked_at: now }).where('id', '=', station.id));
      // Its paired devices are unpaired for good: a code once removed is never a station again.
      forgetStationDevices(db, code);
      return stationOfCode(db, code)!;
    })
    .immediate();
}
