/**
 * Where the till's background workers get the time and their timers from.
 * Workers take a Clock instead of calling Date.now and setTimeout, so tests
 * drive time by hand and never race the machine's speed.
 */
export interface Clock {
  now(): number;
  /** Calls `fire` once `ms` have passed on this clock; returns a function that cancels it. */
  after(ms: number, fire: () => void): () => void;
}

/** setTimeout fires at once for delays past 2^31-1 ms; a longer wait fires early and the caller looks again. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

export const systemClock: Clock = {
  now: () => Date.now(),
  after(ms, fire) {
    const timer = setTimeout(fire, Math.min(Math.max(0, ms), LONGEST_TIMER_MS));
    return () => clearTimeout(timer);
  },
};
