import { SESSION_EXPIRED } from './connectivity.ts';
import type { UploadContext, UploadReport } from './upload-engine.ts';

export interface OneAtATime<T> {
  /** What the report names while the path is not set. */
  held: string;
  /** Up to `limit` items due now, oldest first. */
  due: (limit: number) => T[];
  keyOf: (item: T) => string;
  /** Where each item goes; null: nowhere yet (the items wait, the drain says so). */
  path: () => string | null;
  /** Sends (or postpones) one item; 'stop' ends the drain (the session was refused, the service is gone). */
  each: (item: T, path: string) => Promise<'continue' | 'stop'>;
}

/**
 * The drain of an outbox whose items go one request each (closed shifts,
 * late payments, customers added at the counter): oldest first, each item
 * tried at most once a drain even when its backoff comes out as 0, held
 * while its path is unset, and stopped when the session is paused or the
 * engine stops.
 */
export async function drainOneAtATime<T>(
  context: UploadContext<unknown>,
  keepGoing: () => boolean,
  report: UploadReport,
  page: number,
  kind: OneAtATime<T>,
): Promise<void> {
  const tried = new Set<string>();
  for (;;) {
    const due = kind.due(page + tried.size).filter((item) => !tried.has(kind.keyOf(item)));
    if (due.length === 0) return;
    const path = kind.path();
    if (path === null) {
      report.held.push(kind.held);
      return;
    }
    for (const item of due) {
      if (context.isPaused()) {
        report.stopped = 'paused';
        report.error = SESSION_EXPIRED;
        return;
      }
      if (!keepGoing()) {
        report.stopped = 'stopping';
        return;
      }
      tried.add(kind.keyOf(item));
      if ((await kind.each(item, path)) === 'stop') return;
    }
  }
}
