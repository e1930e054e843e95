import type { IncomingMessage } from 'node:http';
import { TillError } from '../../../src-shared/errors/index.ts';
import type { ClientContext } from '../authorization/index.ts';
import { cookieValue } from './browser-sessions.ts';

/** The cookie in which a manager's browser remembers the station it was made (a station code; survives restarts). */
export const STATION_COOKIE = 'till_station';

/** What placing a screen needs of the branch's stations (the host's BranchStations). */
export interface ScreenStationDirectory {
  inUse(code: string): boolean;
  /** The first counter in use: the station a browser gets when no screen had it this launch. */
  firstCounterCode(): string;
  /** Whether a tablet is paired to this station (then it is that tablet's screen). */
  hasPairedDevice(code: string): boolean;
  /** Adds a counter with the next free code for a screen of its own; returns the code. */
  addScreenStation(): string;
}

/**
 * Which station each screen on the network is (issue 32): every screen is its
 * own till, and no screen starts inside another's cart and sign-in (which
 * live on the hub, keyed by station). A paired device is the station its code
 * made; it never falls back to any other. A manager's browser (the launch's
 * `/k/…` address) is, in this order: the station it already is this launch;
 * the station its own `till_station` cookie names (its choice, kept across
 * restarts); the first counter; or else a new counter — where each of the
 * first three counts only while no other browser was given it this launch and
 * no tablet is paired to it. A station once given to a browser stays that
 * browser's for the launch even when the browser moves on (whoever signed in
 * there may still be signed in). "Use on this screen" (useStation) still
 * makes a browser any station, on purpose.
 */
export class ScreenStations {
  /** The station each manager's browser is this launch. */
  private readonly placed = new WeakMap<ClientContext, string>();
  /** The browser each station was last given to this launch. */
  private readonly holders = new Map<string, ClientContext>();

  constructor(private readonly stations: ScreenStationDirectory) {}

  /** The station a connection is; throws the bilingual refusal for a screen it cannot place (never the first counter by default). */
  stationOf(request: IncomingMessage, client: ClientContext): string {
    if (client.kind === 'paired-device') {
      // Never the cookie, and never a fallback: a device is only ever the station it paired as.
      if (client.station === undefined) throw unplaced();
      return client.station;
    }
    if (client.kind !== 'manager-session') throw unplaced();
    const placed = this.placed.get(client);
    if (placed !== undefined && this.stations.inUse(placed)) return placed;
    const remembered = cookieValue(request, STATION_COOKIE);
    const code =
      remembered !== null && this.freeFor(remembered, client)
        ? remembered
        : this.freeFor(this.stations.firstCounterCode(), client)
          ? this.stations.firstCounterCode()
          : this.stations.addScreenStation();
    this.choose(client, code);
    return code;
  }

  /** The station this browser is this launch, if it was placed yet. */
  placedAt(client: ClientContext): string | undefined {
    return client.kind === 'paired-device' ? undefined : this.placed.get(client);
  }

  /** A manager's browser is now `code` (placed, or chose it on the Stations tab). */
  choose(client: ClientContext, code: string): void {
    if (client.kind === 'paired-device') return;
    this.placed.set(client, code);
    this.holders.set(code, client);
  }

  /** The same browser opened the launch address again: its new session is the station its old one was. */
  carryOver(previous: ClientContext, next: ClientContext): void {
    const code = this.placedAt(previous);
    if (previous.kind === 'manager-session' && code !== undefined) this.choose(next, code);
  }

  /** Whether a manager's browser was given this station this launch (a tablet must not pair into its cart and sign-in). */
  heldByBrowser(code: string): boolean {
    return this.holders.has(code);
  }

  private freeFor(code: string, client: ClientContext): boolean {
    if (!/^[A-Z]{1,2}$/.test(code) || !this.stations.inUse(code)) return false;
    const holder = this.holders.get(code);
    return (holder === undefined || holder === client) && !this.stations.hasPairedDevice(code);
  }
}

/** The refusal for a screen the host cannot place: it is never made another screen's station. */
export function unplaced(): TillError {
  return new TillError('not_allowed', 'the till cannot tell which station this screen is: pair it again with a new pairing code', {
    code: 'station.unplaced',
  });
}

/** The refusal for a code naming a station a manager's browser is: a tablet never joins another screen's cart and sign-in. */
export function stationHasScreen(code: string): TillError {
  return new TillError(
    'not_allowed',
    `station ${code} is already a manager's screen: make the code on a new station's row, or without a station (the device becomes a new one)`,
    { code: 'station.hasScreen', params: { code } },
  );
}
