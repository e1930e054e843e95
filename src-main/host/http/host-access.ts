import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import type { TillEvent } from '../../../src-shared/api/index.ts';
import type { ClientContext } from '../authorization/index.ts';
import { AttemptThrottle } from './attempt-throttle.ts';
import { BrowserSessions, cookieValue, type PairedDeviceStore } from './browser-sessions.ts';
import { clientAddress } from './client-address.ts';
import { HostAllowlist } from './host-allowlist.ts';
import { PairingCodes, type PairingCodeOptions } from './pairing-codes.ts';
import { ScreenStations, STATION_COOKIE, stationHasScreen, type ScreenStationDirectory } from './screen-stations.ts';

/**
 * The branch's stations as the web host needs them (the host's BranchStations).
 * There is no "default station" here: a screen on the network is never the
 * first counter for want of another answer (issue 32; ScreenStations).
 */
export interface StationDirectory extends PairedDeviceStore, ScreenStationDirectory {
  inUse(code: string): boolean;
  /** Throws the bilingual refusal when the station was removed. */
  checkInUse(code: string): void;
  /** Throws unless a screen of this station may make this call (in use; a kitchen display only its own methods). */
  checkCall(code: string, method: string): void;
  /** Whether a screen of this station hears this event (a kitchen display only its own tickets'). */
  hears(code: string, event: TillEvent): boolean;
  onRemoved(listener: (code: string) => void): () => void;
  /** Where the Stations tab's "Pairing code" gets its codes (the till API's pairingCode). */
  offerPairing(pairing: { issue(station: string): { code: string; expiresAt: number }; address(): string } | null): void;
}

export { STATION_COOKIE };
const STATION_COOKIE_MAX_AGE_S = 400 * 24 * 3600;

export interface HostAccessOptions {
  /** The branch's stations: which one each connection is, and the paired devices' credentials. */
  stations: StationDirectory;
  /** The address the server listens on (`--host`). */
  bindHost: string;
  /** Origins to admit besides the bind address (`--origin`, e.g. a TLS proxy). */
  extraOrigins?: string[];
  /** Whether cashier devices may pair with one-time codes (off loopback, or behind a proxy). */
  pairing?: boolean;
  /**
   * A TLS proxy on this machine carries every browser's requests
   * (`--behind-proxy`): a loopback peer's `Forwarded` / `X-Forwarded-For` names
   * the client. Never trusted from any other peer.
   */
  behindProxy?: boolean;
  pairingCodes?: PairingCodeOptions;
  now?: () => number;
}

/**
 * Everything the HTTP host checks before it serves anything: the `Host` it
 * was reached by, the `Origin` of a WebSocket, the browser's session, the
 * launch secret and pairing codes, and the throttle on wrong guesses.
 */
export class HostAccess {
  readonly sessions: BrowserSessions;
  readonly stations: StationDirectory;
  readonly pairing: PairingCodes | null;
  readonly throttle: AttemptThrottle;
  /** Which station each screen is this launch (a manager's browser's choice is kept in its cookie across restarts). */
  private readonly screens: ScreenStations;
  private allowlist: HostAllowlist | null = null;

  constructor(private readonly options: HostAccessOptions) {
    const now = options.now ? { now: options.now } : {};
    this.stations = options.stations;
    this.sessions = new BrowserSessions(options.stations);
    this.screens = new ScreenStations(options.stations);
    this.pairing = options.pairing ? new PairingCodes({ ...now, ...options.pairingCodes }) : null;
    this.throttle = new AttemptThrottle(now);
    // Fail at start, not at the first request, on a bad --origin.
    new HostAllowlist(options.bindHost, 1, options.extraOrigins);
  }

  /** Called once the port is known (it may have been 0). */
  listening(port: number): void {
    this.allowlist = new HostAllowlist(this.options.bindHost, port, this.options.extraOrigins);
    const pairing = this.pairing;
    if (pairing)
      this.stations.offerPairing({
        issue: (station) => {
          this.checkPairable(station);
          return pairing.issue(station);
        },
        address: () => this.pairingAddress(port),
      });
  }

  /** The host stopped: its codes are no longer offered (a new host offers its own). */
  closed(): void {
    if (this.pairing) this.stations.offerPairing(null);
  }

