import { afterEach, beforeEach, expect, it } from 'vitest';
import { systemClock } from '../../../src-main/clock/index.ts';
import { openDatabase, type TillDatabase } from '../../../src-main/db/index.ts';
import { prepareDesktopFile, startDesktopPair, type DesktopPair } from '../../../src-main/electron/desktop-pair.ts';
import { APP_CONFIG_FILE, keepTookOver, readHubChoice, STANDBY_DB_FILE, writeHubChoice } from '../../../src-main/electron/hub-choice.ts';
import { StandbyWindow } from '../../../src-main/electron/standby-window.ts';
import { TakeOverApproval } from '../../../src-main/electron/take-over-approval.ts';
import { ELECTRON_WINDOW, EventHub, pairHandover, readAudit, TillHost, type ClientContext } from '../../../src-main/host/index.ts';
import { FileSecretStore } from '../../../src-main/secrets/index.ts';
import { setSetting } from '../../../src-main/settings/index.ts';
import { openPairedFile, readStandbyState } from '../../../src-main/standby/index.ts';
import { eventually } from '../../support/manual-clock.ts';
import { tempDir } from '../../support/temp-dir.ts';

// Issue 36: a pair of two desktop tills. A desktop hub serves no stations,
// so only the standby's own window can tell a dead hub from a split
// network: once the hub has been silent hub.failover_seconds, a manager
// takes over there with her PIN (standby-window.ts, take-over-approval.ts;
// main.ts only carries the messages). Real files, real HTTP and the real
// stream, composed as main.ts composes them (desktop-pair.ts); Electron
// itself never runs here.

interface Running {
  pair: DesktopPair<TillHost>;
  db: TillDatabase;
}

let dir: ReturnType<typeof tempDir>;
const running: Running[] = [];
const secretsOf = (connection: TillDatabase) => new FileSecretStore(connection);
const quiet = () => {};

beforeEach(() => {
  dir = tempDir('till-desktop-takeover-');
});
afterEach(async () => {
  for (const till of running.splice(0).reverse()) await stop(till);
  dir.cleanup();
});

async function stop(till: Running): Promise<void> {
  const at = running.indexOf(till);
  if (at >= 0) running.splice(at, 1);
  await till.pair.close();
  await till.pair.till.stop();
  till.db.close();
}

/** A desktop till over `file`, composed as main.ts composes it, listening for its pair on loopback. */
async function desktopTill(file: string): Promise<Running> {
  const db = openDatabase(file);
  const events = new EventHub();
  const secrets = new FileSecretStore(db);
  const pair = await startDesktopPair({
    dbFile: file,
    db,
    openDatabase: openPairedFile,
    clock: systemClock,
    makeTill: (waitFor) => new TillHost({ db, events, secrets, uploadsWaitFor: waitFor }),
    events,
    secrets,
    handover: pairHandover(db, secrets, quiet),
    onSteppedDown: quiet,
    log: quiet,
    listen: { host: '127.0.0.1', port: 0, advertise: (port) => `http://127.0.0.1:${port}` },
  });
  const till = { pair, db };
  running.push(till);
  return till;
}

