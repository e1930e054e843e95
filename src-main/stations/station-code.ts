import { TillError } from '../../src-shared/errors/index.ts';
import type { TillDatabase } from '../db/index.ts';
import { firstCounter, stationOfCode, type Station } from './station-store.ts';
import { LOCAL_STATION } from './station-context.ts';

/**
 * The station a key sells as: a key that is a station's code is that
 * station (even removed); the till's own `local` station (the CLI, the
 * host's window) and an in-process caller bound to no station are the first
 * counter, the till as it was before stations. No screen on the network gets
 * here without a station code: the web host places each screen itself and
 * refuses one it cannot place (issue 32; host/http/screen-stations.ts).
 */
function stationOfKey(db: TillDatabase, key: string): Station {
  return (key === LOCAL_STATION ? null : stationOfCode(db, key)) ?? firstCounter(db);
}

/**
 * The code a station's orders and drawer go under (its order numbers are
 * CODE-001…). A removed station sells nothing: its code is never given
 * again. `station-code.ts` is the one seam: bind pairing to a code here.
 */
export function stationCodeOf(db: TillDatabase, key: string): string {
  const station = stationOfKey(db, key);
  if (station.revoked_at !== null)
    throw new TillError('not_allowed', `station ${station.code} ("${station.name}") was removed: pair this screen again as another station`, {
      code: 'station.removed',
      params: { code: station.code, name: station.name },
    });
  return station.code;
}

/** The key's station code while the station is in use; null once it was removed. */
export function liveStationCodeOf(db: TillDatabase, key: string): string | null {
  const station = stationOfKey(db, key);
  return station.revoked_at === null ? station.code : null;
}
