import { sql } from 'kysely';
import { param, prepared, q, type PreparedQuery, type TillDatabase } from '../db/index.ts';
import type { ReplicaRow, ReplicaTable, ReplicaTableName } from './replica-tables.ts';

/**
 * The staging's SQL is the same for every replica table, with the table's
 * name and columns filled in from its ReplicaTable (TABLE_COLUMNS, which
 * db/schema.ts ties to TillSchema). Kysely sees each replica table and its
 * staging copy (temp.stage_<name>, created below with the same columns) by
 * their schema-qualified names, with the columns named at run time.
 */
type RuntimeColumns = Record<string, unknown>;
type StagingSchema = { [N in ReplicaTableName as `main.${N}`]: RuntimeColumns } & {
  [N in ReplicaTableName as `temp.stage_${N}`]: RuntimeColumns;
};
const s = q.withTables<StagingSchema>();

/** The queries of one replica table, compiled once (the insert runs per staged row: 600,000 in a 100,000-product pull). */
interface TableQueries {
  /** One row, its values by column name. */
  insert: PreparedQuery<Record<string, unknown>, unknown>;
  keepAll: PreparedQuery<Record<string, never>, unknown>;
  /** By the column compared (the table's key, or its parent's), compiled on first use: `value` is what it must equal. */
  keepWhere(column: string): PreparedQuery<{ value: unknown }, unknown>;
  count: PreparedQuery<Record<string, never>, { n: number }>;
  clear: PreparedQuery<Record<string, never>, unknown>;
  anyRow: PreparedQuery<Record<string, never>, { one: number }>;
  /** First pull: the staged rows as they are; `firstPullOnce` writes each record once, the later copy at its later place. */
  firstPull: PreparedQuery<Record<string, never>, unknown>;
  firstPullOnce: PreparedQuery<Record<string, never>, unknown>;
  deleteVanished: PreparedQuery<Record<string, never>, unknown>;
  upsertChanged: PreparedQuery<Record<string, never>, unknown>;
  replicaCount: PreparedQuery<Record<string, never>, { n: number }>;
}

function compileQueries(table: ReplicaTable): TableQueries {
  const main = `main.${table.name}` as const;
  const stage = `temp.${stageName(table)}` as const;
  const cols = [...table.columns];
  const others = cols.filter((column) => column !== table.key);
  const copyFromReplica = () => s.insertInto(stage).columns(cols);
  const keepWhere = new Map<string, PreparedQuery<{ value: unknown }, unknown>>();
  const intoReplica = () => s.insertInto(main).columns(cols);
  return {
    // By name: a row is tied to its columns by the names the schema gives them, never by their order.
    insert: prepared<Record<string, unknown>>()(s.insertInto(stage).values(Object.fromEntries(cols.map((column) => [column, param(column)])))),
    keepAll: prepared()(copyFromReplica().expression(s.selectFrom(main).select(cols))),
    keepWhere: (column) => {
      let keep = keepWhere.get(column);
      if (!keep) {
        keep = prepared<{ value: unknown }>()(copyFromReplica().expression(s.selectFrom(main).select(cols).where(column, '=', param('value'))));
        keepWhere.set(column, keep);
      }
      return keep;
    },
    count: prepared()(s.selectFrom(stage).select((eb) => eb.fn.count<number>(table.key).distinct().as('n'))),
    clear: prepared()(s.deleteFrom(stage)),
    anyRow: prepared()(
      s
        .selectFrom(main)
        .select((eb) => eb.lit(1).as('one'))
        .limit(1),
    ),
    firstPull: prepared()(intoReplica().expression(s.selectFrom(stage).select(cols))),
    firstPullOnce: prepared()(
      intoReplica().expression(
        s
          .selectFrom(stage)
          .select(cols)
          .where(
            'rowid',
            'in',
            s
              .selectFrom(stage)
              .select((eb) => eb.fn.max('rowid').as('rowid'))
              .groupBy(table.key),
          )
          .orderBy('rowid'),
      ),
    ),
    deleteVanished: prepared()(s.deleteFrom(main).where(table.key, 'not in', s.selectFrom(stage).select(table.key))),
    upsertChanged: prepared()(
      intoReplica()
        // `WHERE true`: without a WHERE, SQLite would parse ON CONFLICT as a join's ON.
        .expression(
          s
            .selectFrom(stage)
            .select(cols)
            .where(sql<boolean>`true`),
        )
        .onConflict((conflict) =>
          conflict
            .column(table.key)
            .doUpdateSet(Object.fromEntries(others.map((column) => [column, sql.ref(`excluded.${column}`)])))
            // A row value comparison (any number of columns) has no builder: only rows that differ are rewritten (and re-indexed).
            .where(
              sql<boolean>`(${sql.join(others.map((column) => sql.ref(`${main}.${column}`)))}) IS NOT (${sql.join(others.map((column) => sql.ref(`excluded.${column}`)))})`,
            ),
        ),
    ),
    replicaCount: prepared()(s.selectFrom(main).select((eb) => eb.fn.countAll<number>().as('n'))),
  };
}

