import { afterEach, beforeEach, expect, it } from 'vitest';
import { request } from 'node:http';
import { systemClock } from '../../../src-main/clock/index.ts';
import { openDatabase, type TillDatabase } from '../../../src-main/db/index.ts';
import { setSetting } from '../../../src-main/settings/index.ts';
import { prepareDesktopFile, startDesktopPair, type DesktopPair } from '../../../src-main/electron/desktop-pair.ts';
import { STANDBY_DB_FILE } from '../../../src-main/electron/hub-choice.ts';
import { EventHub, pairHandover, SERVICE_TOKEN_SECRET, TillHost } from '../../../src-main/host/index.ts';
import { FileSecretStore } from '../../../src-main/secrets/index.ts';
import { openPairedFile, REJOIN_KEY_SECRET } from '../../../src-main/standby/index.ts';
import { eventually } from '../../support/manual-clock.ts';
import { startServeHub, type ServeHub } from '../../support/serve-hub.ts';
import { tempDir } from '../../support/temp-dir.ts';

// Issue 36, the desktop till as a hub with a standby: the desktop's own
// composition (src-main/electron/desktop-pair.ts, free of electron: the
// same pairTill as `pos serve`, and a listener for the standby's routes
// only) on a real file in this process; the standby a real `pos serve
// --standby-of` process paired with a code made the way the Stations tab
// makes it. A write the desktop hub answers is on the standby's file
// already when the answer comes (synchronous).

let dir: ReturnType<typeof tempDir>;
let db: TillDatabase;
let hub: DesktopPair<TillHost> | null = null;
let standby: ServeHub | null = null;
let desktopStandby: { pair: DesktopPair<TillHost>; db: TillDatabase } | null = null;

beforeEach(() => {
  dir = tempDir('till-desktop-pair-');
  db = openDatabase(dir.file('till.db'));
  // A slow standby on a loaded machine is never dropped: a write answered alone would be missing from the file the tests read.
  setSetting(db, 'hub.standby_ack_seconds', 600);
});
afterEach(async () => {
  await standby?.stop();
  if (desktopStandby) {
    await desktopStandby.pair.close();
    await desktopStandby.pair.till.stop();
    desktopStandby.db.close();
    desktopStandby = null;
  }
  await hub?.close();
  await hub?.till.stop();
  standby = null;
  hub = null;
  db.close();
  dir.cleanup();
});

/** A desktop till composed as main.ts composes it (desktop-pair.ts), over `file`: the hub's or a standby's. */
async function desktopTill(file: string, tillDb: TillDatabase): Promise<DesktopPair<TillHost>> {
  const events = new EventHub();
  const secrets = new FileSecretStore(tillDb);
  return startDesktopPair({
    dbFile: file,
    db: tillDb,
    openDatabase: openPairedFile,
    clock: systemClock,
    makeTill: (waitFor) => new TillHost({ db: tillDb, events, secrets, uploadsWaitFor: waitFor }),
    events,
    secrets,
    handover: pairHandover(tillDb, secrets, () => {}),
    onSteppedDown: () => {},
    log: () => {},
    listen: { host: '127.0.0.1', port: 0, advertise: (port) => `http://127.0.0.1:${port}` },
  });
}

it('a desktop till chosen as "the standby of that hub" pairs with its code, follows the desktop hub, refuses writes naming it, and has every answered write', async () => {
  // The hub is signed in to the service: its token goes to the standby (handover), so a takeover uploads at once.
  new FileSecretStore(db).set(SERVICE_TOKEN_SECRET, 'service-token-of-the-hub');
  hub = await desktopTill(dir.file('till.db'), db);
  const { code } = await hub.till.branchStations.standbyCode();
  const userData = dir.file('standby-computer');
  const secretsOf = (connection: TillDatabase) => new FileSecretStore(connection);
  const standbyFile = await prepareDesktopFile(userData, { mode: 'standby', hub: hub.url, code }, secretsOf, () => {});
  expect(standbyFile).toBe(`${userData}/${STANDBY_DB_FILE}`);
  const standbyDb = openDatabase(standbyFile);
  // The pair's rejoin key, from the pairing, is in the standby's secrets (never its database) before the till opens the file.
  const rejoinKey = new FileSecretStore(standbyDb).get(REJOIN_KEY_SECRET);
  expect(rejoinKey).toMatch(/^[0-9a-f]{64}$/);
  desktopStandby = { pair: await desktopTill(standbyFile, standbyDb), db: standbyDb };
  expect(desktopStandby.pair.pair.currentRole).toBe('standby');
  await eventually('the desktop standby connected', () => hub!.pair.panelStatus().connected);

  await hub.api.addCashier({ name: 'Mona', role: 'manager', pin: '2468' });
  expect(standbyDb.prepare("SELECT name FROM cashiers WHERE name = 'Mona'").all()).toEqual([{ name: 'Mona' }]);
  // Its window sells nothing while the hub answers: a write is refused with the hub's address, in both languages.
  await expect(desktopStandby.pair.api.addCashier({ name: 'Sara', role: 'cashier', pin: '1357' })).rejects.toMatchObject({
    reason: { code: 'standby.notHub', params: { hub: hub.url } },
  });
  expect(await desktopStandby.pair.till.branchStations.standbyStatus()).toMatchObject({ role: 'standby', hub: hub.url });
  await eventually('the hub handed its service token over', () => new FileSecretStore(standbyDb).get(SERVICE_TOKEN_SECRET) === 'service-token-of-the-hub');
  // Restarted without the code (main drops it once paired): it resumes as the same hub's standby.
  await expect(prepareDesktopFile(userData, { mode: 'standby', hub: hub.url }, secretsOf, () => {})).resolves.toBe(standbyFile);
  expect(new FileSecretStore(standbyDb).get(REJOIN_KEY_SECRET)).toBe(rejoinKey);
  await expect(prepareDesktopFile(userData, { mode: 'standby', hub: 'http://127.0.0.1:1' }, secretsOf, () => {})).rejects.toThrow(/is not the standby of/);
});

