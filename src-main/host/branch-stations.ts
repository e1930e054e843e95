import { CUSTOMER_DISPLAY_SCREEN_METHODS, type StationApi, type StationInputs } from '../../src-shared/stations/index.ts';
import { KITCHEN_DISPLAY_METHODS } from '../../src-shared/kitchen/index.ts';
import { parseInput, type TillEvent } from '../../src-shared/api/index.ts';
import type { PairingCodeView, PairingStateView, StandbyCodeView, StandbyStatusView, StationKind } from '../../src-shared/stations/index.ts';
import { TillError } from '../../src-shared/errors/index.ts';
import { systemClock, type Clock } from '../clock/index.ts';
import { dataVersion, type TillDatabase } from '../db/index.ts';
import {
  addNextCounter,
  addStation,
  firstCounter,
  hasPairedDevice,
  listStations,
  pairedDevice,
  rememberDevice,
  removeStation,
  renameStation,
  setDisplayCounter,
  stationByCode,
  type Station,
} from '../stations/index.ts';
import { hasActiveManager } from '../staff/index.ts';
import { currentStationKey } from '../stations/index.ts';
import type { ClientContext } from './authorization/index.ts';

/**
 * What a display's screen may call: a display is less than a cashier (no
 * sign-in, no selling). A counter's screen is not limited here (its cashier,
 * approvals and privileges are). Each refusal names the kind and what to do.
 */
const DISPLAY_SCREENS: Partial<Record<StationKind, { methods: ReadonlySet<string>; refusal: (code: string, method: string) => TillError }>> = {
  kitchen_display: {
    methods: new Set(KITCHEN_DISPLAY_METHODS),
    refusal: (code, method) =>
      new TillError('not_allowed', `station ${code} is a kitchen display: it shows and bumps kitchen tickets only (${method} is a counter's)`, {
        code: 'kitchen.notForDisplay',
        params: { code },
      }),
  },
  // Its own view and station only: it needs no session, cashier or cart.
  customer_display: {
    methods: new Set(CUSTOMER_DISPLAY_SCREEN_METHODS),
    refusal: (code, method) =>
      new TillError('not_allowed', `this screen is station ${code}, a customer display: it only shows its counter's cart, and cannot ${method}`, {
        code: 'station.displayOnly',
        params: { code, method },
      }),
  },
};

/** How often a running host looks whether another process (`pos stations remove`) changed the file. */
export const REMOVAL_POLL_MS = 2_000;

/**
 * Where the host pairs devices (the web host on the network, `pos serve`):
 * one-time codes, and the address a tablet opens to type one.
 */
export interface DevicePairing {
  issue(station: string): { code: string; expiresAt: number };
  /** The hub as a tablet reaches it: `http://IP:PORT`, or the TLS proxy's `https://NAME`. */
  address(): string;
}

/** The hub and standby pair as `pos serve` runs it (src-main/standby's PairNode, offered by the CLI: the host knows nothing of it). */
export interface StandbyPort {
  panelStatus(): StandbyStatusView;
  /** Throws a TillError where no code can be made (not the hub). */
  makeCode(): StandbyCodeView;
}

/** Where no standby takes part (the desktop window). */
const NO_STANDBY: StandbyStatusView = {
  role: null,
  epoch: 1,
  hub: null,
  standby: null,
  connected: false,
  lag_changes: null,
  lag_ms: null,
  standby_zatca_waiting: null,
  standby_orders_waiting: null,
};

/**
 * The branch's stations as the host uses them (issue 20): the till API's
 * Stations tab, which station a connection is, the devices paired to a
 * station (kept across restarts), and who must hear at once that a station
 * was removed (the web host closes its sockets) — whether it was removed
 * through this host or by another process on the same file (`pos stations
 * remove` while `pos serve` runs): a call from that station, or the slow
 * poll of SQLite's data_version, notices it.
 */
export class BranchStations implements StationApi {
  private readonly removalListeners = new Set<(code: string) => void>();
  private readonly displayListeners = new Set<(display: Station) => void>();
  private pairing: DevicePairing | null = null;
  private standby: StandbyPort | null = null;
  /** The removed stations this host has told its listeners about (or found removed when it started). */
  private announced: Set<string>;
  private stopPolling: (() => void) | null = null;

  constructor(
    private readonly db: TillDatabase,
    private readonly now: () => number,
  ) {
    this.announced = this.removedCodes();
  }

  private removedCodes(): Set<string> {
    return new Set(
      listStations(this.db, { removed: true })
        .filter((station) => station.revoked_at !== null)
        .map((station) => station.code),
    );
  }

