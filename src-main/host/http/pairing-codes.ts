import { randomInt } from 'node:crypto';
import { sameSecret } from './browser-sessions.ts';

export interface PairingCodeOptions {
  /** How long a code is good for. */
  lifetimeMs?: number;
  /** Wrong answers from one address after which the code no longer pairs that address (others keep it). */
  maxWrongAnswers?: number;
  /** Addresses remembered per code; the oldest are forgotten first. */
  maxAddresses?: number;
  now?: () => number;
  /** Told every new code and the station it makes (null: a new one); `pos serve` prints it where the operator sees it. */
  onNewCode?: (code: string, expiresAt: number, station: string | null) => void;
}

/**
 * The six-digit code a cashier device types to pair. One code is good for
 * one pairing and a few minutes, and is spent only by that pairing. Wrong
 * answers are counted per address: an address that guessed wrong too often
 * cannot pair with this code any more, but nobody else loses it, so a
 * stranger on the Wi-Fi cannot burn the code the counter is about to type.
 * Per-address lock-out delays are AttemptThrottle's.
 */
export class PairingCodes {
  private current: { code: string; expiresAt: number; station: string | null; wrongBy: Map<string, number> } | null = null;

  constructor(private readonly options: PairingCodeOptions = {}) {}

  private get now() {
    return (this.options.now ?? Date.now)();
  }

  /**
   * Makes a fresh code for a device that will be `station` (null: a new
   * station of its own, made when the code is redeemed, so a code never used
   * leaves no station behind); the old code stops working.
   */
  issue(station: string | null = null): { code: string; expiresAt: number } {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const expiresAt = this.now + (this.options.lifetimeMs ?? 5 * 60_000);
    this.current = { code, expiresAt, station, wrongBy: new Map() };
    this.options.onNewCode?.(code, expiresAt, station);
    return { code, expiresAt };
  }

  /** Whether a code is waiting to be used. */
  active(): boolean {
    return this.current !== null && this.current.expiresAt > this.now;
  }

  /**
   * Once for the right code in time from an address that has not guessed
   * wrong too often: the station the code was made for (null: the host
   * makes a new one for the device); the code is then spent. Otherwise false.
   */
  redeem(presented: string, address: string): { station: string | null } | false {
    const current = this.current;
    if (!current || current.expiresAt <= this.now) {
      this.current = null;
      return false;
    }
    const wrong = current.wrongBy.get(address) ?? 0;
    if (wrong >= (this.options.maxWrongAnswers ?? 5)) return false;
    if (/^\d{6}$/.test(presented) && sameSecret(presented, current.code)) {
      this.current = null;
      return { station: current.station };
    }
    current.wrongBy.delete(address);
    current.wrongBy.set(address, wrong + 1);
    const max = this.options.maxAddresses ?? 10_000;
    while (current.wrongBy.size > max) current.wrongBy.delete(current.wrongBy.keys().next().value!);
    return false;
  }
}
