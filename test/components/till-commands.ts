// The real till host behind the component tests. Svelte components run in
// Chromium (vitest browser mode); the host cannot (SQLite, the network), so
// it runs here in vitest's Node process: a real TillHost over a real SQLite
// file with the emulator's demo menu pulled in, one fresh till per test.
// The browser reaches it through vitest's browser commands, with the same
// wire form for errors as the real transport.
import type { BrowserCommand } from 'vitest/node';
import { EventHub, TillHost, tillFacade } from '../../src-main/host/index.ts';
import { FileSecretStore } from '../../src-main/secrets/index.ts';
import type { TillApi, TillEvent } from '../../src-shared/api/index.ts';
import { TILL_API_METHODS, toWireError, type WireError } from '../../src-shared/api/index.ts';
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { ean13, GS1_PREFIX } from '../../emulator/ean13.ts';
import { PairingCodes } from '../../src-main/host/http/pairing-codes.ts';
import { answerHubRequest, leavingHubChecks } from '../../src-main/electron/hub-choice-requests.ts';
import { tempDir } from '../support/temp-dir.ts';
import { addStation, stationByCode } from '../../src-main/stations/index.ts';
import { setDisplayRoute } from '../../src-main/kitchen/index.ts';
import type { TillDatabase } from '../../src-main/db/index.ts';
import { setSetting } from '../../src-main/settings/index.ts';
import type { RequestHold } from '../../emulator/index.ts';
import { emulatedService, type EmulatedService } from '../support/emulated-service.ts';

type Method = (typeof TILL_API_METHODS)[number];
export type TillCallResult = { ok: true; value: unknown } | { ok: false; error: WireError };

let service: Promise<EmulatedService> | null = null;
/** A service whose branch keeps no tables (its Tables list is empty), for the tills where a manager defines them. */
const otherServices = new Map<string, Promise<EmulatedService>>();
const hosts = new Map<string, TillHost>();
/** Each till's database, for what a test sets up beside the till API (a station). */
const databases = new Map<string, TillDatabase>();
/** Each till as the Electron window reaches it: only the till API, privileged calls through the authorization hook. */
const tills = new Map<string, TillApi>();
/** Each till's secret store: the one its host reads the service token from. */
const secretStores = new Map<string, FileSecretStore>();
let opened = 0;
/** Each till's event hub, and the events each kitchen display heard that the browser has not taken yet. */
const eventHubs = new Map<string, EventHub>();
const heard = new Map<string, TillEvent[]>();

/** A new till with the demo menu, no cashiers (sells as before cashiers existed); returns its id. `'no-tables'`: the service lists no tables. */
const openTill: BrowserCommand<[kind?: 'no-tables']> = async (_context, kind) => {
  let shared: EmulatedService;
  if (kind) {
    if (!otherServices.has(kind))
      otherServices.set(
        kind,
        emulatedService().then((made) => {
          made.emulator.tenant.tables = [];
          return made;
        }),
      );
    shared = await otherServices.get(kind)!;
  } else {
    service ??= emulatedService();
    shared = await service;
  }
  const id = `till-${++opened}`;
  const db = shared.open(`${id}.db`);
  await shared.pull(db);
  const events = new EventHub();
  const secrets = new FileSecretStore(db);
  const host = new TillHost({ db, events, secrets });
  secretStores.set(id, secrets);
  hosts.set(id, host);
  eventHubs.set(id, events);
  databases.set(id, db);
  tills.set(id, tillFacade(host, { authorizer: host.authorizer, client: { kind: 'electron-window', id, address: null } }));
  return id;
};

/** One till API call, as a UI makes it: only TILL_API_METHODS, plain arguments, errors in their wire form. */
const callTill: BrowserCommand<[id: string, method: string, args: unknown[]]> = async (_context, id, method, args): Promise<TillCallResult> => {
  const till = tills.get(id);
  if (!till) throw new Error(`no till ${id}: call openTill first`);
  if (!(TILL_API_METHODS as readonly string[]).includes(method)) throw new Error(`${method} is not a till API method`);
  try {
    const call = till[method as Method] as (...input: unknown[]) => Promise<unknown>;
    return { ok: true, value: (await call.apply(till, args)) ?? null };
  } catch (error) {
    return { ok: false, error: toWireError(error) };
  }
};

/** Each till's pairing codes, where a test made it pair tablets as `pos serve` on the network does. */
const pairings = new Map<string, PairingCodes>();

/** The till pairs tablets reaching it at `address` (the web host offers its codes so once it listens). */
const offerPairing: BrowserCommand<[id: string, address: string]> = async (_context, id, address) => {
  const host = hosts.get(id);
  if (!host) throw new Error(`no till ${id}: call openTill first`);
  const codes = new PairingCodes();
  pairings.set(id, codes);
  host.branchStations.offerPairing({ issue: (station) => codes.issue(station), address: () => address });
};

