// A new counter with the next code never used (issue 32): the station a
// screen the host cannot otherwise place becomes — a tablet paired with a code
// that named no station, a second manager's browser — so that no screen ever
// joins another screen's cart and sign-in by default.

import { TillError } from '../../src-shared/errors/index.ts';
import type { TillDatabase } from '../db/index.ts';
import { addStation, listStations, type Station } from './station-store.ts';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** Every station code in the order they are given: A…Z, then AA…ZZ. */
const CODES = [...LETTERS, ...[...LETTERS].flatMap((first) => [...LETTERS].map((second) => first + second))];

/** The first code no station ever had (a removed station's code is never given again), or null when all 702 are used. */
export function nextFreeCode(db: TillDatabase): string | null {
  const taken = new Set(listStations(db, { removed: true }).map((station) => station.code));
  return CODES.find((code) => !taken.has(code)) ?? null;
}

/**
 * Adds a counter named "Counter X" with the next free code, in one
 * immediate transaction (another process adding a station at the same time
 * waits, so two screens never get one code). The manager renames it on the
 * Stations tab.
 */
export function addNextCounter(db: TillDatabase, now: number): Station {
  return db
    .transaction(() => {
      const code = nextFreeCode(db);
      if (code === null)
        throw new TillError(
          'not_allowed',
          'this till has used all 702 station codes: make the pairing code on the row of a station in use (Branch screen → Stations)',
          {
            code: 'station.noFreeCode',
          },
        );
      return addStation(db, { name: `Counter ${code}`, code }, now);
    })
    .immediate();
}
