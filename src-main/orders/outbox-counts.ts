import type { SyncStatus } from '../../src-shared/selling/index.ts';
import { prepared, q, type TillDatabase } from '../db/index.ts';

export interface OutboxCounts {
  pending: number;
  synced: number;
  rejected: number;
}

// The upload reads the counts after every batch: compiled once. Each state's count is outbox_counts' (the rows up to
// outbox_counted.through_seq) and the latest rows' after it, fewer than 256: a search of outbox_pending by (state,
// enqueued_seq > through_seq) each, never a scan of the outbox.
const COUNTS = prepared()(
  q
    .selectFrom('outbox_counts as c')
    .select((eb) => [
      'c.state',
      eb(
        'c.n',
        '+',
        eb
          .selectFrom('outbox as x')
          .select(eb.fn.countAll<number>().as('latest'))
          .whereRef('x.state', '=', 'c.state')
          .where('x.enqueued_seq', '>', eb.selectFrom('outbox_counted').select('through_seq')),
      ).as('n'),
    ])
    .$narrowType<{ state: keyof OutboxCounts; n: number }>(),
);

/**
 * How many orders are waiting, delivered, and refused for good: outbox_counts (kept by triggers, migrations/0004)
 * counts the rows up to outbox_counted.through_seq, and the latest sales after it are counted here, so a checkout
 * does not write the counts (migration 0034).
 */
export function outboxCounts(db: TillDatabase): OutboxCounts {
  const counts: OutboxCounts = { pending: 0, synced: 0, rejected: 0 };
  for (const row of COUNTS.all(db, {})) counts[row.state] = row.n;
  return counts;
}

/** The upload state before any request was made: counts only, online unknown. */
export function localSyncStatus(db: TillDatabase): SyncStatus {
  return { online: null, paused: null, ...outboxCounts(db), lastSuccessAt: null, lastError: null };
}
