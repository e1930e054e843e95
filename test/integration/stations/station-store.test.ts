import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_MIGRATIONS_DIR, openDatabase, type TillDatabase } from '../../../src-main/db/index.ts';
import { putSetting } from '../../../src-main/settings/index.ts';
import {
  addStation,
  firstCounter,
  listStations,
  removeStation,
  renameStation,
  setStationPrinters,
  stationByCode,
  stationOfCode,
} from '../../../src-main/stations/index.ts';
import { TillError } from '../../../src-shared/till/index.ts';
import { tempDir } from '../../support/temp-dir.ts';

// Issue 20, part 2: the branch's stations, kept in the till's SQLite file.

let dir: ReturnType<typeof tempDir>;
let db: TillDatabase;

beforeEach(() => {
  dir = tempDir('stations-');
});
afterEach(() => {
  db?.close();
  dir.cleanup();
});

/** A till as it was before stations (migrations up to 0010), with `till.code` set or not, then opened by this build. */
function tillBeforeStations(code: string | null): TillDatabase {
  const old = join(dir.path, 'migrations-0010');
  mkdirSync(old);
  for (const name of readdirSync(DEFAULT_MIGRATIONS_DIR).filter((n) => n.endsWith('.sql') && n < '0011'))
    copyFileSync(join(DEFAULT_MIGRATIONS_DIR, name), join(old, name));
  const before = openDatabase(dir.file('till.db'), { migrationsDir: old });
  if (code !== null) putSetting(before, 'till.code', code);
  before.close();
  return openDatabase(dir.file('till.db'));
}

function refusal(fn: () => unknown): TillError {
  try {
    fn();
  } catch (error) {
    if (error instanceof TillError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('the stations registry', () => {
  it("makes the first station from the till's code when it was set", () => {
    db = tillBeforeStations('TK');
    expect(listStations(db)).toEqual([
      expect.objectContaining({ code: 'TK', name: 'Counter TK', kind: 'counter', receipt_printer_id: null, drawer_printer_id: null, revoked_at: null }),
    ]);
    expect(firstCounter(db).code).toBe('TK');
  });

  it('makes station A when the till had no code', () => {
    db = tillBeforeStations(null);
    expect(listStations(db).map((s) => [s.code, s.name])).toEqual([['A', 'Counter A']]);
  });

  it('adds, finds, renames and sets printers; refuses bad codes, taken codes, empty names and unknown printers', () => {
    db = openDatabase(dir.file('till.db'));
    db.prepare("INSERT INTO printers (id, name, settings) VALUES ('p-1', 'Front', '{}'), ('p-2', 'Bar', '{}')").run();
    const b = addStation(db, { name: '  Counter\u202E B ', code: 'B', receipt_printer_id: 'p-1', drawer_printer_id: 'p-2' }, 1_000);
    expect(b).toMatchObject({ code: 'B', name: 'Counter B', kind: 'counter', receipt_printer_id: 'p-1', drawer_printer_id: 'p-2', created_at: 1_000 });
    expect(stationByCode(db, 'B')).toEqual(b);
    expect(listStations(db).map((s) => s.code)).toEqual(['A', 'B']);

    expect(refusal(() => addStation(db, { name: 'x', code: 'b' }, 0)).reason).toEqual({ code: 'station.codeInvalid', params: { code: 'b' } });
    expect(refusal(() => addStation(db, { name: 'x', code: 'ABC' }, 0)).reason?.code).toBe('station.codeInvalid');
    expect(refusal(() => addStation(db, { name: 'Again', code: 'B' }, 0)).reason).toEqual({
      code: 'station.codeTaken',
      params: { code: 'B', name: 'Counter B' },
    });
    expect(refusal(() => addStation(db, { name: '   ', code: 'C' }, 0)).reason?.code).toBe('station.nameEmpty');
    expect(refusal(() => addStation(db, { name: 'x'.repeat(41), code: 'C' }, 0)).reason?.code).toBe('station.nameTooLong');
    expect(refusal(() => addStation(db, { name: 'C', code: 'C', receipt_printer_id: 'nope' }, 0)).reason).toEqual({
      code: 'station.printerUnknown',
      params: { printer: 'nope' },
    });
    expect(stationByCode(db, 'C')).toBeNull();

    expect(renameStation(db, 'B', 'Drive-through').name).toBe('Drive-through');
    expect(setStationPrinters(db, 'B', { receipt_printer_id: 'p-2', drawer_printer_id: null })).toMatchObject({
      receipt_printer_id: 'p-2',
      drawer_printer_id: null,
    });
    expect(refusal(() => renameStation(db, 'Z', 'x')).reason).toEqual({ code: 'station.unknown', params: { code: 'Z' } });
  });

  it('removes a station by marking it, never gives its code again, and never removes the last counter', () => {
    db = openDatabase(dir.file('till.db'));
    addStation(db, { name: 'Kitchen screen', code: 'K', kind: 'kitchen_display' }, 1);
    addStation(db, { name: 'Counter B', code: 'B' }, 2);

    const removed = removeStation(db, 'A', 5_000);
    expect(removed).toMatchObject({ code: 'A', revoked_at: 5_000 });
    expect(stationByCode(db, 'A')).toBeNull();
    expect(stationOfCode(db, 'A')?.name).toBe('Counter A');
    expect(listStations(db).map((s) => s.code)).toEqual(['K', 'B']);
    expect(listStations(db, { removed: true }).map((s) => s.code)).toEqual(['A', 'K', 'B']);
    expect(firstCounter(db).code).toBe('B');

    // B is now the only counter: the kitchen display does not sell.
    expect(refusal(() => removeStation(db, 'B', 6_000)).reason).toEqual({ code: 'station.lastCounter', params: { code: 'B', name: 'Counter B' } });
    expect(removeStation(db, 'K', 6_000).revoked_at).toBe(6_000);
    expect(refusal(() => removeStation(db, 'A', 7_000)).reason?.code).toBe('station.unknown');
    expect(refusal(() => addStation(db, { name: 'New A', code: 'A' }, 8_000)).reason).toEqual({
      code: 'station.codeRemoved',
      params: { code: 'A', name: 'Counter A' },
    });
    // The database itself keeps the rules, whoever writes.
    expect(() => db.prepare("INSERT INTO stations (code, name, kind, created_at) VALUES ('a', 'x', 'counter', 0)").run()).toThrow(/CHECK/);
    expect(() => db.prepare("INSERT INTO stations (code, name, kind, created_at) VALUES ('Q', 'x', 'till', 0)").run()).toThrow(/CHECK/);
  });
});
