import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type TillDatabase } from '../../../src-main/db/index.ts';
import { addStation, LOCAL_STATION } from '../../../src-main/stations/index.ts';
import { liveStationCodeOf, stationCodeOf } from '../../../src-main/stations/station-code.ts';
import { TillError } from '../../../src-shared/errors/index.ts';
import { tempDir } from '../../support/temp-dir.ts';

// A key shaped like a station code that this till does not have is refused, never made the first counter (docs/security.md).
describe('the station a key sells as', () => {
  const dir = tempDir('till-station-code-');
  let db: TillDatabase;
  afterEach(() => db?.close());

  it('is the station its code names, the first counter for the till itself, and refused for a code it does not have', () => {
    db = openDatabase(dir.file(`codes-${Date.now()}.db`));
    addStation(db, { name: 'Counter B', code: 'B' }, 0);
    expect(stationCodeOf(db, 'B')).toBe('B');
    expect(stationCodeOf(db, LOCAL_STATION)).toBe('A');
    expect(stationCodeOf(db, 'host-window')).toBe('A');
    let refusal: unknown;
    try {
      stationCodeOf(db, 'Q');
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(TillError);
    expect((refusal as TillError).reason).toEqual({ code: 'station.notPaired' });
    // Asked whether a screen is somewhere, an unknown code is nowhere rather than an error for someone else's sign-in.
    expect(liveStationCodeOf(db, 'Q')).toBeNull();
  });
});
