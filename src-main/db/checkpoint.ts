import type Database from 'better-sqlite3';

const scheduled = new WeakSet<Database.Database>();

/**
 * Moves WAL checkpoints off the commit path of a connection that commits
 * sales: SQLite's automatic checkpoint runs inside whichever commit crosses
 * the threshold, so one checkout in a hundred paid for copying the whole WAL
 * into the database. Here the connection never checkpoints inside a commit;
 * `checkpointSoon` runs a PASSIVE checkpoint right after, once the cashier
 * has heard "paid". Other connections (the CLI) keep SQLite's default.
 */
export function deferCheckpoints(db: Database.Database): void {
  db.pragma('wal_autocheckpoint = 0');
}

export function checkpointSoon(db: Database.Database): void {
  if (scheduled.has(db)) return;
  scheduled.add(db);
  setImmediate(() => {
    scheduled.delete(db);
    // PASSIVE never waits for readers; whatever it cannot copy now is copied next time.
    if (db.open) db.pragma('wal_checkpoint(PASSIVE)');
  });
}
