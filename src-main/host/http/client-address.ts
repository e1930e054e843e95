import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import { isLoopback } from './host-allowlist.ts';

/** The key for requests whose proxy headers disagree: one shared bucket, so nobody can pick an address by forging one header. */
export const CONFLICTING_FORWARDED = 'forwarded-conflict';

/**
 * The address a request comes from, for throttles, connection limits and the
 * audit. Behind a TLS proxy (`--behind-proxy`) every TCP peer is the proxy,
 * so the client's address is read from the proxy's `Forwarded` or
 * `X-Forwarded-For` header, but only when the peer is loopback (a proxy on
 * this machine); from any other peer those headers are the sender's own
 * words and are ignored. A proxy appends the address it saw, so the last
 * entry is the one to trust; when a request carries both headers and their
 * last entries differ, the proxy handles only one of them and the other was
 * written by the client: all such requests share one bucket.
 */
export function clientAddress(request: IncomingMessage, behindProxy: boolean): string {
  const peer = normalizeAddress(request.socket.remoteAddress ?? '') ?? 'unknown';
  if (!behindProxy || !isLoopback(peer)) return peer;
  const forwarded = headerText(request.headers.forwarded);
  const xForwardedFor = headerText(request.headers['x-forwarded-for']);
  if (forwarded === null && xForwardedFor === null) return peer; // a direct connection on this machine
  const fromForwarded = forwarded === null ? null : lastForwardedFor(forwarded);
  const fromXff = xForwardedFor === null ? null : normalizeAddress(xForwardedFor.split(',').at(-1)!);
  if (forwarded !== null && xForwardedFor !== null && fromForwarded !== fromXff) return CONFLICTING_FORWARDED;
  return fromForwarded ?? fromXff ?? CONFLICTING_FORWARDED;
}

function headerText(value: string | string[] | undefined): string | null {
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(',') : value;
}

/** RFC 7239: `for=192.0.2.60;proto=https, for="[2001:db8::1]:4711"`; the last element's `for`. */
function lastForwardedFor(header: string): string | null {
  const last = header.split(',').at(-1)!;
  for (const pair of last.split(';')) {
    const [key, ...value] = pair.split('=');
    if (key!.trim().toLowerCase() === 'for') return normalizeAddress(value.join('='));
  }
  return null;
}

/** An IP address in one spelling (no quotes, brackets, port or IPv4-mapped prefix; IPv6 lower case), or null. */
export function normalizeAddress(raw: string): string | null {
  let text = raw.trim().replace(/^"|"$/g, '');
  if (text.startsWith('[')) text = text.slice(1, text.indexOf(']') < 0 ? undefined : text.indexOf(']'));
  else if (/^[\d.]+:\d+$/.test(text)) text = text.slice(0, text.indexOf(':'));
  text = text.split('%')[0]!.toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (mapped) text = mapped[1]!;
  return isIP(text) ? text : null;
}
