import { TillError } from '../../src-shared/till/index.ts';
import type { TillDatabase } from '../db/index.ts';
import { firstCounter, stationOfCode } from '../stations/index.ts';
import { LOCAL_STATION } from './station-context.ts';

/**
 * The code a station's orders and drawer go under (its order numbers are
 * CODE-001…). A key that is a station's code is that station; the till's
 * own `local` station (the CLI, the host's window) and a screen bound to no
 * station are the first counter, the till as it was before stations. A
 * removed station sells nothing: its code is never given again.
 */
export function stationCodeOf(db: TillDatabase, key: string): string {
  if (key !== LOCAL_STATION) {
    const station = stationOfCode(db, key);
    if (station && station.revoked_at !== null)
      throw new TillError('not_allowed', `station ${station.code} ("${station.name}") was removed: pair this screen again as another station`, {
        code: 'station.removed',
        params: { code: station.code, name: station.name },
      });
    if (station) return station.code;
  }
  return firstCounter(db).code;
}
