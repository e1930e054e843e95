import type { TillEvent } from '../../src-shared/api/index.ts';
import { systemClock, type Clock } from '../clock/index.ts';

/**
 * What an event waits for before it goes out: a promise that resolves once
 * every change committed so far is safe (on the hub's disk, and acknowledged
 * by a standby hub when one is connected), or null when there is nothing to
 * wait for. It rejects when the disk would not confirm a commit.
 */
export type EventBarrier = () => Promise<void> | null;

/** How long held events wait before asking the barrier again after the disk would not confirm a commit. */
const RETRY_AFTER_FAILED_BARRIER_MS = 1_000;

/** The host's events, fanned out to every connected UI. */
export class EventHub {
  private readonly listeners = new Set<(event: TillEvent) => void>();
  private barrier: EventBarrier | null = null;
  /** Whose time the retry after a failed barrier waits on (tests move it by hand). */
  private clock: Clock = systemClock;
  /** Events waiting for the barrier, in the order they were emitted. */
  private held: TillEvent[] = [];
  private flushing = false;

  /** Listeners now subscribed: one per connected screen, and the host's own (for tests and diagnostics). */
  get subscribers(): number {
    return this.listeners.size;
  }

  subscribe(listener: (event: TillEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * From now on an event goes out only once `barrier` says the changes
   * committed before it are safe (docs/standby.md: a screen never hears of a
   * sale the standby does not have), still in the order emitted; at once
   * while the barrier has nothing to wait for.
   */
  holdUntil(barrier: EventBarrier, clock: Clock = systemClock): void {
    this.barrier = barrier;
    this.clock = clock;
  }

  emit(event: TillEvent): void {
    if (this.flushing) {
      this.held.push(event);
      return;
    }
    const wait = this.barrier?.() ?? null;
    if (wait === null) return this.deliver(event);
    this.held.push(event);
    void this.flush(wait);
  }

  /** Sends the held events batch by batch, each after a barrier taken once the whole batch was emitted. */
  private async flush(first: Promise<void>): Promise<void> {
    this.flushing = true;
    let wait: Promise<void> | null = first;
    let batch = this.held.splice(0);
    try {
      for (;;) {
        // A barrier that fails (the disk did not confirm the commit): no screen hears of it until a later sync does.
        // A standby that dropped never fails it: the hub then answers alone.
        while (!(await settledOk(wait))) {
          await new Promise<void>((later) => this.clock.after(RETRY_AFTER_FAILED_BARRIER_MS, later));
          wait = this.barrier?.() ?? null;
        }
        for (const event of batch) this.deliver(event);
        if (this.held.length === 0) break;
        batch = this.held.splice(0);
        wait = this.barrier?.() ?? null;
      }
    } finally {
      this.flushing = false;
    }
  }

  private deliver(event: TillEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // One broken connection must not stop the others from hearing.
      }
    }
  }
}

/** True once `wait` resolved (or there was none), false once it rejected. */
function settledOk(wait: Promise<void> | null): Promise<boolean> {
  return wait === null
    ? Promise.resolve(true)
    : wait.then(
        () => true,
        () => false,
      );
}
