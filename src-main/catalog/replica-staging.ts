import type { Statement } from 'better-sqlite3';
import type { TillDatabase } from '../db/index.ts';
import type { ReplicaTable } from './replica-tables.ts';

/**
 * A pull writes into TEMP staging tables, invisible to every other
 * connection and gone if the process dies, so a failed or killed pull cannot
 * touch the replica. Only `swapIn` writes the replica, in one transaction.
 */
export class Staging {
  private readonly inserts = new Map<string, Statement>();

  constructor(
    private readonly db: TillDatabase,
    private readonly tables: readonly ReplicaTable[],
  ) {
    // Staged rows go to SQLite's temp file, not to this process's memory: a
    // 100,000-product pull stages 600,000 rows, and the till must stay small
    // (issue 12: peak RSS ≤ 250 MB). The temp file is never synced, so the
    // operating system's cache absorbs its writes.
    db.pragma('temp_store = FILE');
    db.pragma(`temp.cache_size = -${STAGING_CACHE_KIB}`);
    for (const table of tables) {
      const stage = stageName(table);
      db.exec(`DROP TABLE IF EXISTS temp.${stage}`);
      // No index while rows pour in: a unique index on random ids was most of
      // the staging cost. Duplicates (a record that moved between pages while
      // we read) are resolved at the swap, the later copy winning.
      db.exec(`CREATE TEMP TABLE ${stage} AS SELECT ${table.columns.join(', ')} FROM main.${table.name} WHERE 0`);
      const placeholders = table.columns.map(() => '?').join(', ');
      this.inserts.set(table.name, db.prepare(`INSERT INTO temp.${stage} (${table.columns.join(', ')}) VALUES (${placeholders})`));
    }
  }

  insert(table: ReplicaTable, values: unknown[]): void {
    this.inserts.get(table.name)!.run(values);
  }

  /**
   * Stages the replica's current rows of `table` where `column` is `value`
   * (or all of them when no column is given): a record that came back bad,
   * or a list the service would not give this time, keeps what it was.
   */
  keepPrevious(table: ReplicaTable, column?: string, value?: unknown): number {
    const cols = table.columns.join(', ');
    const where = column === undefined ? '' : ` WHERE ${column} = ?`;
    const copy = this.db.prepare(`INSERT INTO temp.${stageName(table)} (${cols}) SELECT ${cols} FROM main.${table.name}${where}`);
    return (column === undefined ? copy.run() : copy.run(value)).changes;
  }

  /** Distinct records staged (a record staged twice counts once). */
  count(table: ReplicaTable): number {
    return (this.db.prepare(`SELECT count(DISTINCT ${table.key}) AS n FROM temp.${stageName(table)}`).get() as { n: number }).n;
  }

  clear(table: ReplicaTable): void {
    this.db.exec(`DELETE FROM temp.${stageName(table)}`);
  }

  /**
   * Makes the replica equal to the staged records: deletes what vanished
   * upstream, inserts what is new, and rewrites only rows that changed, so a
   * pull with few changes writes (and re-indexes for search) little.
   * Call inside the swap transaction.
   */
  swapIn(table: ReplicaTable): { deleted: number; written: number } {
    const stage = `temp.${stageName(table)}`;
    const cols = table.columns.join(', ');
    const others = table.columns.filter((column) => column !== table.key);
    const empty = this.db.prepare(`SELECT 1 FROM main.${table.name} LIMIT 1`).get() === undefined;
    if (empty) {
      // A first pull: nothing to compare with. Rows keep the order they came
      // in (the replica's seq). A record staged twice breaks the replica's
      // unique key: then, and only then (looking costs a sort), each record
      // is written once, the later copy at its later place.
      const insert = (from: string) => this.db.prepare(`INSERT INTO main.${table.name} (${cols}) SELECT ${cols} FROM ${stage}${from}`).run().changes;
      try {
        return { deleted: 0, written: this.db.transaction(() => insert(''))() };
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code !== 'SQLITE_CONSTRAINT_UNIQUE' && code !== 'SQLITE_CONSTRAINT_PRIMARYKEY') throw error;
        return { deleted: 0, written: insert(` WHERE rowid IN (SELECT max(rowid) FROM ${stage} GROUP BY ${table.key}) ORDER BY rowid`) };
      }
    }
    const deleted = this.db.prepare(`DELETE FROM main.${table.name} WHERE ${table.key} NOT IN (SELECT ${table.key} FROM ${stage})`).run().changes;
    const update = others.map((column) => `${column} = excluded.${column}`).join(', ');
    const current = others.map((column) => `main.${table.name}.${column}`).join(', ');
    const incoming = others.map((column) => `excluded.${column}`).join(', ');
    const written = this.db
      .prepare(
        // A record staged twice is upserted twice, in the order staged: the later copy wins.
        `INSERT INTO main.${table.name} (${cols}) SELECT ${cols} FROM ${stage} WHERE true
         ON CONFLICT (${table.key}) DO UPDATE SET ${update} WHERE (${current}) IS NOT (${incoming})`,
      )
      .run().changes;
    return { deleted, written };
  }

  /** Rows the replica's `table` holds now. */
  replicaCount(table: ReplicaTable): number {
    return (this.db.prepare(`SELECT count(*) AS n FROM main.${table.name}`).get() as { n: number }).n;
  }

  drop(): void {
    for (const table of this.tables) this.db.exec(`DROP TABLE IF EXISTS temp.${stageName(table)}`);
  }
}

/** The temp schema's page cache while staging: the rest of the staged rows wait in the temp file. */
const STAGING_CACHE_KIB = 4 * 1024;

function stageName(table: ReplicaTable): string {
  return `stage_${table.name}`;
}