  /**
   * Looks at the registry again and tells the listeners each station removed
   * since it last looked (once), wherever it was removed: through this host,
   * or by another process on the same file. Returns their codes.
   */
  noticeRemovals(): string[] {
    const removed = this.removedCodes();
    const fresh = [...removed].filter((code) => !this.announced.has(code));
    this.announced = removed;
    for (const code of fresh) for (const listener of [...this.removalListeners]) listener(code);
    return fresh;
  }

  /**
   * Polls SQLite's data_version every `everyMs` on `clock` (it moves only
   * when another connection commits) and looks for removed stations when it
   * moved. Returns the stop; `stop()` stops it too.
   */
  watch(clock: Clock = systemClock, everyMs = REMOVAL_POLL_MS): () => void {
    this.stop();
    let seen = dataVersion(this.db);
    let cancel = (): void => {};
    const tick = (): void => {
      // The file was closed under a running host (its process is ending): nothing left to watch.
      if (!this.db.open) return;
      try {
        const version = dataVersion(this.db);
        if (version !== seen) {
          seen = version;
          this.noticeRemovals();
        }
      } catch (error) {
        // A busy or failing read is tried again at the next tick; a timer must never throw out of the host.
        process.emitWarning(`the host could not look for stations removed by another process: ${(error as Error).message}`);
      }
      cancel = clock.after(everyMs, tick);
    };
    cancel = clock.after(everyMs, tick);
    const stop = () => {
      cancel();
      if (this.stopPolling === stop) this.stopPolling = null;
    };
    this.stopPolling = stop;
    return stop;
  }

  stop(): void {
    this.stopPolling?.();
  }

  /**
   * The station of the host's own window (the desktop app) and of the CLI:
   * the first counter in use, the till as it was before stations. That
   * screen is the operator's own, on this computer. Never a screen on the
   * network: the web host places those itself and refuses what it cannot
   * place (issue 32).
   */
  hostWindowStation(): string {
    return firstCounter(this.db).code;
  }

  /** The first counter in use (the station a first manager's browser gets when no screen had it). */
  firstCounterCode(): string {
    return firstCounter(this.db).code;
  }

  /** Whether a tablet is paired to this station. */
  hasPairedDevice(code: string): boolean {
    return hasPairedDevice(this.db, code);
  }

  /** A new counter ("Counter X", the next code never used) for a screen of its own: a tablet paired with a code that named none, a second manager's browser. */
  addScreenStation(): string {
    return addNextCounter(this.db, this.now()).code;
  }

  inUse(code: string): boolean {
    return stationByCode(this.db, code) !== null;
  }

  /**
   * Throws unless a screen of this station may make this call: the station is
   * in use, and a kitchen display (less than a cashier: no sign-in, no
   * selling) calls only its board and a screen's start-up basics.
   */
  checkCall(code: string, method: string): void {
    this.checkInUse(code);
    const kind = stationByCode(this.db, code)?.kind;
    const screen = kind ? DISPLAY_SCREENS[kind] : undefined;
    if (screen && !screen.methods.has(method)) throw screen.refusal(code, method);
  }

  /** Whether a screen of this station hears an event: a kitchen display hears only its own tickets' changes, other screens everything else. */
  hears(code: string, event: TillEvent): boolean {
    const station = stationByCode(this.db, code);
    if (station?.kind === 'kitchen_display') return (event.type === 'kitchen' && event.station_id === station.id) || event.type === 'sold-out';
    // A customer display hears its own view only; nobody else hears it (a counter's cart is that counter's customers' business).
    if (station?.kind === 'customer_display') return event.type === 'customer-display' && event.view.station.code === code;
    return event.type !== 'kitchen' && event.type !== 'customer-display';
  }

  /** Throws the bilingual refusal when a connection's station was removed; checked before every call. */
  checkInUse(code: string): void {
    if (this.inUse(code)) return;
    // Removed by another process: its sockets are closed once this refusal has gone out (setImmediate runs after the reply's microtasks).
    if (!this.announced.has(code)) setImmediate(() => this.noticeRemovals());
    throw new TillError(
      'not_allowed',
      `this screen's station ${code} was removed on the Branch screen; ask a manager to pair this device again with a code for another station`,
      { code: 'station.removed', params: { code } },
    );
  }

  /** Keeps a newly paired device's credential, bound to its station. */
  rememberDevice(token: string, client: ClientContext & { station: string }): void {
    rememberDevice(this.db, token, { id: client.id, station_code: client.station, address: client.address }, this.now());
  }

  /** The paired device a cookie's token names (after a restart too), while its station is in use. */
  pairedDevice(token: string): ClientContext | null {
    const device = pairedDevice(this.db, token);
    return device ? { kind: 'paired-device', id: device.id, address: device.address, station: device.station_code } : null;
  }

