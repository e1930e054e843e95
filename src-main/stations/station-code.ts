import { TillError } from '../../src-shared/errors/index.ts';
import type { TillDatabase } from '../db/index.ts';
import { firstCounter, stationOfCode, type Station } from './station-store.ts';
import { STATION_CODE_PATTERN } from '../../src-shared/stations/index.ts';
import { LOCAL_STATION } from './station-context.ts';

/**
 * The station a key sells as. A key shaped like a station code is that
 * station (even removed), or refused when this till has no such station:
 * the web host gives each network screen its station's code and refuses one
 * it cannot place (host/http/screen-stations.ts), and a code that names no
 * station is refused here again, never made the first counter
 * (docs/security.md). Any other key is an in-process caller (the CLI's and
 * the host window's `local`, a test's facade): the first counter, the till
 * as it was before stations.
 */
function stationOfKey(db: TillDatabase, key: string): Station | null {
  if (key === LOCAL_STATION || !STATION_CODE_PATTERN.test(key)) return firstCounter(db);
  return stationOfCode(db, key);
}

function placedStationOfKey(db: TillDatabase, key: string): Station {
  const station = stationOfKey(db, key);
  if (station) return station;
  throw new TillError('not_allowed', `this screen names station ${key}, which this till does not have: pair it again`, {
    code: 'station.notPaired',
  });
}

/**
 * The code a station's orders and drawer go under (its order numbers are
 * CODE-001…). A removed station sells nothing: its code is never given
 * again. `station-code.ts` is the one seam: bind pairing to a code here.
 */
export function stationCodeOf(db: TillDatabase, key: string): string {
  const station = placedStationOfKey(db, key);
  if (station.revoked_at !== null)
    throw new TillError('not_allowed', `station ${station.code} ("${station.name}") was removed: pair this screen again as another station`, {
      code: 'station.removed',
      params: { code: station.code, name: station.name },
    });
  return station.code;
}

/** The key's station code while the station is in use; null once it was removed, or for a code this till does not have. */
export function liveStationCodeOf(db: TillDatabase, key: string): string | null {
  const station = stationOfKey(db, key);
  return station !== null && station.revoked_at === null ? station.code : null;
}
