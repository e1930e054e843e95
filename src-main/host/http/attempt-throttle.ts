/**
 * Wrong guesses per client address: a few are free, then each further one
 * locks the address out for twice as long as the last (capped). A correct
 * answer forgets the address. The clock is injected so tests need no sleeps.
 */
export class AttemptThrottle {
  private readonly failures = new Map<string, { count: number; lockedUntil: number }>();

  constructor(private readonly options: { freeAttempts?: number; baseDelayMs?: number; maxDelayMs?: number; now?: () => number; maxAddresses?: number } = {}) {}

  private get now() {
    return (this.options.now ?? Date.now)();
  }

  /** Milliseconds the address must still wait before it may try again (0 = may try now). */
  waitMs(address: string): number {
    const entry = this.failures.get(address);
    return entry ? Math.max(0, entry.lockedUntil - this.now) : 0;
  }

  fail(address: string): void {
    const free = this.options.freeAttempts ?? 5;
    const entry = this.failures.get(address) ?? { count: 0, lockedUntil: 0 };
    entry.count += 1;
    if (entry.count >= free) {
      const delay = Math.min((this.options.baseDelayMs ?? 30_000) * 2 ** (entry.count - free), this.options.maxDelayMs ?? 60 * 60_000);
      entry.lockedUntil = this.now + delay;
    }
    this.failures.delete(address);
    this.failures.set(address, entry);
    // Bounded memory: the oldest addresses go first.
    const max = this.options.maxAddresses ?? 10_000;
    while (this.failures.size > max) this.failures.delete(this.failures.keys().next().value!);
  }

  succeed(address: string): void {
    this.failures.delete(address);
  }
}
