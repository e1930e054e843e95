import type { TillEvent } from '../../src-shared/api/index.ts';

/** The host's events, fanned out to every connected UI. */
export class EventHub {
  private readonly listeners = new Set<(event: TillEvent) => void>();

  /** Listeners now subscribed: one per connected screen, and the host's own (for tests and diagnostics). */
  get subscribers(): number {
    return this.listeners.size;
  }

  subscribe(listener: (event: TillEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event: TillEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // One broken connection must not stop the others from hearing.
      }
    }
  }
}
