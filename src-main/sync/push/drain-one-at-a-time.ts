import type { TillDatabase } from '../../db/index.ts';
import { getSetting } from '../../settings/index.ts';
import type { SettingKey } from '../../../src-shared/settings/index.ts';
import { NotFoundError, UnauthenticatedError } from '../../upstream/index.ts';
import { classifyFailure, SESSION_EXPIRED } from './connectivity.ts';
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

/** A one-request kind's path, read from its setting at each drain (it may change in another process); null when not set or unreadable (`pos settings` names the problem). */
export function pathFromSetting(db: TillDatabase, setting: SettingKey): string | null {
  try {
    const path: unknown = getSetting(db, setting);
    return typeof path === 'string' && path !== '' ? path : null;
  } catch {
    return null;
  }
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

/**
 * An item's failure that is not its own fault: a refused session pauses
 * every kind (the item keeps its attempts and goes first once someone signs
 * in); anything else postpones it with the reason, a 404 naming the path
 * setting to check; no answer at all ends the drain, the service being out
 * of reach for every kind (the engine probes before the next try).
 */
export function postponeAfterFailure(
  context: UploadContext<unknown>,
  report: UploadReport,
  error: unknown,
  /** `notFound`: the words of a 404 where the path names a record (else: the path is not the service's). */
  where: { path: string; setting: string; notFound?: string },
  postpone: (reason: string) => void,
): 'continue' | 'stop' {
  if (error instanceof UnauthenticatedError) {
    context.pause();
    report.stopped = 'paused';
    report.error = SESSION_EXPIRED;
    return 'stop';
  }
  const failure = classifyFailure(error);
  const reason = error instanceof NotFoundError ? (where.notFound ?? `the service has no ${where.path}: check the setting ${where.setting}`) : failure.message;
  postpone(reason);
  report.deferred++;
  report.error = reason;
  if (failure.online === false) {
    context.failed(failure);
    report.stopped = 'failed';
    return 'stop';
  }
  return 'continue';
}
