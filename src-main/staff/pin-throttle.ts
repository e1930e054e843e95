import { TillError } from '../../src-shared/till/index.ts';
import { first, q, run, type TillDatabase } from '../db/index.ts';

/** Wrong PINs allowed before the till makes people wait. */
export const FREE_PIN_TRIES = 3;
const FIRST_DELAY_MS = 2_000;
const MAX_DELAY_MS = 5 * 60_000;

/** How long after the `failures`-th wrong PIN the next try is refused: doubling from the 3rd, capped at 5 minutes. */
export function pinDelayMs(failures: number): number {
  if (failures < FREE_PIN_TRIES) return 0;
  return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** (failures - FREE_PIN_TRIES));
}

/**
 * Wrong PINs on this till (sign-in and manager approvals alike), kept in the
 * database so restarting the app does not reset the wait.
 */
export class PinThrottle {
  constructor(
    private readonly db: TillDatabase,
    private readonly now: () => number,
    private readonly scope = 'till',
  ) {}

  /** Throws `pin_throttled` while a wait is running. */
  check(): void {
    const row = first(this.db, q.selectFrom('pin_throttle').select(['failures', 'next_try_at']).where('scope', '=', this.scope));
    const wait = row ? row.next_try_at - this.now() : 0;
    if (wait > 0) {
      throw new TillError('pin_throttled', `too many wrong PINs: try again in ${Math.ceil(wait / 1000)} s`);
    }
  }

  failed(): number {
    const row = first(this.db, q.selectFrom('pin_throttle').select('failures').where('scope', '=', this.scope));
    const failures = (row?.failures ?? 0) + 1;
    run(
      this.db,
      q
        .insertInto('pin_throttle')
        .values({ scope: this.scope, failures, next_try_at: this.now() + pinDelayMs(failures) })
        .onConflict((conflict) =>
          conflict.column('scope').doUpdateSet((eb) => ({ failures: eb.ref('excluded.failures'), next_try_at: eb.ref('excluded.next_try_at') })),
        ),
    );
    return failures;
  }

  succeeded(): void {
    run(this.db, q.deleteFrom('pin_throttle').where('scope', '=', this.scope));
  }
}
