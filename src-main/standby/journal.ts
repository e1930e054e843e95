import type { TillDatabase } from '../db/index.ts';
import type { JournalChange } from './apply-changes.ts';
import { journalHead } from './standby-state.ts';

/**
 * The committed changes after `after`, oldest first. Read in one statement,
 * so what it returns is a whole number of transactions (SQLite's snapshot
 * never shows half a commit): a batch the standby applies at once is whole.
 * `through`: a journal head read between transactions (the last change known
 * to be on this disk), so the batch stays whole transactions.
 */
export function journalSince(db: TillDatabase, after: number, through = Number.MAX_SAFE_INTEGER): { changes: JournalChange[]; upTo: number } {
  return db.transaction(() => {
    const changes = db
      .prepare('SELECT seq, tbl, op, old_key, row FROM standby_journal WHERE seq > ? AND seq <= ? ORDER BY seq')
      .all(after, through) as JournalChange[];
    return { changes, upTo: Math.max(after, Math.min(through, journalHead(db))) };
  })();
}

/** The oldest sequence still in the journal (null: empty); a standby further behind needs a snapshot. */
export function journalOldest(db: TillDatabase): number | null {
  const row = db.prepare('SELECT min(seq) AS seq FROM standby_journal').get() as { seq: number | null };
  return row.seq;
}

/** Drops what the standby has acknowledged: it has those changes, and a new standby starts from a snapshot. */
export function pruneJournal(db: TillDatabase, acknowledged: number): void {
  db.prepare('DELETE FROM standby_journal WHERE seq <= ?').run(acknowledged);
}
