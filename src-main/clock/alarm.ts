import { systemClock, type Clock } from './clock.ts';

/**
 * How a worker loop waits: until a deadline, or until someone rings (new
 * work committed, a new sign-in, stop()). A ring while nobody is waiting is
 * kept, so work committed mid-round is not slept through.
 */
export class Alarm {
  private wake: (() => void) | null = null;
  private rung = false;

  constructor(private readonly clock: Clock = systemClock) {}

  /** Resolves after `ms` on the clock (Infinity: only when rung), or at once if rung since the last sleep. */
  sleep(ms: number): Promise<void> {
    if (this.rung) {
      this.rung = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const cancel = Number.isFinite(ms) ? this.clock.after(ms, () => done()) : null;
      const done = (): void => {
        cancel?.();
        this.wake = null;
        this.rung = false;
        resolve();
      };
      this.wake = done;
    });
  }

  /** Whether a sleeper waits for its deadline or a ring (a worker loop that is idle, not working). */
  isWaiting(): boolean {
    return this.wake !== null;
  }

  ring(): void {
    if (this.wake) this.wake();
    else this.rung = true;
  }
}
