import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** Wrong answers after which the standing code is burned: a standby is a privileged peer, so its code is not guessed at leisure. */
const MAX_WRONG = 5;

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export function sameHex(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The six-digit code a manager makes for "a standby" (never printed at
 * start, never made by a paired device): one at a time, good for five
 * minutes and one pairing, burned after five wrong answers from anyone.
 * Traded for the stream token, a 256-bit secret the hub keeps as a hash.
 */
export class StandbyCodes {
  private current: { code: string; expiresAt: number; wrong: number } | null = null;

  constructor(private readonly now: () => number = Date.now) {}

  issue(lifetimeMs = 5 * 60_000): { code: string; expiresAt: number } {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    this.current = { code, expiresAt: this.now() + lifetimeMs, wrong: 0 };
    return { code, expiresAt: this.current.expiresAt };
  }

  /** A fresh stream token for the right code in time (the code is spent); null otherwise. */
  redeem(presented: string): string | null {
    const current = this.current;
    if (!current || current.expiresAt <= this.now()) {
      this.current = null;
      return null;
    }
    if (/^\d{6}$/.test(presented) && sameHex(presented, current.code)) {
      this.current = null;
      return randomBytes(32).toString('hex');
    }
    current.wrong += 1;
    if (current.wrong >= MAX_WRONG) this.current = null;
    return null;
  }
}
