import { TillError } from '../../src-shared/till/index.ts';
import type { TillDatabase } from '../db/index.ts';
import { findCashier, listCashiers, publicCashier, type StoredCashier } from './cashier-store.ts';
import { verifyPin } from './pin-hash.ts';
import { PinThrottle } from './pin-throttle.ts';
import type { CashierView } from '../../src-shared/shifts/index.ts';

/** A cashier's own PIN opens the till for them; wrong PINs are throttled. */
export async function checkCashierPin(db: TillDatabase, cashierId: string, pin: string, now: () => number): Promise<CashierView> {
  const throttle = new PinThrottle(db, now);
  throttle.check();
  const cashier = findCashier(db, cashierId);
  if (!cashier || !cashier.active) throw new TillError('not_found', 'no such active cashier on this till');
  if (!(await verifyPin(pin, cashier.pin_hash))) {
    throttle.failed();
    throw new TillError('wrong_pin', 'wrong PIN');
  }
  throttle.succeeded();
  return publicCashier(cashier);
}

/**
 * The active manager whose PIN this is, or a `wrong_pin` error (counted by
 * the throttle). Used by the authorization policy, never on its own: the
 * approval and the refusal are audited by the caller.
 */
export async function approveWithManagerPin(db: TillDatabase, pin: string, now: () => number): Promise<CashierView> {
  const throttle = new PinThrottle(db, now);
  throttle.check();
  const managers = listCashiers(db).filter((c): c is StoredCashier => c.role === 'manager' && c.active);
  for (const manager of managers) {
    if (await verifyPin(pin, manager.pin_hash)) {
      throttle.succeeded();
      return publicCashier(manager);
    }
  }
  throttle.failed();
  throw new TillError('wrong_pin', "that is not an active manager's PIN");
}
