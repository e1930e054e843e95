import { TillError } from '../../src-shared/errors/index.ts';
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

/** The throttle scope of one cashier's PIN (sign-in as them, or an approval their PIN could give). */
export const cashierScope = (cashierId: string) => `cashier:${cashierId}`;
/** The throttle scope of one client (a screen's address, or its connection id when it has none). */
export const clientScope = (clientKey: string) => `client:${clientKey}`;

/**
 * Wrong PINs per scope (a cashier, a client), kept in the database so a
 * restart does not reset the wait. An attempt is counted as a failure
 * before its slow hash runs (`reserve`, one immediate transaction over
 * every scope it touches), and given back only when the PIN was right
 * (`release`): a burst of guesses sent at once meets the wait after the
 * free tries, however many arrive before the first hash ends.
 */
export class PinThrottle {
  constructor(
    private readonly db: TillDatabase,
    private readonly now: () => number,
  ) {}

  /** Throws `pin_throttled` while any scope waits; otherwise counts one failure in every scope. */
  reserve(scopes: readonly string[]): void {
    const now = this.now();
    this.db
      .transaction(() => {
        const counts = scopes.map((scope) => {
          const row = first(this.db, q.selectFrom('pin_throttle').select(['failures', 'next_try_at']).where('scope', '=', scope));
          const wait = row ? row.next_try_at - now : 0;
          if (wait > 0) throw new TillError('pin_throttled', `too many wrong PINs: try again in ${Math.ceil(wait / 1000)} s`);
          return { scope, failures: (row?.failures ?? 0) + 1 };
        });
        for (const { scope, failures } of counts) this.write(scope, failures, now + pinDelayMs(failures));
      })
      .immediate();
  }

  /**
   * The PIN was right: the failure `reserve` counted is taken back in every
   * scope, and the scopes the PIN proves (the cashier whose PIN it is, the
   * client that knew it) start again from nothing.
   */
  release(scopes: readonly string[], proven: readonly string[]): void {
    this.db
      .transaction(() => {
        for (const scope of scopes) {
          const row = first(this.db, q.selectFrom('pin_throttle').select(['failures', 'next_try_at']).where('scope', '=', scope));
          if (!row) continue;
          if (proven.includes(scope) || row.failures <= 1) run(this.db, q.deleteFrom('pin_throttle').where('scope', '=', scope));
          else this.write(scope, row.failures - 1, row.next_try_at);
        }
      })
      .immediate();
  }

  /** Failures counted in a scope (tests, and the audit's detail). */
  failures(scope: string): number {
    return first(this.db, q.selectFrom('pin_throttle').select('failures').where('scope', '=', scope))?.failures ?? 0;
  }

  private write(scope: string, failures: number, nextTryAt: number): void {
    run(
      this.db,
      q
        .insertInto('pin_throttle')
        .values({ scope, failures, next_try_at: nextTryAt })
        .onConflict((conflict) =>
          conflict.column('scope').doUpdateSet((eb) => ({ failures: eb.ref('excluded.failures'), next_try_at: eb.ref('excluded.next_try_at') })),
        ),
    );
  }
}
