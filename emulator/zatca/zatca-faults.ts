/**
 * Faults the stand-in injects, like the service emulator's (emulator/faults.ts)
 * but shaped for the tests of ZATCA reporting: counted one-shot faults ("the
 * next 2 requests answer 500") beside a seeded rate, and a drop that does
 * the work and loses the answer (the document is received, the till never
 * hears so: the case exactly-once reporting exists for). Holds
 * (request-hold.ts) make a request wait as long as a test wants: a timeout.
 */
import type { Prng } from '../../src-shared/random/index.ts';

export interface ZatcaFaults {
  /** Share (0 to 1) of requests answered 500 before any work, drawn from the seeded stream. */
  errorRate: number;
  /** The next N requests answer 500 before any work (counted down). */
  failNext: number;
  /** The next N requests answer 401 (counted down). */
  unauthorizedNext: number;
  /** The next N requests answer 429 with `Retry-After` (counted down). */
  throttleNext: number;
  /** The `Retry-After` sent with an injected 429 (seconds). */
  retryAfter: string;
  /** The next N requests are handled (a document is received and logged) and their connection is then destroyed unanswered. */
  dropNext: number;
  /** The routes (relative to the base path, e.g. `/invoices/reporting/single`) the faults hit; empty: every route. */
  routes: string[];
}

export function resolveZatcaFaults(partial: Partial<ZatcaFaults> = {}): ZatcaFaults {
  return {
    errorRate: partial.errorRate ?? 0,
    failNext: partial.failNext ?? 0,
    unauthorizedNext: partial.unauthorizedNext ?? 0,
    throttleNext: partial.throttleNext ?? 0,
    retryAfter: partial.retryAfter ?? '1',
    dropNext: partial.dropNext ?? 0,
    routes: [...(partial.routes ?? [])],
  };
}

export type ZatcaFaultPlan = 'none' | 'fail' | 'unauthorized' | 'throttle' | 'drop';

/** One request's fault. Every request on a faulted route draws one number, whatever the rate, so one seed gives one sequence. */
export function planZatcaFault(faults: ZatcaFaults, prng: Prng, route: string): ZatcaFaultPlan {
  if (faults.routes.length > 0 && !faults.routes.includes(route)) return 'none';
  const draw = prng.next();
  if (faults.failNext > 0) {
    faults.failNext--;
    return 'fail';
  }
  if (draw < faults.errorRate) return 'fail';
  if (faults.unauthorizedNext > 0) {
    faults.unauthorizedNext--;
    return 'unauthorized';
  }
  if (faults.throttleNext > 0) {
    faults.throttleNext--;
    return 'throttle';
  }
  if (faults.dropNext > 0) {
    faults.dropNext--;
    return 'drop';
  }
  return 'none';
}