/** A tablet types `code` into the till's pairing form: the station it becomes, or null when the code does not pair. */
const redeemPairing: BrowserCommand<[id: string, code: string]> = async (_context, id, code) => {
  const granted = pairings.get(id)?.redeem(code, '192.168.1.77');
  return granted ? granted.station : null;
};

/** The desktop app's till-app.json for each till (the hub-choice screen's), in a folder of its own. */
const hubConfigs = new Map<string, ReturnType<typeof tempDir>>();
const hubConfigOf = (id: string) => {
  if (!hubConfigs.has(id)) hubConfigs.set(id, tempDir('till-app-config-'));
  return hubConfigs.get(id)!.file('till-app.json');
};

/** One message of the hub-choice screen's port, answered as Electron's main answers it, with this till's checks. */
const hubRequest: BrowserCommand<[id: string, message: unknown]> = async (_context, id, message) => {
  const host = hosts.get(id);
  if (!host) throw new Error(`no till ${id}: call openTill first`);
  return answerHubRequest(hubConfigOf(id), message, { mayLeaveHub: leavingHubChecks(host) });
};

/** The till's till-app.json as main kept it, or null when none was written. */
const hubConfig: BrowserCommand<[id: string]> = async (_context, id) => {
  try {
    return JSON.parse(readFileSync(hubConfigOf(id), 'utf8')) as unknown;
  } catch {
    return null;
  }
};

/**
 * Signs a cashier in at station `station` (added when missing) as a tablet
 * paired there would, through the till's authorization hook; then that
 * tablet goes dark (nothing more is called there), as a flat tablet does.
 */
const signInAtStation: BrowserCommand<[id: string, station: string, cashierId: string, pin: string]> = async (_context, id, station, cashierId, pin) => {
  const host = hosts.get(id);
  if (!host) throw new Error(`no till ${id}: call openTill first`);
  const db = databases.get(id)!;
  if (!stationByCode(db, station)) addStation(db, { name: `Tablet ${station}`, code: station }, Date.now());
  const tablet = tillFacade(host, { authorizer: host.authorizer, client: { kind: 'paired-device', id: `tablet-${station}`, address: null }, station });
  await tablet.unlock({ cashier_id: cashierId, pin });
};

/**
 * One till API call from another station's screen (a tablet paired as
 * `station`, nobody signed in there), as when a second server adds to a
 * tab this screen shows.
 */
const callAtStation: BrowserCommand<[id: string, station: string, method: string, args: unknown[]]> = async (
  _context,
  id,
  station,
  method,
  args,
): Promise<TillCallResult> => {
  const host = hosts.get(id);
  if (!host) throw new Error(`no till ${id}: call openTill first`);
  const db = databases.get(id)!;
  if (!stationByCode(db, station)) addStation(db, { name: `Tablet ${station}`, code: station }, Date.now());
  const tablet = tillFacade(host, { authorizer: host.authorizer, client: { kind: 'paired-device', id: `tablet-${station}`, address: null }, station });
  if (!(TILL_API_METHODS as readonly string[]).includes(method)) throw new Error(`${method} is not a till API method`);
  try {
    const call = tablet[method as Method] as (...input: unknown[]) => Promise<unknown>;
    return { ok: true, value: (await call.apply(tablet, args)) ?? null };
  } catch (error) {
    return { ok: false, error: toWireError(error) };
  }
};

/**
 * A kitchen display (a tablet paired as a kitchen_display station `code`,
 * added when missing) on till `id`: its own till API id for callTill, and
 * from now on the events the host pushes to it (its `kitchen` events, `sold-out`), for takeEvents.
 */
const openDisplay: BrowserCommand<[id: string, code: string, name: string]> = async (_context, id, code, name) => {
  const host = hosts.get(id);
  if (!host) throw new Error(`no till ${id}: call openTill first`);
  const db = databases.get(id)!;
  if (!stationByCode(db, code)) addStation(db, { name, code, kind: 'kitchen_display' }, Date.now());
  const displayId = `${id}/display-${code}`;
  tills.set(
    displayId,
    tillFacade(host, {
      authorizer: host.authorizer,
      client: { kind: 'paired-device', id: displayId, address: null },
      station: code,
      // As the web host checks a paired screen: a kitchen display may call its board and a screen's start-up basics only.
      checkStation: (at, method) => host.branchStations.checkCall(at, method),
    }),
  );
  heard.set(displayId, []);
  eventHubs.get(id)!.subscribe((event) => {
    // What the web host would push to this display's socket: the host's own rule (its kitchen, and what is sold out).
    if (host.branchStations.hears(code, event)) heard.get(displayId)?.push(event);
  });
  return displayId;
};

/** Display `code` shows these categories (the Kitchens tab's routing, set on the hub as `pos kitchens display` does). */
const routeDisplay: BrowserCommand<[id: string, code: string, categories: number[]]> = async (_context, id, code, categories) => {
  const db = databases.get(id);
  if (!db) throw new Error(`no till ${id}: call openTill first`);
  setDisplayRoute(db, stationByCode(db, code)!.id, categories, null, Date.now());
};