// Compiled on a table's first use, not at start-up: a till that is not pulling never needs them.
const QUERIES = new Map<string, TableQueries>();

function queriesOf(table: ReplicaTable): TableQueries {
  let queries = QUERIES.get(table.name);
  if (!queries) QUERIES.set(table.name, (queries = compileQueries(table)));
  return queries;
}

/**
 * A pull writes into TEMP staging tables, invisible to every other
 * connection and gone if the process dies, so a failed or killed pull cannot
 * touch the replica. Only `swapIn` writes the replica, in one transaction.
 */
export class Staging {
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
      // DDL stays raw: the staging table is made per pull, shaped by the replica table itself.
      const stage = stageName(table);
      db.exec(`DROP TABLE IF EXISTS temp.${stage}`);
      // No index while rows pour in: a unique index on random ids was most of
      // the staging cost. Duplicates (a record that moved between pages while
      // we read) are resolved at the swap, the later copy winning.
      db.exec(`CREATE TEMP TABLE ${stage} AS SELECT ${table.columns.join(', ')} FROM main.${table.name} WHERE 0`);
    }
  }

  insert<N extends ReplicaTableName>(table: ReplicaTable<N>, row: ReplicaRow<N>): void {
    queriesOf(table as ReplicaTable).insert.run(this.db, row as Record<string, unknown>);
  }

  /**
   * Stages the replica's current rows of `table` where `column` is `value`
   * (or all of them when no column is given): a record that came back bad,
   * or a list the service would not give this time, keeps what it was.
   */
  keepPrevious(table: ReplicaTable, column?: string, value?: unknown): number {
    const queries = queriesOf(table);
    if (column === undefined) return queries.keepAll.run(this.db, {}).changes;
    return queries.keepWhere(column).run(this.db, { value }).changes;
  }

  /** Distinct records staged (a record staged twice counts once). */
  count(table: ReplicaTable): number {
    return queriesOf(table).count.get(this.db, {})!.n;
  }

  clear(table: ReplicaTable): void {
    queriesOf(table).clear.run(this.db, {});
  }

  /**
   * Makes the replica equal to the staged records: deletes what vanished
   * upstream, inserts what is new, and rewrites only rows that changed, so a
   * pull with few changes writes (and re-indexes for search) little.
   * Call inside the swap transaction.
   */
  swapIn(table: ReplicaTable): { deleted: number; written: number } {
    const queries = queriesOf(table);
    const empty = queries.anyRow.get(this.db, {}) === undefined;
    if (empty) {
      // A first pull: nothing to compare with. Rows keep the order they came
      // in (the replica's seq). A record staged twice breaks the replica's
      // unique key: then, and only then (looking costs a sort), each record
      // is written once, the later copy at its later place.
      try {
        return { deleted: 0, written: this.db.transaction(() => queries.firstPull.run(this.db, {}).changes)() };
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code !== 'SQLITE_CONSTRAINT_UNIQUE' && code !== 'SQLITE_CONSTRAINT_PRIMARYKEY') throw error;
        return { deleted: 0, written: queries.firstPullOnce.run(this.db, {}).changes };
      }
    }
    const deleted = queries.deleteVanished.run(this.db, {}).changes;
    // A record staged twice is upserted twice, in the order staged: the later copy wins.
    const written = queries.upsertChanged.run(this.db, {}).changes;
    return { deleted, written };
  }

  /** Rows the replica's `table` holds now. */
  replicaCount(table: ReplicaTable): number {
    return queriesOf(table).replicaCount.get(this.db, {})!.n;
  }

  drop(): void {
    for (const table of this.tables) this.db.exec(`DROP TABLE IF EXISTS temp.${stageName(table)}`);
  }
}

/** The temp schema's page cache while staging: the rest of the staged rows wait in the temp file. */
const STAGING_CACHE_KIB = 4 * 1024;

function stageName(table: ReplicaTable): `stage_${ReplicaTableName}` {
  return `stage_${table.name}`;
}
