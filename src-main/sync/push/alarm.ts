/**
 * How the upload loop waits: until a deadline, or until someone rings
 * (a checkout committed, a new sign-in, stop()). A ring while nobody is
 * waiting is kept, so a sale committed mid-upload is not slept through.
 */
export class Alarm {
  private wake: (() => void) | null = null;
  private rung = false;

  /** Resolves after `ms` (Infinity: only when rung), or at once if rung since the last sleep. */
  sleep(ms: number): Promise<void> {
    if (this.rung) {
      this.rung = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      // setTimeout fires at once for delays past 2^31-1 ms; sleep that long at most and let the caller look again.
      const timer = Number.isFinite(ms) ? setTimeout(() => done(), Math.min(ms, 2 ** 31 - 1)) : null;
      const done = (): void => {
        if (timer) clearTimeout(timer);
        this.wake = null;
        this.rung = false;
        resolve();
      };
      this.wake = done;
    });
  }

  ring(): void {
    if (this.wake) this.wake();
    else this.rung = true;
  }
}
