import { randomInt } from 'node:crypto';
import { sameSecret } from './browser-sessions.ts';

export interface PairingCodeOptions {
  /** How long a code is good for. */
  lifetimeMs?: number;
  /** Wrong answers, from all addresses together, after which the code is burned. */
  maxWrongAnswers?: number;
  now?: () => number;
  /** Told every new code (`pos serve` prints it where the operator sees it). */
  onNewCode?: (code: string, expiresAt: number) => void;
}

/**
 * The six-digit code a cashier device types to pair. One code is good for
 * one pairing and a few minutes; a code that was used, expired or was
 * guessed at too often is gone, and the operator asks for a new one (the
 * manager screen's `/pair/code`). Per-address throttling is AttemptThrottle's.
 */
export class PairingCodes {
  private current: { code: string; expiresAt: number; wrong: number } | null = null;

  constructor(private readonly options: PairingCodeOptions = {}) {}

  private get now() {
    return (this.options.now ?? Date.now)();
  }

  /** Makes a fresh code (the old one stops working). */
  issue(): { code: string; expiresAt: number } {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const expiresAt = this.now + (this.options.lifetimeMs ?? 5 * 60_000);
    this.current = { code, expiresAt, wrong: 0 };
    this.options.onNewCode?.(code, expiresAt);
    return { code, expiresAt };
  }

  /** Whether a code is waiting to be used. */
  active(): boolean {
    return this.current !== null && this.current.expiresAt > this.now;
  }

  /** True once for the right code in time; the code is then spent. */
  redeem(presented: string): boolean {
    const current = this.current;
    if (!current || current.expiresAt <= this.now) {
      this.current = null;
      return false;
    }
    if (/^\d{6}$/.test(presented) && sameSecret(presented, current.code)) {
      this.current = null;
      return true;
    }
    current.wrong += 1;
    if (current.wrong >= (this.options.maxWrongAnswers ?? 20)) this.current = null;
    return false;
  }
}
