import { systemClock, type Clock } from '../clock/index.ts';

/**
 * How many list requests may be on the wire at once, and when the next may
 * leave: TCP's congestion rule (AIMD) applied to a service that pushes back.
 * A 429 or a 5xx halves the window (never below one request); each window's
 * worth of answers in a row widens it by one again, up to the configured
 * size. A `Retry-After` pauses every request of the pull until it has passed,
 * not only the one that was refused: the service said so for the client.
 * Time comes from the injected Clock, so tests move it by hand.
 */
export class RequestWindow {
  private current: number;
  private answeredInRow = 0;
  private pausedUntil = 0;
  /** Bumped at each push-back, so requests that were already out together halve the window once. */
  private generation = 0;

  constructor(
    /** The most requests in flight (the `sync.concurrency` setting). */
    readonly max: number,
    readonly clock: Clock = systemClock,
  ) {
    if (!Number.isSafeInteger(max) || max < 1) throw new RangeError(`requests in flight must be a whole number of at least 1, got ${max}`);
    this.current = max;
  }

  /** Requests that may be in flight now. */
  get size(): number {
    return this.current;
  }

  /** Resolves when requests may leave again (at once unless a Retry-After or backoff pause is running). */
  ready(signal?: AbortSignal): Promise<void> {
    const wait = this.pausedUntil - this.clock.now();
    return wait > 0 ? this.sleep(wait, signal) : Promise.resolve();
  }

  /** Waits `ms` on the window's clock; an abort ends the wait with the abort's reason. */
  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        cancel();
        reject(signal!.reason);
      };
      const cancel = this.clock.after(ms, () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      });
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** Taken when a request leaves; handed back to `pushedBack`. */
  get epoch(): number {
    return this.generation;
  }

  answered(): void {
    if (++this.answeredInRow >= this.current && this.current < this.max) {
      this.current++;
      this.answeredInRow = 0;
    }
  }

  /** The service pushed back (429 or 5xx) on a request sent at `epoch`: fewer in flight, and nothing leaves for `pauseMs`. */
  pushedBack(epoch: number, pauseMs: number): void {
    if (epoch === this.generation) {
      this.current = Math.max(1, Math.floor(this.current / 2));
      this.generation++;
    }
    this.answeredInRow = 0;
    this.pausedUntil = Math.max(this.pausedUntil, this.clock.now() + pauseMs);
  }
}
