import { TillError } from '../../src-shared/errors/index.ts';
import type { TillDatabase } from '../db/index.ts';
import { findCashier, listCashiers, publicCashier, type StoredCashier } from './cashier-store.ts';
import { verifyPin } from './pin-hash.ts';
import { cashierScope, clientScope, PinThrottle } from './pin-throttle.ts';
import { currentPinCaller, type PinCaller } from './pin-caller.ts';
import type { CashierView } from '../../src-shared/shifts/index.ts';

// One PIN check at a time per database: the checks of every cashier and
// every client queue here, so a burst of guesses hashes one after another
// and each sees the failures counted before it.
const queues = new WeakMap<TillDatabase, Promise<unknown>>();

function oneAtATime<T>(db: TillDatabase, check: () => Promise<T>): Promise<T> {
  const before = queues.get(db) ?? Promise.resolve();
  const result = before.then(check, check);
  queues.set(
    db,
    result.catch(() => undefined),
  );
  return result;
}

/**
 * Runs one PIN check under the throttle: the attempt is counted in `scopes`
 * before `check` hashes anything, and given back only when `check` finds the
 * PIN right (it returns the scopes that PIN proves); `null` leaves it counted.
 */
function throttled<T>(db: TillDatabase, now: () => number, scopes: string[], check: () => Promise<{ value: T; proven: string[] } | null>): Promise<T | null> {
  return oneAtATime(db, async () => {
    const throttle = new PinThrottle(db, now);
    throttle.reserve(scopes);
    const found = await check();
    if (!found) return null;
    throttle.release(scopes, found.proven);
    return found.value;
  });
}

const callerScopes = (caller: PinCaller | null) => (caller ? [clientScope(caller.key)] : []);

/** A cashier's own PIN opens the till for them; wrong PINs are throttled per cashier and per client. */
export async function checkCashierPin(db: TillDatabase, cashierId: string, pin: string, now: () => number): Promise<CashierView> {
  const cashier = findCashier(db, cashierId);
  if (!cashier || !cashier.active) throw new TillError('not_found', 'no such active cashier on this till');
  const scopes = [cashierScope(cashier.id), ...callerScopes(currentPinCaller())];
  const opened = await throttled(db, now, scopes, async () => ((await verifyPin(pin, cashier.pin_hash)) ? { value: cashier, proven: scopes } : null));
  if (!opened) throw new TillError('wrong_pin', 'wrong PIN');
  return publicCashier(opened);
}

/**
 * The active manager whose PIN this is, or a `wrong_pin` error. The attempt
 * counts against every active manager (each could be the one guessed) and
 * the client. Used by the authorization policy, never on its own: the
 * approval and the refusal are audited by the caller.
 */
export async function approveWithManagerPin(
  db: TillDatabase,
  pin: string,
  now: () => number,
  caller: PinCaller | null = currentPinCaller(),
): Promise<CashierView> {
  const managers = listCashiers(db).filter((c): c is StoredCashier => c.role === 'manager' && c.active);
  const scopes = [...managers.map((m) => cashierScope(m.id)), ...callerScopes(caller)];
  const manager = await throttled(db, now, scopes, async () => {
    for (const candidate of managers) {
      if (await verifyPin(pin, candidate.pin_hash)) return { value: candidate, proven: [cashierScope(candidate.id), ...callerScopes(caller)] };
    }
    return null;
  });
  if (!manager) throw new TillError('wrong_pin', "that is not an active manager's PIN");
  return publicCashier(manager);
}
