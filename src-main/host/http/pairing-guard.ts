import { randomInt, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const COOKIE = 'till_pairing';

/**
 * On an address other than loopback, every request must present the code
 * printed at start: once as `?code=` (the page then keeps it in a cookie), or
 * in the cookie. On loopback there is no code: only this machine can connect.
 */
export class PairingGuard {
  readonly code: string | null;

  constructor(required: boolean) {
    this.code = required ? String(randomInt(0, 1_000_000)).padStart(6, '0') : null;
  }

  /** Whether the request may proceed; also true for a correct `?code=`. */
  admits(request: IncomingMessage): boolean {
    if (this.code === null) return true;
    const url = new URL(request.url ?? '/', 'http://till');
    const presented = url.searchParams.get('code') ?? cookie(request, COOKIE);
    return presented !== null && sameCode(presented, this.code);
  }

  /** A cookie to set once the code was given in the URL, so links and reloads keep working. */
  cookieHeader(): string | null {
    return this.code === null ? null : `${COOKIE}=${this.code}; HttpOnly; SameSite=Strict; Path=/`;
  }
}

function sameCode(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function cookie(request: IncomingMessage, name: string): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return null;
}

export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host.startsWith('127.');
}