/** Two desktop computers: the hub (with a manager, Mona, PIN 2468) and its standby, following; the standby's window as main.ts makes it. */
async function desktopPairOfTwo() {
  const hubData = dir.file('hub-computer');
  const standbyData = dir.file('standby-computer');
  const hubFile = await prepareDesktopFile(hubData, { mode: 'hub' }, secretsOf, quiet);
  const hub = await desktopTill(hubFile);
  // One second of silence offers the take-over; a slow standby on a loaded machine is never dropped by the hub.
  setSetting(hub.db, 'hub.failover_seconds', 1);
  setSetting(hub.db, 'hub.standby_ack_seconds', 600);
  await hub.pair.api.addCashier({ name: 'Mona', role: 'manager', pin: '2468' });
  const { code } = await hub.pair.till.branchStations.standbyCode();
  const standbyFile = await prepareDesktopFile(standbyData, { mode: 'standby', hub: hub.pair.url, code }, secretsOf, quiet);
  const standby = await desktopTill(standbyFile);
  await eventually('the standby connected', () => hub.pair.pair.panelStatus().connected);
  // The standby's hello names its listener: where the old hub, back, finds the newer epoch.
  await eventually('the hub knows where its standby is', () => hub.pair.pair.panelStatus().standby === standby.pair.url);
  // The standby computer's till-app.json, as main.ts keeps it once paired (the code dropped).
  const config = `${standbyData}/${APP_CONFIG_FILE}`;
  writeHubChoice(config, { mode: 'standby', hub: hub.pair.url });
  const logged: string[] = [];
  const approval = new TakeOverApproval({ db: standby.db, now: () => systemClock.now(), log: (line) => logged.push(line) });
  const window = new StandbyWindow({
    node: standby.pair.pair,
    approval,
    client: ELECTRON_WINDOW,
    onTookOver: () => keepTookOver(config),
    log: (line) => logged.push(line),
  });
  return { hub, standby, hubData, standbyData, hubFile, standbyFile, approval, window, logged, config };
}

const promoteRows = (db: TillDatabase) =>
  readAudit(db)
    .filter((row) => row.action === 'standby-promote')
    .reverse()
    .map((row) => ({ outcome: row.outcome, who: row.who, approved_by: row.approved_by }));

it('while the hub answers, the standby’s window says whose standby it is and how far behind, and refuses to take over', async () => {
  const { hub, window } = await desktopPairOfTwo();
  await hub.pair.api.addCashier({ name: 'Sara', role: 'cashier', pin: '1357' });
  expect(window.view()).toMatchObject({ role: 'standby', hub: hub.pair.url, epoch: 1, may_take_over: false, failover_ms: 1000 });
  expect(window.view()!.behind).toBeGreaterThanOrEqual(0);
  expect(await window.answer({ id: 1, kind: 'take-over', manager_pin: '2468' })).toEqual({ id: 1, ok: false, reason: { code: 'standby.hubAnswers' } });
  // Anything else on the port is refused as it is, changing nothing.
  expect(await window.answer({ id: 2, kind: 'take-over', manager_pin: 2468 })).toEqual({ id: 2, ok: false, reason: { code: 'standby.request' } });
  expect(StandbyWindow.asks({ kind: 'read' })).toBe(false);
  expect(StandbyWindow.asks({ kind: 'standby-read' })).toBe(true);
  // The hub, as its own window sees it: nothing to show (its Stations tab says the rest).
  const hubWindow = new StandbyWindow({
    node: hub.pair.pair,
    approval: new TakeOverApproval({ db: hub.db, now: Date.now, log: quiet }),
    client: ELECTRON_WINDOW,
    log: quiet,
  });
  expect(readHubChoice(`${dir.file('standby-computer')}/${APP_CONFIG_FILE}`)).toMatchObject({ mode: 'standby' });
  expect(await hubWindow.answer({ id: 3, kind: 'standby-read' })).toEqual({ id: 3, ok: true, view: null });
});