  /**
   * The hub as a tablet reaches it: the TLS proxy's origin behind a proxy,
   * else the bind address and port (for 0.0.0.0 or ::, this computer's
   * first network address; a tablet cannot open "0.0.0.0").
   */
  pairingAddress(port: number): string {
    const proxied = this.options.extraOrigins ?? [];
    if (this.behindProxy && proxied.length > 0) return new URL(proxied.find((o) => o.startsWith('https:')) ?? proxied[0]!).origin;
    let host = this.options.bindHost.replace(/^\[|\]$/g, '');
    if (host === '0.0.0.0' || host === '::') {
      const lan = Object.values(networkInterfaces())
        .flat()
        .find((info) => info && !info.internal && info.family === 'IPv4');
      host = lan?.address ?? '127.0.0.1';
    }
    return `http://${isIP(host) === 6 ? `[${host}]` : host}:${port}`;
  }

  admitsHost(request: IncomingMessage): boolean {
    return this.allowlist?.admitsHost(request.headers.host) ?? false;
  }

  admitsOrigin(request: IncomingMessage): boolean {
    const origin = request.headers.origin;
    return this.allowlist?.admitsOrigin(Array.isArray(origin) ? origin[0] : origin) ?? false;
  }

  /**
   * For a request that changes something (POST): refused when a browser says
   * it comes from another site (`Origin` or `Sec-Fetch-Site`). A client that
   * sends neither is not a browser page, so no other site is driving it.
   */
  sameSite(request: IncomingMessage): boolean {
    const site = request.headers['sec-fetch-site'];
    if (site !== undefined && site !== 'same-origin' && site !== 'none') return false;
    return request.headers.origin === undefined || this.admitsOrigin(request);
  }

  get behindProxy(): boolean {
    return this.options.behindProxy ?? false;
  }

  /** Where the request comes from: the key of every per-client throttle and limit, and the address sessions record. */
  clientAddress(request: IncomingMessage): string {
    return clientAddress(request, this.behindProxy);
  }

  /** Whether a cookie given in answer to this request must be `Secure` (the browser reached an https origin). */
  onHttps(request: IncomingMessage): boolean {
    return this.allowlist?.isHttpsHost(request.headers.host) ?? false;
  }

  clientOf(request: IncomingMessage): ClientContext | null {
    return this.sessions.clientOf(request);
  }

  /**
   * The station a connection is (ScreenStations): a paired device's is the
   * one it paired as (never its own say, never another); a manager's browser
   * is its own station, never one another screen was given this launch.
   * Throws the bilingual refusal for a screen it cannot place.
   */
  stationOf(request: IncomingMessage, client: ClientContext): string {
    return this.screens.stationOf(request, client);
  }

  /** A manager's browser made itself `code` on the Stations tab (the till API's useStation): its next connections are that station. */
  chooseStation(client: ClientContext, code: string): void {
    this.screens.choose(client, code);
  }

  /** The same browser opened the launch address again (it still had `previous`'s cookie): it stays the station it was. */
  reopened(previous: ClientContext | null, next: ClientContext): void {
    if (previous) this.screens.carryOver(previous, next);
  }

  /**
   * Throws unless a device may pair as `code`: never as a station a manager's
   * browser is this launch (it would share her cart and sign-in).
   */
  checkPairable(code: string): void {
    if (this.screens.heldByBrowser(code)) throw stationHasScreen(code);
  }

  /** The Set-Cookie that keeps a browser's station across restarts, when its cookie does not say it yet; else null. */
  stationCookieUpdate(request: IncomingMessage, client: ClientContext): string | null {
    const placed = this.screens.placedAt(client);
    return placed === undefined || cookieValue(request, STATION_COOKIE) === placed ? null : this.stationCookie(placed, request);
  }

  /** The Set-Cookie header that makes a manager's browser this station. */
  stationCookie(code: string, request: IncomingMessage): string {
    return `${STATION_COOKIE}=${code}; HttpOnly; SameSite=Strict; Path=/; Max-Age=${STATION_COOKIE_MAX_AGE_S}${this.onHttps(request) ? '; Secure' : ''}`;
  }

  /** The path of the launch's secret URL (`/k/…`). */
  secretPath(): string {
    return `/k/${this.sessions.launchSecret}`;
  }

  hosts(): { hosts: string[]; origins: string[] } {
    return this.allowlist?.list() ?? { hosts: [], origins: [] };
  }
}
