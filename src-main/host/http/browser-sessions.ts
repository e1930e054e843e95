import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { ClientContext, ClientKind } from '../authorization/index.ts';

export const SESSION_COOKIE = 'till_session';
const MAX_SESSIONS = 500;
/** A paired device keeps its cookie this long (Chromium's cap, 400 days): it is its station until the station is removed. */
const DEVICE_COOKIE_MAX_AGE_S = 400 * 24 * 3600;

/** Where paired devices' credentials are kept across restarts (the host's BranchStations). */
export interface PairedDeviceStore {
  rememberDevice(token: string, client: ClientContext & { station: string }): void;
  pairedDevice(token: string): ClientContext | null;
}

/**
 * The browsers this launch has admitted. A session is a random token in an
 * `HttpOnly; SameSite=Strict` cookie (`Secure` when the browser came over
 * https, through the operator's TLS proxy), made when a browser opens the launch's
 * secret URL (a manager screen) or pairs with a one-time code (a cashier
 * device); the code or the secret itself is never the cookie. A manager
 * session lives as long as this process (a restart means opening the new
 * address again); a paired device is bound to a station and kept in the
 * database as a hash, so it comes back as its station after a restart,
 * until the station is removed.
 */
export class BrowserSessions {
  /** The per-launch secret in the URL `pos serve` prints (`/k/<secret>`). */
  readonly launchSecret = randomBytes(24).toString('base64url');
  private readonly sessions = new Map<string, ClientContext>();

  constructor(private readonly devices: PairedDeviceStore) {}

  isLaunchSecret(presented: string): boolean {
    return sameSecret(presented, this.launchSecret);
  }

  /**
   * A new session for this kind of client (a paired device with the station
   * it will be); returns its Set-Cookie header (`secure`: the browser is on https).
   */
  open(
    kind: Extract<ClientKind, 'manager-session' | 'paired-device'>,
    address: string | null,
    { secure = false, station }: { secure?: boolean; station?: string } = {},
  ): { cookie: string; client: ClientContext } {
    const token = randomBytes(32).toString('base64url');
    const client: ClientContext = { kind, id: `s-${token.slice(0, 6)}`, address };
    let lasting = '';
    if (kind === 'paired-device') {
      if (station === undefined) throw new Error('a paired device is paired to a station');
      client.station = station;
      this.devices.rememberDevice(token, { ...client, station });
      lasting = `; Max-Age=${DEVICE_COOKIE_MAX_AGE_S}`;
    }
    this.remember(token, client);
    return { cookie: `${SESSION_COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/${lasting}${secure ? '; Secure' : ''}`, client };
  }

  /** The client a request's session cookie names (a paired device also from the database, after a restart), or null. */
  clientOf(request: IncomingMessage): ClientContext | null {
    const token = cookieValue(request, SESSION_COOKIE);
    if (!token || token.length > 100) return null;
    const known = this.sessions.get(token);
    if (known) return known;
    const device = this.devices.pairedDevice(token);
    if (device) this.remember(token, device);
    return device;
  }

  private remember(token: string, client: ClientContext): void {
    this.sessions.set(token, client);
    while (this.sessions.size > MAX_SESSIONS) this.sessions.delete(this.sessions.keys().next().value!);
  }
}

export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function cookieValue(request: IncomingMessage, name: string): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return null;
}
