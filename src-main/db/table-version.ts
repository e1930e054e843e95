import type Database from 'better-sqlite3';

/**
 * When a table's rows, as one connection sees them, may have changed: for
 * caches of small tables read on every call (the settings a sale reads a
 * dozen times). Two sources move it:
 * - another connection or process commits: SQLite's `PRAGMA data_version`,
 *   which never moves for this connection's own writes;
 * - this connection writes the table by any path (the owner's store, a
 *   standby's applied changes, raw SQL, a migration): a temporary trigger
 *   of this connection's own on the table calls back here.
 * A write inside a transaction may be rolled back: until that transaction
 * ends the version is null (read the table, cache nothing), and it moves
 * again once it has ended, whichever way.
 * For plain tables: a replica table's name is its pinned view on this
 * connection, which takes no such trigger (always null: catalog/per-catalog.ts
 * and db/generations.ts's pinnedVersion follow the replica).
 */

interface Watched {
  /** Bumped at this connection's own writes to the table. */
  changedAt: number;
  /** Written inside a transaction that has not ended yet. */
  uncommitted: boolean;
}

interface Watch {
  dataVersion: Database.Statement;
  lastDataVersion: number;
  /** Bumped when data_version moved. */
  changedAt: number;
  tables: Map<string, Watched>;
}

const watches = new WeakMap<Database.Database, Watch>();
/** One count for the whole process, so a version is never given twice, even after forgetTableVersions. */
let tick = 0;

const WRITTEN = 'till_table_written';
const TABLE_NAME = /^[a-z_][a-z0-9_]*$/;

/** Null while the connection is busy (a statement being iterated): asked again next time. */
function watchOf(db: Database.Database): Watch | null {
  const known = watches.get(db);
  if (known) return known;
  const watch: Watch = { dataVersion: null!, lastDataVersion: -1, changedAt: ++tick, tables: new Map() };
  try {
    watch.dataVersion = db.prepare('PRAGMA data_version').pluck();
    // Called by the triggers below in the middle of a write: it only counts, and never touches the database.
    if (!db.readonly)
      db.function(WRITTEN, { deterministic: false }, (name: unknown) => {
        const table = watch.tables.get(String(name));
        if (table) {
          table.changedAt = ++tick;
          if (db.inTransaction) table.uncommitted = true;
        }
        return null;
      });
  } catch {
    return null;
  }
  watches.set(db, watch);
  return watch;
}

function startWatching(db: Database.Database, watch: Watch, table: string): Watched | null {
  if (!TABLE_NAME.test(table)) throw new TypeError(`not a table's name: ${table}`);
  const watched: Watched = { changedAt: ++tick, uncommitted: false };
  // A read-only connection cannot write: data_version alone tells. A trigger made inside a transaction would go
  // with its rollback: made only outside one.
  if (!db.readonly) {
    if (db.inTransaction) return null;
    try {
      for (const event of ['insert', 'update', 'delete'])
        db.exec(
          `CREATE TEMP TRIGGER IF NOT EXISTS ${WRITTEN}_${table}_${event} AFTER ${event.toUpperCase()} ON ${table} BEGIN SELECT ${WRITTEN}('${table}'); END`,
        );
    } catch {
      return null;
    }
  }
  watch.tables.set(table, watched);
  return watched;
}

/**
 * A number that is the same as the one given before only if `table` has not
 * changed for this connection in between; null when it cannot tell (then
 * read the table and keep nothing). One `PRAGMA data_version` per call.
 */
export function tableVersion(db: Database.Database, table: string): number | null {
  const watch = watchOf(db);
  if (!watch) return null;
  const watched = watch.tables.get(table) ?? startWatching(db, watch, table);
  if (!watched) return null;
  if (watched.uncommitted) {
    if (db.inTransaction) return null;
    watched.uncommitted = false;
    watched.changedAt = ++tick;
  }
  const version = watch.dataVersion.get() as number;
  if (version !== watch.lastDataVersion) {
    watch.lastDataVersion = version;
    watch.changedAt = ++tick;
  }
  return Math.max(watch.changedAt, watched.changedAt);
}

/**
 * After a change of the schema on this connection (a migration may drop and
 * make a table again, and its triggers with it): every version moves, and
 * the triggers are made again at the next ask.
 */
export function forgetTableVersions(db: Database.Database): void {
  const watch = watches.get(db);
  if (!watch) return;
  watch.tables.clear();
  watch.changedAt = ++tick;
}
