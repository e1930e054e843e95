import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { TillError } from '../../../src-shared/errors/index.ts';
import type { TillApi } from '../../../src-shared/api/index.ts';
import { openDatabase, type TillDatabase } from '../../../src-main/db/index.ts';
import { BranchStations, REMOVAL_POLL_MS } from '../../../src-main/host/branch-stations.ts';
import { STATION_REMOVED_CLOSE } from '../../../src-main/host/http/index.ts';
import { addStation, removeStation } from '../../../src-main/stations/index.ts';
import { emulatedService, type EmulatedService } from '../../support/emulated-service.ts';
import { ManualClock } from '../../support/manual-clock.ts';
import { pairDevice, startWebHost, type WebHost } from '../../support/till-web-host.ts';
import { refusal } from '../../support/refusal.ts';

// Issue 20: `pos stations remove` in another process, while `pos serve`
// runs on the same file. The running host used to keep that station's
// sockets open (only a removal through the host itself closed them). It
// now notices, on the removed station's next call or on its slow poll of
// SQLite's data_version (on the host's clock), and closes them with 4403,
// as the in-process removal does; every call of theirs is refused.

let service: EmulatedService;
let web: WebHost;
let clock: ManualClock;
/** A second connection to the hub's file: the other process's `pos stations remove`. */
let other: TillDatabase;

beforeEach(async () => {
  service = await emulatedService({ seed: 33 });
  clock = new ManualClock();
  web = await startWebHost(service, { dbName: 'hub.db', pairing: true, clock });
  other = openDatabase(service.dir.file('hub.db'));
});
afterEach(async () => {
  other.close();
  await web.close();
  await service.close();
});

function closeCode(socket: WebSocket): { code: () => number | null; closed: Promise<number> } {
  let code: number | null = null;
  const closed = new Promise<number>((resolve) => socket.once('close', (c: number) => resolve((code = c))));
  return { code: () => code, closed };
}

/** Stations B and C with a paired screen each: a raw socket (to see how it closes) and the renderer's transport. */
async function twoTablets() {
  addStation(web.db, { name: 'Counter B', code: 'B' }, clock.now());
  addStation(web.db, { name: 'Counter C', code: 'C' }, clock.now());
  const cookieB = await pairDevice(web, 'B');
  const cookieC = await pairDevice(web, 'C');
  const rawB = await web.rawSocket({ origin: web.origin, cookie: cookieB });
  const rawC = await web.rawSocket({ origin: web.origin, cookie: cookieC });
  const b: TillApi = (await web.connect({ origin: web.origin, cookie: cookieB })).api;
  const c: TillApi = (await web.connect({ origin: web.origin, cookie: cookieC })).api;
  // Both answer before anything is removed.
  await b.staffState();
  await c.staffState();
  return { rawB: closeCode(rawB), rawC: closeCode(rawC), b, c, cookieB };
}

describe('a station removed by another process while the host runs', () => {
  it('the host’s slow poll of data_version closes its sockets with 4403; other stations stay', async () => {
    const { rawB, rawC, c } = await twoTablets();
    removeStation(other, 'B', clock.now());
    // Nothing is noticed before the poll comes round: the host's clock decides, not the machine's speed.
    clock.advance(REMOVAL_POLL_MS - 1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(rawB.code()).toBeNull();
    clock.advance(1);
    expect(await rawB.closed).toBe(STATION_REMOVED_CLOSE);
    // C was not removed: its socket stays open and its calls answer.
    expect(rawC.code()).toBeNull();
    expect((await c.staffState()).cashier).toBeNull();
    // A later poll with no new removal closes nothing more.
    clock.advance(REMOVAL_POLL_MS * 3);
    await c.staffState();
    expect(rawC.code()).toBeNull();
  });

  it('a call from the removed station is refused, and its sockets close at once, before any poll', async () => {
    const { rawB, b, cookieB } = await twoTablets();
    removeStation(other, 'B', clock.now());
    const refused = await refusal(b.staffState());
    expect(refused).toBeInstanceOf(TillError);
    expect(refused).toMatchObject({ code: 'not_allowed', reason: { code: 'station.removed', params: { code: 'B' } } });
    expect(await rawB.closed).toBe(STATION_REMOVED_CLOSE);
    // Its page says so too (the device shows the removed-station page on reload).
    expect((await fetch(`http://${web.base}/`, { headers: { cookie: cookieB } })).status).toBe(403);
  });

  it('the watch stops quietly when its file is closed under it (a host whose process is ending)', () => {
    const db = openDatabase(service.dir.file('closing.db'));
    const watchClock = new ManualClock();
    const stations = new BranchStations(db, () => watchClock.now());
    const removed: string[] = [];
    stations.onRemoved((code) => removed.push(code));
    stations.watch(watchClock, REMOVAL_POLL_MS);
    addStation(db, { name: 'Counter B', code: 'B' }, watchClock.now());
    const elsewhere = openDatabase(service.dir.file('closing.db'));
    removeStation(elsewhere, 'B', watchClock.now());
    elsewhere.close();
    watchClock.advance(REMOVAL_POLL_MS);
    expect(removed).toEqual(['B']);
    db.close();
    expect(() => watchClock.advance(REMOVAL_POLL_MS)).not.toThrow();
    expect(watchClock.waiting).toBe(0);
  });
});
