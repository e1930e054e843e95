/**
 * A screen's code, fetched the first time it is needed (a dynamic import,
 * so Vite makes it a chunk of its own) and kept once it came: the next
 * visit renders at once. A failed fetch is forgotten, so Try again fetches
 * it again.
 */
export class ScreenLoader<Module> {
  /** The module once it came; null before (and after a failure). */
  loaded = $state.raw<Module | null>(null);
  private pending: Promise<Module> | null = null;

  constructor(private readonly fetchModule: () => Promise<Module>) {}

  /** Starts the fetch (once) and returns it; rejects when the chunk could not be loaded. */
  load(): Promise<Module> {
    this.pending ??= this.fetchModule().then(
      (module) => (this.loaded = module),
      (error: unknown) => {
        this.pending = null;
        throw error;
      },
    );
    return this.pending;
  }

  /** Fetches it ahead of need (a screen the till will show next); a failure is left for the screen to show. */
  preload(): void {
    this.load().catch(() => {});
  }
}
