// A clock the test moves by hand: timers fire only when the test advances
// time past them, in the order they fall due. Workers given this clock never
// race the machine's speed.
import type { Clock } from '../../src-main/clock/index.ts';

interface Timer {
  at: number;
  seq: number;
  fire: () => void;
}

export class ManualClock implements Clock {
  private time: number;
  private seq = 0;
  private readonly timers: Timer[] = [];

  constructor(start = Date.UTC(2026, 10, 21, 9, 30)) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  after(ms: number, fire: () => void): () => void {
    const timer: Timer = { at: this.time + Math.max(0, ms), seq: this.seq++, fire };
    this.timers.push(timer);
    return () => {
      const index = this.timers.indexOf(timer);
      if (index >= 0) this.timers.splice(index, 1);
    };
  }

  /** How many timers are waiting. */
  get waiting(): number {
    return this.timers.length;
  }

  /** When the earliest timer falls due, or null when none waits. */
  nextDue(): number | null {
    return this.timers.reduce<number | null>((min, t) => (min === null || t.at < min ? t.at : min), null);
  }

  /** Moves time forward to `at` (never back), firing what falls due on the way. */
  advanceTo(at: number): void {
    this.advance(Math.max(0, at - this.time));
  }

  /** Moves time forward by `ms`, firing every timer that falls due on the way, earliest first. */
  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      const due = this.timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
      if (!due) break;
      this.timers.splice(this.timers.indexOf(due), 1);
      this.time = Math.max(this.time, due.at);
      due.fire();
    }
    this.time = end;
  }
}

/**
 * Waits for something the code under test does in the background (an event
 * loop turn, I/O on loopback). The limit only turns a hang into a clear
 * failure; it is far above anything a loaded machine needs.
 */
export async function eventually(what: string, check: () => boolean, limitMs = 30_000): Promise<void> {
  const end = Date.now() + limitMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`gave up waiting for ${what} after ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

/**
 * Lets the code under test run, moving the clock to the next timer whenever
 * it has gone quiet, until `check` holds: a worker's retries and probes
 * happen in order without the test waiting for real time to pass.
 */
export async function runUntil(clock: ManualClock, what: string, check: () => boolean, limitMs = 30_000): Promise<void> {
  const end = Date.now() + limitMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`gave up waiting for ${what} after ${limitMs} ms (clock at ${clock.now()})`);
    await new Promise((resolve) => setTimeout(resolve, 2));
    const next = clock.nextDue();
    if (!check() && next !== null) clock.advanceTo(next);
  }
}
