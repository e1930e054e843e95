import type { Prng } from '../src-shared/random/index.ts';

/** Faults the emulator injects; the running handle's copy can be changed between requests. */
export interface Faults {
  /** Waited before every answer. */
  latencyMs: number;
  /** 0..1: share of requests answered 500 `Internal server error.` (nothing is done). */
  errorRate: number;
  /** 0..1: share of requests whose socket is destroyed instead of answered (after the work is done). */
  resetRate: number;
  /** `resource:page` (the route's last path segment and the `page` asked for, default 1), e.g. `products:3`: that page answers 500. */
  failPages: string[];
  /** `resource:page` as in `failPages`: that page answers 429 once (the entry is then used up) with a `Retry-After` header. Listed twice, twice. */
  throttlePages: string[];
  /** The `Retry-After` header sent with an injected 429: delay-seconds or an HTTP date. */
  retryAfter: string;
  /** Tokens expire this long after they were issued (the start token: after start) → 401. Null: never. */
  tokenTtlMs: number | null;
}

export function resolveFaults(partial: Partial<Faults> = {}): Faults {
  return {
    latencyMs: partial.latencyMs ?? 0,
    errorRate: partial.errorRate ?? 0,
    resetRate: partial.resetRate ?? 0,
    failPages: [...(partial.failPages ?? [])],
    throttlePages: [...(partial.throttlePages ?? [])],
    retryAfter: partial.retryAfter ?? '1',
    tokenTtlMs: partial.tokenTtlMs ?? null,
  };
}

const FAIL_PAGE = /^[a-z0-9-]+:[1-9]\d*$/;

/** Whether `text` names a page the way `failPages` wants it (`products:3`). */
export function isFailPage(text: string): boolean {
  return FAIL_PAGE.test(text);
}

/** What happens to one request. */
export interface FaultPlan {
  /** Destroy the socket instead of answering. */
  reset: boolean;
  /** Answer 500 before doing anything. */
  fail: boolean;
  /** Answer 429 with `Retry-After` before doing anything. */
  throttle: boolean;
}

/**
 * Decides each request's faults from a seeded stream. Every request draws
 * the same two numbers whatever the rates, so a run with a given seed makes
 * the same decisions even when rates change between requests.
 */
export function planFaults(faults: Faults, prng: Prng, resource: string, page: number): FaultPlan {
  const resetDraw = prng.next();
  const errorDraw = prng.next();
  const reset = resetDraw < faults.resetRate;
  const fail = !reset && (errorDraw < faults.errorRate || faults.failPages.includes(`${resource}:${page}`));
  const throttled = !reset && !fail ? faults.throttlePages.indexOf(`${resource}:${page}`) : -1;
  if (throttled >= 0) faults.throttlePages.splice(throttled, 1);
  return { reset, fail, throttle: throttled >= 0 };
}
