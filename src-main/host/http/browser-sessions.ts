import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { ClientContext, ClientKind } from '../authorization/index.ts';

export const SESSION_COOKIE = 'till_session';
const MAX_SESSIONS = 500;

/**
 * The browsers this launch has admitted. A session is a random token in an
 * `HttpOnly; SameSite=Strict` cookie (`Secure` when the browser came over
 * https, through the operator's TLS proxy), made when a browser opens the launch's
 * secret URL (a manager screen) or pairs with a one-time code (a cashier
 * device); the code or the secret itself is never the cookie. Sessions live
 * as long as this process: a restart means opening the new address again.
 */
export class BrowserSessions {
  /** The per-launch secret in the URL `pos serve` prints (`/k/<secret>`). */
  readonly launchSecret = randomBytes(24).toString('base64url');
  private readonly sessions = new Map<string, ClientContext>();

  isLaunchSecret(presented: string): boolean {
    return sameSecret(presented, this.launchSecret);
  }

  /** A new session for this kind of client; returns its Set-Cookie header (`secure`: the browser is on https). */
  open(
    kind: Extract<ClientKind, 'manager-session' | 'paired-device'>,
    address: string | null,
    { secure = false }: { secure?: boolean } = {},
  ): { cookie: string; client: ClientContext } {
    const token = randomBytes(32).toString('base64url');
    const client: ClientContext = { kind, id: `s-${token.slice(0, 6)}`, address };
    this.sessions.set(token, client);
    while (this.sessions.size > MAX_SESSIONS) this.sessions.delete(this.sessions.keys().next().value!);
    return { cookie: `${SESSION_COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/${secure ? '; Secure' : ''}`, client };
  }

  /** The client a request's session cookie names, or null. */
  clientOf(request: IncomingMessage): ClientContext | null {
    const token = cookieValue(request, SESSION_COOKIE);
    if (!token || token.length > 100) return null;
    return this.sessions.get(token) ?? null;
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
