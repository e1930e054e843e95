import type { TillDatabase } from '../db/index.ts';
import { readOrderNumbering, TILL_CODE_PATTERN } from '../orders/index.ts';
import { LOCAL_STATION } from './station-context.ts';

/**
 * The code a station's orders and drawer go under (its order numbers are
 * CODE-001…). A key that is a station's code is that station; the till's
 * own `local` station (the CLI, the host's window) and a screen bound to no
 * station are the first counter, the till as it was: the till code, or A.
 */
export function stationCodeOf(db: TillDatabase, key: string): string {
  if (key !== LOCAL_STATION && TILL_CODE_PATTERN.test(key)) return key;
  return readOrderNumbering(db).tillCode ?? 'A';
}
