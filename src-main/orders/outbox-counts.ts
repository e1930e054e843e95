import type { SyncStatus } from '../../src-shared/selling/index.ts';
import { prepared, q, type TillDatabase } from '../db/index.ts';

export interface OutboxCounts {
  pending: number;
  synced: number;
  rejected: number;
}

// The upload reads the counts after every batch: compiled once.
const COUNTS = prepared()(q.selectFrom('outbox_counts').select(['state', 'n']).$narrowType<{ state: keyof OutboxCounts }>());

/** How many orders are waiting, delivered, and refused for good (kept by triggers, migrations/0004). */
export function outboxCounts(db: TillDatabase): OutboxCounts {
  const rows = COUNTS.all(db, {});
  const counts: OutboxCounts = { pending: 0, synced: 0, rejected: 0 };
  for (const row of rows) counts[row.state] = row.n;
  return counts;
}

/** The upload state before any request was made: counts only, online unknown. */
export function localSyncStatus(db: TillDatabase): SyncStatus {
  return { online: null, paused: null, ...outboxCounts(db), lastSuccessAt: null, lastError: null };
}
