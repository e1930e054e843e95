import { app, BrowserWindow, dialog, ipcMain, Menu, MessageChannelMain, type MessagePortMain } from 'electron';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { APP_ENTRY_URL } from '../../src-shared/api/index.ts';
import { systemClock } from '../clock/index.ts';
import { openDatabase, setOpenDefaults, type TillDatabase } from '../db/index.ts';
import { settingOrDefault } from '../settings/index.ts';
import { pairTill, SetAsideFiles } from '../standby/index.ts';
import { orderSetAsideWork } from '../sync/index.ts';
import { keepNeverAnsweredIn } from '../orders/index.ts';
import { notOnboardedWarning, reportBeforeRejoin, zatcaSetAsideWork } from '../zatca/index.ts';
import { desktopPairListen, prepareDesktopFile, startDesktopPair } from './desktop-pair.ts';
import { translate } from '../../src-shared/i18n/index.ts';
import { ELECTRON_WINDOW, EventHub, exposeTill, pairHandover, serviceClientOf, TillHost } from '../host/index.ts';
import { registerPrintingFonts } from '../printing/index.ts';
import { hardenApp } from './harden.ts';
import { APP_CONFIG_FILE, forgetStandbyCode, keepTookOver, readHubChoice, resolveHubChoice, takePairCode, type HubChoice } from './hub-choice.ts';
import { answerHubRequest, leavingHubChecks } from './hub-choice-requests.ts';
import { messagePortChannel } from './port-channel.ts';
import { SafeStorageSecrets } from './safe-storage-secrets.ts';
import { registerAppScheme, serveAppProtocol } from './serve-app-protocol.ts';
import { isTillPage } from './shell-policy.ts';
import { openStationWindow } from './station-window.ts';
import { StandbyWindow } from './standby-window.ts';
import { TakeOverApproval } from './take-over-approval.ts';

// Electron is a thin shell: a window, the preload bridge, the secret store;
// the till itself is the same TillHost that `pos serve` runs.
const here = fileURLToPath(new URL('.', import.meta.url));
const resources = app.isPackaged ? process.resourcesPath : app.getAppPath();
// The UI is served as app://till/ from this folder only (serve-app-protocol.ts), never from file://.
const rendererDir = join(here, '../renderer');
// An Electron-ABI build of better-sqlite3 made by `npm run electron:rebuild`,
// so the Node build that tests and the CLI use is never overwritten.
const electronSqlite = join(resources, 'build', 'electron', 'better_sqlite3.node');

// Before `ready`: app:// is a standard, secure scheme with an origin of its own.
registerAppScheme();