  /** Tells `listener` each station removed through this host; returns the unsubscribe. */
  onRemoved(listener: (code: string) => void): () => void {
    this.removalListeners.add(listener);
    return () => void this.removalListeners.delete(listener);
  }

  /** `pos serve` and the desktop app offer their hub and standby pair here (issue 36); a desktop till with no standby port offers none. */
  offerStandby(standby: StandbyPort | null): void {
    this.standby = standby;
  }

  async standbyStatus(): Promise<StandbyStatusView> {
    return this.standby?.panelStatus() ?? NO_STANDBY;
  }

  async standbyCode(): Promise<StandbyCodeView> {
    if (!this.standby)
      throw new TillError('not_allowed', 'this desktop till takes a standby once hub.desktop_standby_port names a port and the app has restarted', {
        code: 'standby.desktop',
      });
    return this.standby.makeCode();
  }

  /** The web host offers its pairing codes here once it listens (null: it stopped); the Electron window has none. */
  offerPairing(pairing: DevicePairing | null): void {
    this.pairing = pairing;
  }

  /** The code of the station a call runs at (the first counter for the CLI and in-process callers). */
  codeHere(): string {
    return (stationByCode(this.db, currentStationKey()) ?? firstCounter(this.db)).code;
  }

  async thisStation(): Promise<Station> {
    // The CLI and in-process callers run at `local`: they act for the first counter.
    return stationByCode(this.db, currentStationKey()) ?? firstCounter(this.db);
  }

  async stations(): Promise<Station[]> {
    return listStations(this.db);
  }

  async addStation(input: StationInputs['addStation']): Promise<Station[]> {
    const { name, code, kind, receipt_printer_id, drawer_printer_id, shows_cart_of } = parseInput('addStation', input);
    addStation(this.db, { name, code, kind, receipt_printer_id, drawer_printer_id, shows_cart_of }, this.now());
    return listStations(this.db);
  }

  async setDisplayCounter(input: StationInputs['setDisplayCounter']): Promise<Station[]> {
    const { code, counter } = parseInput('setDisplayCounter', input);
    const display = setDisplayCounter(this.db, code, counter);
    for (const listener of [...this.displayListeners]) listener(display);
    return listStations(this.db);
  }

  /** Tells `listener` each customer display given another counter (it shows that one's cart at once). */
  onDisplayChanged(listener: (display: Station) => void): () => void {
    this.displayListeners.add(listener);
    return () => void this.displayListeners.delete(listener);
  }

  async renameStation(input: StationInputs['renameStation']): Promise<Station[]> {
    const { code, name } = parseInput('renameStation', input);
    renameStation(this.db, code, name);
    return listStations(this.db);
  }

  async removeStation(input: StationInputs['removeStation']): Promise<Station[]> {
    const { code } = parseInput('removeStation', input);
    removeStation(this.db, code, this.now());
    this.noticeRemovals();
    return listStations(this.db);
  }

  /**
   * A fresh one-time code for the next device, which will be `station`.
   * None where the host pairs no devices, and none before the till has a
   * manager: the first manager is made on the host's own screen, and a
   * paired device needs someone who can approve.
   */
  async pairingState(): Promise<PairingStateView> {
    if (!this.pairing) return { can_pair: false, why_not: 'station.pairingOff' };
    if (!hasActiveManager(this.db)) return { can_pair: false, why_not: 'station.noManagerYet' };
    return { can_pair: true, why_not: null };
  }

  async pairingCode(input: StationInputs['pairingCode']): Promise<PairingCodeView> {
    const { station } = parseInput('pairingCode', input);
    const pairing = this.pairing;
    if (!pairing)
      throw new TillError(
        'not_allowed',
        'this till pairs no devices: start it with pos serve on the network (or behind a TLS proxy) and open the Stations tab there',
        {
          code: 'station.pairingOff',
        },
      );
    if (!hasActiveManager(this.db))
      throw new TillError('not_allowed', 'no device can pair yet: add this till’s first manager on the Cashiers screen first', {
        code: 'station.noManagerYet',
      });
    if (!this.inUse(station)) throw new TillError('not_found', `this till has no station ${station}`, { code: 'station.unknown', params: { code: station } });
    const { code, expiresAt } = pairing.issue(station);
    return { code, station, expires_at: expiresAt, address: pairing.address() };
  }

  /** Answered by the transport for its own connection (a manager's browser); a screen without one keeps its station. */
  async useStation(input: StationInputs['useStation']): Promise<Station> {
    parseInput('useStation', input);
    throw new TillError(
      'not_allowed',
      'this screen’s station is fixed: the till’s own window is the first counter; open the till in a browser to make it another station',
      {
        code: 'station.fixedScreen',
      },
    );
  }
}
