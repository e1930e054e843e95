import type { CashierView } from '../../src-shared/shifts/index.ts';
import { TillError } from '../../src-shared/errors/index.ts';
import type { TillDatabase } from '../db/index.ts';
import { checkCashierPin } from './pin-checks.ts';
import { findCashier, hasCashiers, publicCashier, signOutEverywhere } from './cashier-store.ts';
import { settingOrDefault } from '../settings/index.ts';

/** A sign-in and, when a manager's approval signed the cashier out of another station for it, which station that was. */
export interface SignIn {
  cashier: CashierView;
  releasedFrom: string | null;
}

/**
 * Who is at the till. A cashier's PIN opens it; it locks itself after
 * `till.idle_lock_minutes` without a call (0: never), on `lock()`, and when
 * a manager signs the cashier out of every station (the cashier's
 * `sign_outs` count moved on since she signed in here).
 * A till with no cashiers at all (before the first manager, or a database
 * from before cashiers) sells anonymously, as it always did.
 */
export class StaffSession {
  private cashierId: string | null = null;
  private lastTouch = 0;
  /** The cashier's sign-out count when she signed in here. */
  private signOuts = 0;

  constructor(
    private readonly db: TillDatabase,
    private readonly now: () => number,
    /** Refuses a sign-in while the cashier is signed in at another station (StationSessions). */
    private readonly elsewhere?: (cashierId: string) => string | null,
  ) {}

  idleLockMinutes(): number {
    return settingOrDefault(this.db, 'till.idle_lock_minutes');
  }

  /** The signed-in cashier, or null when locked (idle time is checked here, so a lock needs no timer). */
  current(): CashierView | null {
    if (this.cashierId === null) return null;
    const idle = this.idleLockMinutes();
    if (idle > 0 && this.now() - this.lastTouch > idle * 60_000) {
      this.cashierId = null;
      return null;
    }
    const cashier = findCashier(this.db, this.cashierId);
    // Read on every call: a release by `pos cashiers release` in another process counts at once.
    if (!cashier?.active || cashier.sign_outs !== this.signOuts) {
      this.cashierId = null;
      return null;
    }
    return publicCashier(cashier);
  }

  /** Records activity, keeping the till open. */
  touch(): void {
    if (this.current() !== null) this.lastTouch = this.now();
  }

  /** The cashier to record on a sale; null only on a till without cashiers. Locked → `locked`. */
  require(): CashierView | null {
    const cashier = this.current();
    if (cashier) {
      this.lastTouch = this.now();
      return cashier;
    }
    if (!hasCashiers(this.db)) return null;
    throw new TillError('locked', 'the till is locked: a cashier must enter their PIN');
  }

  /**
   * Signs a cashier in with their PIN. While they are signed in at another
   * station this is refused (`locked`), unless `release` (a manager approved
   * it, the host's authorization hook checked and audited that before this
   * runs): then they are signed out of every other station and in here. Their
   * open shift and the other station's cart stay where they are.
   */
  async unlock(cashierId: string, pin: string, options: { release?: boolean } = {}): Promise<SignIn> {
    const cashier = await checkCashierPin(this.db, cashierId, pin, this.now);
    // After the PIN check: where a cashier works is told only to someone who knows their PIN.
    const station = cashier.id === this.cashierId ? null : (this.elsewhere?.(cashier.id) ?? null);
    if (station !== null && !options.release)
      throw new TillError(
        'locked',
        `${cashier.name} is signed in at station ${station}: lock the till there first; if that screen is gone (a flat tablet, a closed browser), a manager can sign ${cashier.name} out there from here with their PIN, or run \`pos cashiers release ${cashier.name}\``,
        {
          code: 'cashier.signedInElsewhere',
          params: { name: cashier.name, station },
        },
      );
    this.signOuts = station === null ? (findCashier(this.db, cashier.id)?.sign_outs ?? 0) : signOutEverywhere(this.db, cashier.id);
    this.cashierId = cashier.id;
    this.lastTouch = this.now();
    return { cashier, releasedFrom: station };
  }

  /** Signs a cashier in without a PIN: the first manager right after creating themself. */
  signInAs(cashier: CashierView): void {
    this.signOuts = findCashier(this.db, cashier.id)?.sign_outs ?? 0;
    this.cashierId = cashier.id;
    this.lastTouch = this.now();
  }

  lock(): void {
    this.cashierId = null;
  }
}