/** The events display `displayId` heard since the last call (the browser hands them to its screen as a WebSocket would). */
const takeEvents: BrowserCommand<[displayId: string]> = async (_context, displayId) => {
  const events = heard.get(displayId) ?? [];
  heard.set(displayId, []);
  return events;
};

/**
 * A barcode the service gives `productId` itself (a drink sold in a labelled
 * cup: the code names the product, not its size), pulled into till `id`'s
 * replica as any barcode is; returns the code, as a scanner would read it.
 */
const labelProduct: BrowserCommand<[id: string, productId: string]> = async (_context, id, productId) => {
  const db = databases.get(id);
  if (!db || !service) throw new Error(`no till ${id}: call openTill first`);
  const shared = await service;
  const barcode = ean13(`${GS1_PREFIX}${String(shared.emulator.tenant.barcodes.length + 900_000_000).slice(-9)}`);
  shared.emulator.tenant.barcodes.push({ id: randomUUID(), barcode, product_id: productId, modifier_id: null });
  await shared.pull(db);
  return barcode;
};

/** Till `id` is signed in to the shared emulator (its session and token), as the sign-in screen leaves it: codes are checked there. */
const signInTill: BrowserCommand<[id: string]> = async (_context, id) => {
  const db = databases.get(id);
  if (!db || !service) throw new Error(`no till ${id}: call openTill first`);
  const { emulator } = await service;
  setSetting(db, 'session', { base_url: emulator.baseUrl, api_version: '2.0.0' });
  secretStores.get(id)!.set('token', emulator.token);
};

/** Requests the shared emulator holds (emulator/request-hold.ts), by the name the browser knows them by. */
const heldRequests = new Map<string, RequestHold>();

/** The next `METHOD path` to the shared emulator waits for its answer until releaseRequest; returns the hold's name. */
const holdRequest: BrowserCommand<[method: string, path: string]> = async (_context, method, path) => {
  if (!service) throw new Error('no emulator: call openTill first');
  const name = `hold-${heldRequests.size + 1}`;
  heldRequests.set(name, (await service).emulator.hold(method, path));
  return name;
};

/** Resolves once the held request arrived (its work done, its answer waiting). */
const requestArrived: BrowserCommand<[name: string]> = async (_context, name) => {
  await heldRequests.get(name)!.arrived;
};

const releaseRequest: BrowserCommand<[name: string]> = async (_context, name) => {
  heldRequests.get(name)!.release();
};

/** How many Discounts Verify requests the shared emulator received. */
const verifyRequests: BrowserCommand<[]> = async () => (service ? (await service).emulator.promotions.verifyRequests.length : 0);

/** Ends every till and the emulator (after each test file, so nothing keeps vitest running). */
const closeTills: BrowserCommand<[]> = async () => {
  await Promise.all([...hosts.values()].map((host) => host.stop()));
  hosts.clear();
  databases.clear();
  tills.clear();
  secretStores.clear();
  for (const hold of heldRequests.values()) hold.release();
  heldRequests.clear();
  pairings.clear();
  eventHubs.clear();
  heard.clear();
  for (const dir of hubConfigs.values()) dir.cleanup();
  hubConfigs.clear();
  if (service) await (await service).close();
  service = null;
  for (const other of otherServices.values()) await (await other).close();
  otherServices.clear();
};

export const tillCommands = {
  openTill,
  callTill,
  callAtStation,
  closeTills,
  offerPairing,
  redeemPairing,
  signInAtStation,
  hubRequest,
  hubConfig,
  openDisplay,
  routeDisplay,
  takeEvents,
  labelProduct,
  signInTill,
  holdRequest,
  requestArrived,
  releaseRequest,
  verifyRequests,
};

export type TillCommands = {
  openTill(kind?: 'no-tables'): Promise<string>;
  callTill(id: string, method: string, args: unknown[]): Promise<TillCallResult>;
  callAtStation(id: string, station: string, method: string, args: unknown[]): Promise<TillCallResult>;
  closeTills(): Promise<void>;
  offerPairing(id: string, address: string): Promise<void>;
  redeemPairing(id: string, code: string): Promise<string | null>;
  hubRequest(id: string, message: unknown): Promise<import('../../src-shared/stations/index.ts').HubReply>;
  hubConfig(id: string): Promise<unknown>;
  signInAtStation(id: string, station: string, cashierId: string, pin: string): Promise<void>;
  openDisplay(id: string, code: string, name: string): Promise<string>;
  routeDisplay(id: string, code: string, categories: number[]): Promise<void>;
  takeEvents(displayId: string): Promise<TillEvent[]>;
  labelProduct(id: string, productId: string): Promise<string>;
  signInTill(id: string): Promise<void>;
  holdRequest(method: string, path: string): Promise<string>;
  requestArrived(name: string): Promise<void>;
  releaseRequest(name: string): Promise<void>;
  verifyRequests(): Promise<number>;
};
