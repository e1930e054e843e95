import type { CashierView } from '../../src-shared/shifts/index.ts';
import { TillError } from '../../src-shared/till/index.ts';
import type { TillDatabase } from '../db/index.ts';
import { checkCashierPin, findCashier, hasCashiers, publicCashier } from '../staff/index.ts';
import { settingOrDefault } from '../settings/index.ts';

/**
 * Who is at the till. A cashier's PIN opens it; it locks itself after
 * `till.idle_lock_minutes` without a call (0: never), and on `lock()`.
 * A till with no cashiers at all (before the first manager, or a database
 * from before cashiers) sells anonymously, as it always did.
 */
export class StaffSession {
  private cashierId: string | null = null;
  private lastTouch = 0;

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
    if (!cashier?.active) {
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

  /** Signs a cashier in with their PIN; refused (`locked`) while they are signed in at another station. */
  async unlock(cashierId: string, pin: string): Promise<CashierView> {
    const cashier = await checkCashierPin(this.db, cashierId, pin, this.now);
    // After the PIN check: where a cashier works is told only to someone who knows their PIN.
    const station = cashier.id === this.cashierId ? null : (this.elsewhere?.(cashier.id) ?? null);
    if (station !== null)
      throw new TillError(
        'locked',
        `${cashier.name} is signed in at station ${station}: lock the till there first (a cashier works at one station at a time)`,
        {
          code: 'cashier.signedInElsewhere',
          params: { name: cashier.name, station },
        },
      );
    this.cashierId = cashier.id;
    this.lastTouch = this.now();
    return cashier;
  }

  /** Signs a cashier in without a PIN: the first manager right after creating themself. */
  signInAs(cashier: CashierView): void {
    this.cashierId = cashier.id;
    this.lastTouch = this.now();
  }

  lock(): void {
    this.cashierId = null;
  }
}
