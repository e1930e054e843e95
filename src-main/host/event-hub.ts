import type { TillEvent } from '../../src-shared/till/index.ts';

/** Who hears an event: `to` is the one station whose screens it is for; undefined: every screen. */
export type EventListener = (event: TillEvent, to?: string) => void;

/** The host's events, fanned out to every connected UI (or to one station's screens). */
export class EventHub {
  private readonly listeners = new Set<EventListener>();

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** To every screen. */
  emit(event: TillEvent): void {
    this.fanOut(event, undefined);
  }

  /** To the screens of one station only (a display's own view is nobody else's business). */
  emitTo(station: string, event: TillEvent): void {
    this.fanOut(event, station);
  }

  private fanOut(event: TillEvent, to: string | undefined): void {
    for (const listener of this.listeners) {
      try {
        listener(event, to);
      } catch {
        // One broken connection must not stop the others from hearing.
      }
    }
  }
}
