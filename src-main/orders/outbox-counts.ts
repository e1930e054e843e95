import type { SyncStatus } from '../../src-shared/selling/index.ts';
import { all, prepared, q, type TillDatabase } from '../db/index.ts';

export interface OutboxCounts {
  pending: number;
  synced: number;
  rejected: number;
}

const PENDING = prepared<Record<string, never>>()(
  q
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('state', '=', 'pending'),
);

/**
 * How many orders are waiting, delivered, and refused for good: synced and rejected kept by triggers
 * (migrations/0004), pending counted over outbox_pending's range of them (migration 0032: a count kept by
 * checkout's trigger was a page more in every sale).
 */
export function outboxCounts(db: TillDatabase): OutboxCounts {
  const rows = all(db, q.selectFrom('outbox_counts').select(['state', 'n']).$narrowType<{ state: keyof OutboxCounts }>());
  const counts: OutboxCounts = { pending: 0, synced: 0, rejected: 0 };
  for (const row of rows) if (row.state !== 'pending') counts[row.state] = row.n;
  counts.pending = PENDING.get(db, {})!.n;
  return counts;
}

/** The upload state before any request was made: counts only, online unknown. */
export function localSyncStatus(db: TillDatabase): SyncStatus {
  return { online: null, paused: null, ...outboxCounts(db), lastSuccessAt: null, lastError: null };
}
