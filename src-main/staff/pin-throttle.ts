import { TillError } from '../../src-shared/till/index.ts';
import { statement, type TillDatabase } from '../db/index.ts';

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
    const row = statement(this.db, 'SELECT failures, next_try_at FROM pin_throttle WHERE scope = ?').get(this.scope) as
      { failures: number; next_try_at: number } | undefined;
    const wait = row ? row.next_try_at - this.now() : 0;
    if (wait > 0) {
      throw new TillError('pin_throttled', `too many wrong PINs: try again in ${Math.ceil(wait / 1000)} s`);
    }
  }

  failed(): number {
    const row = statement(this.db, 'SELECT failures FROM pin_throttle WHERE scope = ?').get(this.scope) as { failures: number } | undefined;
    const failures = (row?.failures ?? 0) + 1;
    statement(
      this.db,
      'INSERT INTO pin_throttle (scope, failures, next_try_at) VALUES (?, ?, ?) ON CONFLICT (scope) DO UPDATE SET failures = excluded.failures, next_try_at = excluded.next_try_at',
    ).run(this.scope, failures, this.now() + pinDelayMs(failures));
    return failures;
  }

  succeeded(): void {
    statement(this.db, 'DELETE FROM pin_throttle WHERE scope = ?').run(this.scope);
  }
}
