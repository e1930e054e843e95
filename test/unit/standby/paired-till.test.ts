import { afterEach, beforeEach, expect, it } from 'vitest';
import { openDatabase, type TillDatabase } from '../../../src-main/db/index.ts';
import { EventHub, TillHost } from '../../../src-main/host/index.ts';
import { FileSecretStore } from '../../../src-main/secrets/index.ts';
import { openPairedFile, pairTill, writeStandbyState } from '../../../src-main/standby/index.ts';
import { ManualClock } from '../../support/manual-clock.ts';
import { tempDir } from '../../support/temp-dir.ts';

// Issue 36: pairTill is the one wiring of a till with its standby pair that
// every root running a till calls (`pos serve` today; the desktop app's main
// process next). Here a real TillHost on a real file, composed as a root
// would: the Stations tab's standby panel and code go to the pair, the
// till's uploads wait on the pair's barrier, the events are held by it, and
// the till starts only where the file says this machine is the hub.

let dir: ReturnType<typeof tempDir>;
let db: TillDatabase;
let stop: (() => Promise<void>) | null = null;
beforeEach(() => {
  dir = tempDir('till-paired-');
  db = openDatabase(dir.file('till.db'));
});
afterEach(async () => {
  await stop?.();
  stop = null;
  db.close();
  dir.cleanup();
});

function compose(clock = new ManualClock(0)) {
  const events = new EventHub();
  const secrets = new FileSecretStore(db);
  const started: string[] = [];
  let waitFor: (() => Promise<void>) | null = null;
  const parts = pairTill({
    dbFile: dir.file('till.db'),
    db,
    openDatabase: openPairedFile,
    clock,
    makeTill: (wait) => {
      waitFor = wait;
      const till = new TillHost({ db, events, secrets, uploadsWaitFor: wait });
      const start = till.start.bind(till);
      till.start = () => {
        started.push('till');
        start();
      };
      return till;
    },
    events,
    secrets,
    onSteppedDown: () => {},
    log: () => {},
  });
  stop = async () => {
    await parts.pair.stop();
    await parts.till.stop();
  };
  return { ...parts, started, waitFor: () => waitFor! };
}

it('a hub: the till starts, the Stations tab reads the pair and makes a standby code through it, the waits pass with no standby', async () => {
  const { till, pair, started, waitFor } = compose();
  pair.listening('http://192.168.1.20:4780');
  expect(started).toEqual(['till']);
  // Without pairTill the host answers "no standby here" (role null) and refuses a code.
  expect(await till.branchStations.standbyStatus()).toMatchObject({ role: 'hub', hub: 'http://192.168.1.20:4780', connected: false });
  const code = await till.branchStations.standbyCode();
  expect(code.code).toMatch(/^\d{6}$/);
  expect(code.hub).toBe('http://192.168.1.20:4780');
  // No standby connected: the hub answers alone, and says so.
  await expect(waitFor()()).resolves.toBeUndefined();
  expect(pair.status().hub).toMatchObject({ answering_alone: true });
});

it('a file that is a fenced old hub: the till never starts, and every write through the api is refused with where the hub is', async () => {
  writeStandbyState(db, { role: 'fenced', epoch: 3, peer_url: 'http://10.0.0.9:4780' });
  const { api, started, pair } = compose();
  expect(started).toEqual([]);
  expect(pair.currentRole).toBe('fenced');
  await expect(api.addCashier({ name: 'Mona', role: 'manager', pin: '2468' })).rejects.toMatchObject({
    reason: { code: 'standby.moved', params: { hub: 'http://10.0.0.9:4780' } },
  });
});
