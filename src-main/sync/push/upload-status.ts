/** What the till shows about uploads, and a tiny typed publisher for it. */
import type { SyncStatus } from '../../../src-shared/selling/index.ts';

/**
 * The till API's SyncStatus: `online` is null before the first request,
 * `paused` says why the queue sends nothing until a person acts, `lastError`
 * is one line about the latest failure (null once a batch goes through).
 */
export type UploadStatus = SyncStatus;

export type StatusListener = (status: UploadStatus) => void;

const KEYS = ['online', 'paused', 'pending', 'rejected', 'synced', 'lastSuccessAt', 'lastError'] as const;

/** Holds the current status and tells listeners each time a field changes (never for a no-op update). */
export class StatusPublisher {
  private current: UploadStatus;
  private readonly listeners = new Set<StatusListener>();

  constructor(initial: UploadStatus) {
    this.current = { ...initial };
  }

  get(): UploadStatus {
    return { ...this.current };
  }

  update(patch: Partial<UploadStatus>): void {
    const next = { ...this.current, ...patch };
    if (KEYS.every((key) => next[key] === this.current[key])) return;
    this.current = next;
    for (const listener of [...this.listeners]) {
      // A broken listener (a closed window) must not stop the uploads.
      try {
        listener({ ...next });
      } catch {
        /* the listener's own problem */
      }
    }
  }

  /** Calls `listener` on every change; returns the unsubscribe function. */
  subscribe(listener: StatusListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
