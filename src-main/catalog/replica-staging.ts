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
    // Staged rows live in memory: a pull stages a few hundred MB at most, and
    // skipping the temp file's writes is most of the staging cost.
    db.pragma('temp_store = MEMORY');
    for (const table of tables) {
      const stage = stageName(table);
      db.exec(`DROP TABLE IF EXISTS temp.${stage}`);
      db.exec(`CREATE TEMP TABLE ${stage} AS SELECT ${table.columns.join(', ')} FROM main.${table.name} WHERE 0`);
      db.exec(`CREATE UNIQUE INDEX temp.${stage}_key ON ${stage} (${table.key})`);
      // A record seen twice (it moved between pages while we read) is kept once, the later copy.
      const placeholders = table.columns.map(() => '?').join(', ');
      this.inserts.set(table.name, db.prepare(`INSERT OR REPLACE INTO temp.${stage} (${table.columns.join(', ')}) VALUES (${placeholders})`));
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
    const copy = this.db.prepare(`INSERT OR REPLACE INTO temp.${stageName(table)} (${cols}) SELECT ${cols} FROM main.${table.name}${where}`);
    return (column === undefined ? copy.run() : copy.run(value)).changes;
  }

  count(table: ReplicaTable): number {
    return (this.db.prepare(`SELECT count(*) AS n FROM temp.${stageName(table)}`).get() as { n: number }).n;
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
      // A first pull: nothing to compare with.
      return { deleted: 0, written: this.db.prepare(`INSERT INTO main.${table.name} (${cols}) SELECT ${cols} FROM ${stage}`).run().changes };
    }
    const deleted = this.db.prepare(`DELETE FROM main.${table.name} WHERE ${table.key} NOT IN (SELECT ${table.key} FROM ${stage})`).run().changes;
    const update = others.map((column) => `${column} = excluded.${column}`).join(', ');
    const current = others.map((column) => `main.${table.name}.${column}`).join(', ');
    const incoming = others.map((column) => `excluded.${column}`).join(', ');
    const written = this.db
      .prepare(
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

function stageName(table: ReplicaTable): string {
  return `stage_${table.name}`;
}