it('the hub silent: a paired device, no PIN and a wrong PIN are refused; a manager’s PIN takes over (epoch 2, audited), the window sells, and the old hub restarted refuses writes as the new hub’s standby', async () => {
  const { hub, standby, window, approval, hubData, hubFile, standbyData, standbyFile, logged, config } = await desktopPairOfTwo();
  const oldHubUrl = hub.pair.url;
  // The hub's computer is switched off.
  await stop(hub);
  await eventually('the hub silent for hub.failover_seconds', () => window.view()?.may_take_over === true);
  expect(standby.pair.pair.currentRole).toBe('standby');

  // A paired tablet never reaches this port (it is the window's own), and is refused even if it did.
  const tablet: ClientContext = { kind: 'paired-device', id: 's-3f2a9c', address: '192.168.1.23' };
  const fromTablet = new StandbyWindow({ node: standby.pair.pair, approval, client: tablet, log: quiet });
  expect(await fromTablet.answer({ id: 1, kind: 'take-over', manager_pin: '2468' })).toMatchObject({ ok: false, reason: { code: 'standby.takeOverScreen' } });
  expect(await window.answer({ id: 2, kind: 'take-over', manager_pin: '' })).toMatchObject({ ok: false, reason: { code: 'standby.takeOverPin' } });
  expect(await window.answer({ id: 3, kind: 'take-over', manager_pin: '1111' })).toMatchObject({ ok: false, reason: { code: 'approval.wrong_pin' } });
  expect(standby.pair.pair.currentRole).toBe('standby');
  expect(readStandbyState(standby.db)).toMatchObject({ role: 'standby', epoch: 1 });
  // Still fenced: nothing written yet, every decision logged at once.
  expect(promoteRows(standby.db)).toEqual([]);
  expect(logged.filter((line) => line.includes('standby-promote refused'))).toHaveLength(3);

  const took = await window.answer({ id: 4, kind: 'take-over', manager_pin: '2468' });
  expect(took).toEqual({ id: 4, ok: true, view: null, took_over: { epoch: 2 } });
  expect(standby.pair.pair.currentRole).toBe('hub');
  expect(readStandbyState(standby.db)).toMatchObject({ role: 'hub', epoch: 2, peer_url: oldHubUrl });
  // Audited in the new hub's database once it could write: the three refusals, then the approval naming the manager.
  expect(promoteRows(standby.db)).toEqual([
    { outcome: 'refused', who: 'paired device 192.168.1.23 (s-3f2a9c)', approved_by: null },
    { outcome: 'refused', who: 'electron window (window)', approved_by: null },
    { outcome: 'refused', who: 'electron window (window)', approved_by: null },
    { outcome: 'approved', who: 'electron window (window)', approved_by: 'manager Mona (PIN)' },
  ]);
  // The window sells as the hub now.
  await standby.pair.api.addCashier({ name: 'Nadia', role: 'cashier', pin: '9753' });
  expect(standby.db.prepare("SELECT name FROM cashiers WHERE name = 'Nadia'").all()).toEqual([{ name: 'Nadia' }]);
  expect(await window.answer({ id: 5, kind: 'take-over', manager_pin: '2468' })).toMatchObject({ ok: false, reason: { code: 'standby.notStandby' } });

  // The old hub's computer comes back: at start it finds the newer epoch at its peer and rejoins as the new hub's standby.
  expect(await prepareDesktopFile(hubData, { mode: 'hub' }, secretsOf, quiet)).toBe(hubFile);
  const oldHub = await desktopTill(hubFile);
  expect(oldHub.pair.pair.currentRole).toBe('standby');
  expect(readStandbyState(oldHub.db)).toMatchObject({ role: 'standby', epoch: 2, peer_url: standby.pair.url });
  await expect(oldHub.pair.api.addCashier({ name: 'Rami', role: 'cashier', pin: '8642' })).rejects.toMatchObject({
    reason: { code: 'standby.notHub', params: { hub: standby.pair.url } },
  });
  await eventually('the old hub follows the new one', () => oldHub.db.prepare("SELECT 1 FROM cashiers WHERE name = 'Nadia'").get() !== undefined);

  // The computer that took over is the hub from now on, on its own file: its choice says so, and its next start opens that file.
  const choice = readHubChoice(config);
  expect(choice).toEqual({ mode: 'hub', file: STANDBY_DB_FILE });
  await expect(prepareDesktopFile(standbyData, { mode: 'hub', file: STANDBY_DB_FILE }, secretsOf, quiet)).resolves.toBe(standbyFile);
  // Promoted with `pos standby promote` instead (the choice still names the old hub): the file took over, so it opens as the hub too.
  await expect(prepareDesktopFile(standbyData, { mode: 'standby', hub: oldHubUrl }, secretsOf, quiet)).resolves.toBe(standbyFile);
});