async function start(): Promise<void> {
  // Hub (default), a station of another till's hub or a hub's standby: the app's own config, never the till database.
  const configFile = join(app.getPath('userData'), APP_CONFIG_FILE);
  const resolved = resolveHubChoice(configFile, process.argv);
  if (!resolved.ok) dialog.showErrorBox('Till', resolved.reason);
  const choice = resolved.ok ? resolved.choice : readHubChoice(configFile);
  hardenApp(choice.mode === 'station' ? choice.hub : null);
  if (choice.mode === 'station') {
    stationMenu(configFile, choice.hub);
    // A station writes nothing locally: no database is opened, the hub's UI does the selling.
    await openStationWindow(choice.hub, takePairCode(configFile));
    return;
  }
  serveAppProtocol(rendererDir);
  registerPrintingFonts(join(resources, 'resources', 'fonts'));
  // Every open in this process (the standby's too) takes the Electron-ABI SQLite and the shipped migrations.
  setOpenDefaults({ migrationsDir: join(resources, 'migrations'), ...(existsSync(electronSqlite) ? { nativeBinding: electronSqlite } : {}) });
  const log = (line: string) => console.warn(line);
  // The hub's till.db (an old hub rejoins first) or a standby's copy of its hub (paired with the code once): docs/standby.md.
  let dbFile: string;
  try {
    const secretsOf = (connection: TillDatabase) => new SafeStorageSecrets(connection);
    // An old hub that rejoins reports what only its set-aside file holds, briefly, before its file is replaced (docs/zatca.md).
    dbFile = await prepareDesktopFile(app.getPath('userData'), choice, secretsOf, log, async ({ file, documents, neverAnsweredOrders }) => {
      // The orders it never answered are kept there as refused first: never uploaded (docs/standby.md).
      keepNeverAnsweredIn(file, neverAnsweredOrders);
      if (documents.length === 0) return;
      const live = openDatabase(file.slice(0, file.lastIndexOf('.before-rejoin-epoch-')));
      const secrets = secretsOf(live);
      live.close();
      await reportBeforeRejoin({ file, documents, secrets, log });
    });
  } catch (error) {
    dialog.showErrorBox('Till', standbyFailed(choice, error as Error));
    app.quit();
    return;
  }
  if (choice.mode === 'standby') forgetStandbyCode(configFile);
  const db = openDatabase(dbFile);
  const events = new EventHub();
  const secrets = new SafeStorageSecrets(db);
  if (secrets.warning) console.warn(secrets.warning);
  // Whatever this computer is now: the ZATCA documents and the orders only an old copy of its file holds are sent from there (docs/standby.md).
  const setAside = new SetAsideFiles({
    dbFile,
    live: db,
    works: [zatcaSetAsideWork({ secrets }), orderSetAsideWork({ client: () => serviceClientOf(db, secrets) })],
    log,
  });
  setAside.start();
  // The same pair wiring as pos serve (desktop-pair.ts); a listener for the standby only when hub.desktop_standby_port is set.
  const composed = {
    dbFile,
    db,
    openDatabase: (file: string) => openDatabase(file),
    clock: systemClock,
    makeTill: (waitFor: () => Promise<void>) => new TillHost({ db, events, secrets, uploadsWaitFor: waitFor }),
    events,
    secrets,
    // The service token and the ZATCA secrets go to the standby, so a takeover uploads and reports at once (docs/standby.md).
    handover: pairHandover(db, secrets, log),
    takeOverWarning: () => notOnboardedWarning(db),
    // Stepped down (a newer hub at its peer): a restart opens the file again, and it rejoins as that hub's standby.
    onSteppedDown: () => {
      app.relaunch();
      app.quit();
    },
    setAside: () => setAside.told(),
    log,
  };
  const listen = desktopPairListen(settingOrDefault(db, 'hub.desktop_standby_port'));
  const desktop = listen ? await startDesktopPair({ ...composed, listen }) : null;
  const paired = desktop ?? pairTill(composed);
  // Without a listener no standby can reach this till: the Stations tab says how to open one.
  if (!listen) paired.till.branchStations.offerStandby(null);
  const { till, api } = paired;
  // A standby's window says what it is and, once the hub is silent, lets a manager take over here (standby-window.ts).
  const standbyWindow = new StandbyWindow({
    node: paired.pair,
    approval: new TakeOverApproval({ db, now: () => systemClock.now(), log }),
    client: ELECTRON_WINDOW,
    onTookOver: () => keepTookOver(configFile),
    log,
  });

  const window = new BrowserWindow({
    width: 1280,
    height: 800,
    title: 'Till',
    webPreferences: {
      // Reviewed (Electronegativity asks for it): the preload exposes nothing on `window`; it only hands its own page one MessagePort.
      preload: join(here, '../preload/index.cjs'), // eng-disable PRELOAD_JS_CHECK
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      // No middle-click: it could open a link in a new window (new windows are denied anyway).
      disableBlinkFeatures: 'Auxclick',
    },
  });

  // The one handshake: the preload asks once per page load; only our own
  // main frame, showing our own page, gets a port.
  ipcMain.on('till-hello', (event) => {
    const frame = event.senderFrame;
    if (!frame || event.sender !== window.webContents || frame !== window.webContents.mainFrame || !isTillPage(frame.url)) return;
    const { port1, port2 } = new MessageChannelMain();
    // The host's own window is the first counter (issue 20); never refused, since the last counter is never removed.
    exposeTill(api, messagePortChannel(port1), events, {
      client: ELECTRON_WINDOW,
      authorizer: till.authorizer,
      station: () => till.branchStations.hostWindowStation(),
    });
    // A second port for the "Use another till as hub" screen: main checks each message (hub-choice-requests.ts).
    const hubChoice = new MessageChannelMain();
    serveHubChoice(hubChoice.port1, configFile, till, standbyWindow);
    event.sender.postMessage('till-port', null, [port2, hubChoice.port2]);
  });

  await window.loadURL(APP_ENTRY_URL);
  app.on('before-quit', () => {
    void (desktop ? desktop.close() : paired.pair.stop())
      .then(() => till.stop())
      .then(() => setAside.stop())
      .then(() => db.close());
  });
}

/**
 * The app shell's port (the hub choice, and a standby window's status and
 * take-over): each answer goes back on it; a new choice
 * restarts the app into it. Leaving the hub needs what the Branch screen
 * needs (a manager's approval at the first counter) and no order waiting
 * here for upload: a station never uploads this computer's outbox.
 */
function serveHubChoice(port: MessagePortMain, file: string, till: TillHost, standbyWindow: StandbyWindow): void {
  const mayLeaveHub = leavingHubChecks(till);
  port.on('message', (message) => {
    if (StandbyWindow.asks(message.data)) return void standbyWindow.answer(message.data).then((reply) => port.postMessage(reply));
    void answerHubRequest(file, message.data, { mayLeaveHub }).then((reply) => {
      port.postMessage(reply);
      if (reply.ok && reply.relaunching) {
        app.relaunch();
        app.quit();
      }
    });
  });
  port.start();
}

/** Why this start could not open its file (a standby that could not pair or resume), in the app's language; --be-hub starts the hub again. */
function standbyFailed(choice: HubChoice, error: Error): string {
  const locale = app.getLocale().startsWith('ar') ? 'ar' : 'en';
  const hub = choice.mode === 'hub' ? '' : choice.hub;
  return translate(locale, choice.mode === 'standby' ? 'hubChoice.standbyFailed' : 'hubChoice.startFailed', { hub, error: error.message });
}

/** A station shows the hub's screens: "Be the hub again" is in its menu, after a warning. */
function stationMenu(file: string, hub: string): void {
  const locale = app.getLocale().startsWith('ar') ? 'ar' : 'en';
  const beHub = () => {
    const answer = dialog.showMessageBoxSync({
      type: 'warning',
      title: 'Till',
      message: translate(locale, 'hubChoice.beHubWarning', { hub }),
      buttons: [translate(locale, 'hubChoice.beHub'), translate(locale, 'common.cancel')],
      defaultId: 1,
      cancelId: 1,
    });
    if (answer !== 0) return;
    void answerHubRequest(file, { id: 0, kind: 'be-hub' }).then(() => {
      app.relaunch();
      app.quit();
    });
  };
  Menu.setApplicationMenu(
    Menu.buildFromTemplate([{ label: 'Till', submenu: [{ label: translate(locale, 'hubChoice.beHub'), click: beHub }, { role: 'quit' }] }]),
  );
}

app.whenReady().then(start, (error: unknown) => {
  console.error(`Till could not start: ${(error as Error).message}`);
  app.exit(1);
});
app.on('window-all-closed', () => app.quit());
