/**
 * The display's "now" for ticket ages, read from `read` (the wall clock on a
 * real display) at every tick. Tests give it their own clock and call tick()
 * themselves, so an age turns amber without anyone waiting ten minutes.
 */
export class KitchenTicker {
  now = $state(0);

  constructor(private readonly read: () => number = Date.now) {
    this.now = read();
  }

  tick(): void {
    this.now = this.read();
  }

  /** Ticks every `everyMs` until the returned function is called (the screen's effect cleans it up). */
  run(everyMs: number): () => void {
    const timer = setInterval(() => this.tick(), everyMs);
    return () => clearInterval(timer);
  }
}
