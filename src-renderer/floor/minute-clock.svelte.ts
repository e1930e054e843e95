/**
 * The time the floor's ages are counted from. The screen reads it every
 * half minute (ages are whole minutes); a test hands in its own clock, so
 * no age depends on how fast the machine runs.
 */
export class MinuteClock {
  now = $state(0);

  constructor(private readonly read: () => number = Date.now) {
    this.now = read();
  }

  /** Reads the clock again every `everyMs`; returns the stop. */
  start(everyMs = 30_000): () => void {
    const id = setInterval(() => (this.now = this.read()), everyMs);
    return () => clearInterval(id);
  }
}