it('a desktop hub takes a pos serve standby with a Stations-tab code, and answers a write only once the standby holds it', async () => {
  const events = new EventHub();
  const secrets = new FileSecretStore(db);
  hub = await startDesktopPair({
    dbFile: dir.file('till.db'),
    db,
    openDatabase: openPairedFile,
    clock: systemClock,
    makeTill: (waitFor) => new TillHost({ db, events, secrets, uploadsWaitFor: waitFor }),
    events,
    secrets,
    onSteppedDown: () => {},
    log: () => {},
    listen: { host: '127.0.0.1', port: 0, advertise: (port) => `http://127.0.0.1:${port}` },
  });
  // Before any standby: the hub answers alone, and its panel says so.
  expect(await hub.till.branchStations.standbyStatus()).toMatchObject({ role: 'hub', hub: hub.url, connected: false });
  const { code, hub: shownHub } = await hub.till.branchStations.standbyCode();
  expect(shownHub).toBe(hub.url);
  // The listener answers the standby's routes only: the till's UI and API are not served on the network.
  expect((await fetch(`${hub.url}/`)).status).toBe(404);
  expect((await fetch(`${hub.url}/standby/where`)).status).toBe(200);

  standby = await startServeHub(dir.file('standby.db'), ['--standby-of', hub.url, '--code', code]);
  await eventually('the standby connected to the desktop hub', () => hub!.pair.panelStatus().connected);

  await hub.api.addCashier({ name: 'Mona', role: 'manager', pin: '2468' });
  // The answer came: the standby's own file has the row (it acknowledged after its commit).
  const copy = openDatabase(dir.file('standby.db'), { readOnly: true });
  try {
    expect(copy.prepare("SELECT name FROM cashiers WHERE name = 'Mona'").all()).toEqual([{ name: 'Mona' }]);
  } finally {
    copy.close();
  }
  expect(await hub.till.branchStations.standbyStatus()).toMatchObject({ role: 'hub', connected: true });
});

/** One request to `url` with the Host header `host` (fetch sets its own), answering the status; `upgrade`: a WebSocket handshake. */
function requestWithHost(url: string, host: string, upgrade = false): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { Host: host };
    if (upgrade)
      Object.assign(headers, { Connection: 'Upgrade', Upgrade: 'websocket', 'Sec-WebSocket-Version': '13', 'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==' });
    const asked = request(url, { headers });
    asked.on('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    asked.on('upgrade', (response, socket) => {
      socket.destroy();
      resolve(response.statusCode ?? 0);
    });
    asked.on('error', reject);
    asked.end();
  });
}

it('the desktop hub’s standby listener answers only at its own address: another Host (DNS rebinding) is refused, HTTP and the stream alike', async () => {
  hub = await desktopTill(dir.file('till.db'), db);
  const { host } = new URL(hub.url);
  const port = new URL(hub.url).port;
  expect(await requestWithHost(`${hub.url}/standby/where`, host)).toBe(200);
  expect(await requestWithHost(`${hub.url}/standby/where`, `localhost:${port}`)).toBe(200);
  expect(await requestWithHost(`${hub.url}/standby/where`, `evil.example:${port}`)).toBe(421);
  expect(await requestWithHost(`${hub.url}/standby/where`, '127.0.0.1:1')).toBe(421);
  expect(await requestWithHost(`${hub.url}/standby/stream?from=0`, `evil.example:${port}`, true)).toBe(421);
  // The stream at the right Host reaches the pair (refused for want of a token, not for the Host).
  expect(await requestWithHost(`${hub.url}/standby/stream?from=0`, host, true)).not.toBe(421);
});
