/**
 * How long a `Retry-After` header asks us to wait (RFC 9110, 10.2.3): either
 * delay-seconds or an HTTP date, read against `now` (the caller's clock, so
 * tests can move time). Null when absent or unreadable: the caller falls
 * back to its own backoff instead of trusting a header it cannot read.
 */
export function retryAfterMs(value: string | null | undefined, now: number): number | null {
  if (value === null || value === undefined) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  if (!/[a-z]/i.test(text)) return null;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}
