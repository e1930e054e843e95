import { sql, type Compilable, type RawBuilder } from 'kysely';
import {
  GENERATION_COLUMN,
  param,
  parentSeqOf,
  pinGenerations,
  pinnedGenerations,
  positional,
  prepared,
  searchIndexDelete,
  searchIndexInsert,
  q,
  type PreparedQuery,
  type TillDatabase,
} from '../db/index.ts';
import { CheckpointPacing, type PullCheckpoint } from './checkpoint-pacing.ts';
import { PARENT_SEQ_COLUMN, REPLICA, type ReplicaRow, type ReplicaTable, type ReplicaTableName } from './replica-tables.ts';

/**
 * A pull writes the catalog it reads straight into the replica's tables as
 * a new generation (docs/decisions.md, "The catalog pull by generation"):
 * readers see only the pinned generation (db/generations.ts), so the new
 * rows are invisible until `publish` pins them all in one short
 * transaction, and the previous generation is deleted after, a slice at a
 * time. Every write is a slice of at most `sliceRows` rows in its own
 * transaction, and the pull yields between slices, so a checkout waits for
 * one slice at most, never for the whole catalog.
 *
 * The SQL is the same for every replica table, with the table's name and
 * columns filled in from its ReplicaTable (TABLE_COLUMNS, which db/schema.ts
 * ties to TillSchema). Kysely sees each table by its schema-qualified name
 * (`main.products`: the table itself, every generation; the unqualified name
 * is the pinned view), with the columns named at run time.
 */
type RuntimeColumns = Record<string, unknown>;
type GenerationSchema = { [N in ReplicaTableName as `main.${N}`]: RuntimeColumns };
const s = q.withTables<GenerationSchema>();
/** A statement Kysely has no builder for (INSERT … SELECT with a constant, row values), compiled like the rest. */
const raw = <R>(query: RawBuilder<R>): Compilable<R> => ({ compile: () => query.compile(q) });

/** One write slice, as the pull's `onSlice` hook hears of it: what it wrote or deleted, in one transaction. */
export interface WriteSlice {
  kind: 'write' | 'delete' | 'publish';
  /** Rows written or deleted (for `publish`, the tables pinned). */
  rows: number;
  /** How long the transaction held the write lock, measured for the report (never asserted on). */
  ms: number;
}

export interface StagingOptions {
  /** Rows a write transaction holds, fixed; by default a slice is sized to hold the lock about SLICE_TARGET_MS. */
  sliceRows?: number;
  onSlice?: (slice: WriteSlice) => void;
  /**
   * Run between two slices once `everyRows` rows were written or deleted
   * since the last run (the pull's WAL checkpoint, sync/pull-catalog.ts):
   * the old generation's deletion rewrites as many pages as the writes.
   */
  checkpoint?: PullCheckpoint;
  /** Rows `flush(true)` queues at most while the checkpoint runs (default ROWS_QUEUED_BEHIND_CHECKPOINT). */
  queuedBehindCheckpoint?: number;
}

/** Rows the first slice writes by default: at the replica's row sizes a few milliseconds of one core. */
export const DEFAULT_SLICE_ROWS = 256;

/**
 * How long a slice may hold the write lock, by default: slices are resized
 * after each one to take about this long. Each transaction rewrites every
 * index page its rows touched (random keys) and a search-index segment, so
 * fewer, larger slices write far fewer pages; a checkout still waits one
 * slice at most. Sizing reads the clock, but only to choose sizes: what is
 * written and when readers see it does not depend on it.
 */
export const SLICE_TARGET_MS = 10;
const SLICE_ROWS_MIN = 64;
const SLICE_ROWS_MAX = 8192;

/**
 * Rows one INSERT statement writes at most. FTS5 flushes what it holds in
 * memory to a new segment of the search index at the end of every
 * statement that writes it, so while a trigger indexed each product, one
 * statement a row made a segment a product and merged them all again after:
 * most of the search index's cost, three times the rest of a product's
 * row. Now a slice's products are indexed in one statement of their own
 * (`indexPending`, migration 0038), and a statement of many rows saves the
 * rest of a statement's cost. A slice's rows of a table go in statements of
 * 1, 2, 4 … this many rows (a statement per size, compiled on first use).
 */
export const ROWS_PER_STATEMENT = 128;

interface TableQueries {
  /** One row: its values in `columns` order, then the generation (by position: 600,000 rows a pull, no object each). */
  insert: PreparedQuery<readonly unknown[], unknown>;
  /** `rows` rows (a power of two up to ROWS_PER_STATEMENT), their values one row after the other as for `insert`. */
  insertMany(rows: number): PreparedQuery<readonly unknown[], unknown>;
  /** The new generation's row of a record staged twice: deleted so that the later copy goes in at its later place. */
  deleteStaged: PreparedQuery<{ value: unknown; generation: number }, unknown>;
  /** A table with a search index: deleteStaged's row out of it, run just before (no delete trigger: migration 0039). */
  unindexStaged: PreparedQuery<{ value: unknown; generation: number }, unknown> | null;
  /** A table kept by its parent (ReplicaKeys.keptByParent): its rows of one parent in one generation. */
  deleteOfParent: PreparedQuery<{ value: unknown; generation: number }, unknown> | null;
  /** By the column compared (the table's key, or its parent's), compiled on first use. */
  keepWhere(column: string): PreparedQuery<{ value: unknown; from: number; to: number }, unknown>;
  count: PreparedQuery<{ generation: number }, { n: number }>;
  /** Whether a row of `generation` is among the rowids in (from, to]. */
  anyRow: PreparedQuery<{ generation: number; from: number; to: number }, { one: number }>;
  /** Rowids of up to `limit` rows in (after, to] whose generation is `generation` (one) or, stale, any but those kept. */
  rowidsOf: PreparedQuery<{ after: number; to: number; generation: number; limit: number }, { id: number }>;
  staleRowids: PreparedQuery<{ after: number; to: number; pinned: number; newest: number; limit: number }, { id: number }>;
  deleteRowids: PreparedQuery<{ ids: string }, unknown>;
  /** A table with a search index: deleteRowids' rows out of it, in one statement run just before (migration 0039). */
  unindexRowids: PreparedQuery<{ ids: string }, unknown> | null;
  /** Every row in [first, last]: deleteRowids of a run of consecutive rowids, read in rowid order without a list to look each up. */
  deleteRange: PreparedQuery<{ first: number; last: number }, unknown>;
  /** A table with a search index: deleteRange's rows out of it, run just before. */
  unindexRange: PreparedQuery<{ first: number; last: number }, unknown> | null;
  /** A table with a search index (ReplicaKeys.searchIndex): indexes its rows above rowid `after`, in one statement. */
  indexAfter: PreparedQuery<{ after: number }, unknown> | null;
  /** The table's highest rowid, every generation: a row inserted gets the next one. */
  lastRowid: PreparedQuery<Record<string, never>, { last: number | null }>;
  /** The table's lowest and highest rowid, every generation (two index ends, not a scan). */
  rowidSpan: PreparedQuery<Record<string, never>, { first: number | null; last: number | null }>;
  /**
   * Among the rowids in (from, to]: the previous generation's rows (before), and the new one's (rows), each
   * beside the same record in the previous one: how many it had (matched), and how many alike (every column).
   * One look-up a row of the new generation tells what vanished and what was written (Staging.changesOf).
   */
  compared: PreparedQuery<
    { previous: number; next: number; from: number; to: number; shift: number },
    { before: number; rows: number; matched: number; alike: number; last: number | null; shift: number | null }
  >;
}

function compileQueries(table: ReplicaTable): TableQueries {
  const main = `main.${table.name}` as const;
  const cols = [...table.columns];
  const others = cols.filter((column) => column !== table.key);
  const keepWhere = new Map<string, PreparedQuery<{ value: unknown; from: number; to: number }, unknown>>();
  const insertMany = new Map<number, PreparedQuery<readonly unknown[], unknown>>();
  const ref = (alias: string, column: string) => sql.ref(`${alias}.${column}`);
  // A window's generation, compared as `+generation` (no index may serve it): the rows of a window of rowids are found by
  // rowid. Unary plus left out, SQLite takes the unique (generation, key) index for the equality and reads every row of the
  // generation, in key order, sorted again, at every window (issue 37, generation first).
  const windowGeneration = (alias?: string) => sql`+${sql.ref(alias ? `${alias}.${GENERATION_COLUMN}` : GENERATION_COLUMN)}`;
  const link = parentLink(table);
  const indexAfter = searchIndexInsert(table.name, 'rowid > @after');
  const unindexStaged = searchIndexDelete(table.name, `${table.key} = @value AND ${GENERATION_COLUMN} = @generation`);
  const unindexRowids = searchIndexDelete(table.name, 'rowid IN (SELECT value FROM json_each(@ids))');
  const unindexRange = searchIndexDelete(table.name, 'rowid BETWEEN @first AND @last');
  // deleteOfParent takes no rows out of a search index: a table kept by its parent has none.
  if (link && table.searchIndex) throw new Error(`${table.name} is kept by its parent and has a search index: its deletes would leave it stale`);
  // The parent's row (its seq) whose key is `key` in `generation` (SQL expressions): what a nested row's PARENT_SEQ_COLUMN holds.
  const parentSeq = (key: string, generation: string) => sql`(${sql.raw(parentSeqOf(link!, key, generation))})`;
  // The same record in generation `generation` as b, for row a: by its key, and for a table kept by its parent (no index on
  // its key) under the same parent's row of a's generation, found through the parent's index. A nested record that moved to
  // another parent counts as gone and new.
  const sameRecord = (a: string, b: string, generation: string) =>
    link
      ? sql`${ref(a, link.column)} = ${parentSeq(`${b}.${link.parentKey}`, generation)} AND ${ref(a, table.key)} = ${ref(b, table.key)}`
      : sql`${ref(a, table.key)} = ${ref(b, table.key)}`;
  // The same, for a row a already found (by its rowid): for a nested row, the parent at its PARENT_SEQ_COLUMN is b's parent
  // in `generation` (its key and generation; a parent's key is unique in a generation, so that is the row parentSeq finds).
  const isSameRecord = (a: string, b: string, generation: string) =>
    link
      ? sql`${ref(a, table.key)} = ${ref(b, table.key)} AND ${ref(a, link.column)} = (SELECT p.rowid FROM ${sql.table(`main.${link.parent}`)} AS p WHERE p.rowid = ${ref(a, link.column)} AND p.${sql.ref(REPLICA[link.parent].key)} = ${ref(b, link.parentKey)} AND p.${sql.ref(GENERATION_COLUMN)} = ${sql.raw(generation)})`
      : sql`${ref(a, table.key)} = ${ref(b, table.key)}`;
  // A nested row's parent row: the one the pull has just written (bound, Staging.parentRows), else (NULL bound) found by its
  // parent's key (the row's own value, bound again) in the generation it is written to.
  const valuesOfRow = () => ({
    ...Object.fromEntries(cols.map((column) => [column, positional()])),
    [GENERATION_COLUMN]: positional(),
    ...(link ? { [link.column]: sql`coalesce(?, ${parentSeq('?', '?')})` } : {}),
  });
  return {
    // The values are put in `cols` order by `write`, from the row's names: never by the order a record's fields came in.
    insert: prepared<readonly unknown[]>()(s.insertInto(main).values(valuesOfRow())),
    insertMany: (rows) => {
      let insert = insertMany.get(rows);
      if (!insert) {
        // OR FAIL: a record staged twice stops the statement where it is, the rows before it kept. Under the
        // default (ABORT) SQLite keeps a statement journal to undo the statement, which spills to a file past 64 KiB.
        insert = prepared<readonly unknown[]>()(
          s
            .insertInto(main)
            .orFail()
            .values(Array.from({ length: rows }, valuesOfRow)),
        );
        insertMany.set(rows, insert);
      }
      return insert;
    },
    deleteStaged: prepared<{ value: unknown; generation: number }>()(
      s.deleteFrom(main).where(table.key, '=', param('value')).where(GENERATION_COLUMN, '=', param<number>('generation')),
    ),
    deleteOfParent: link
      ? prepared<{ value: unknown; generation: number }>()(
          s.deleteFrom(main).where(link.column, '=', parentSeq('@value', '@generation')).where(GENERATION_COLUMN, '=', param<number>('generation')),
        )
      : null,
    keepWhere: (column) => {
      let keep = keepWhere.get(column);
      if (!keep) {
        // OR IGNORE: a record the new generation already has keeps that copy. A nested row goes under its parent's row of
        // the new generation (copied first), and its rows of a parent are found through the parent's row, as readers do.
        const into = [...cols, GENERATION_COLUMN, ...(link ? [link.column] : [])];
        const values = [...cols.map((c) => sql.ref(`o.${c}`)), param<number>('to'), ...(link ? [parentSeq(`o.${link.parentKey}`, '@to')] : [])];
        const where =
          link && column === link.parentKey ? sql`o.${sql.ref(link.column)} = ${parentSeq('@value', '@from')}` : sql`o.${sql.ref(column)} = ${param('value')}`;
        keep = prepared<{ value: unknown; from: number; to: number }>()(
          raw(
            sql`INSERT OR IGNORE INTO ${sql.table(main)} (${sql.join(into.map((c) => sql.ref(c)))}) SELECT ${sql.join(values)} FROM ${sql.table(main)} AS o WHERE ${where} AND o.${sql.ref(GENERATION_COLUMN)} = ${param<number>('from')} ORDER BY o.rowid`,
          ),
        );
        keepWhere.set(column, keep);
      }
      return keep;
    },
    count: prepared<{ generation: number }>()(
      s
        .selectFrom(main)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(GENERATION_COLUMN, '=', param<number>('generation')),
    ),
    anyRow: prepared<{ generation: number; from: number; to: number }>()(
      s
        .selectFrom(main)
        .select(sql<number>`1`.as('one'))
        .where(sql<number>`rowid`, '>', param<number>('from'))
        .where(sql<number>`rowid`, '<=', param<number>('to'))
        .where(windowGeneration(), '=', param<number>('generation'))
        .limit(1),
    ),
    rowidsOf: prepared<{ after: number; to: number; generation: number; limit: number }>()(
      s
        .selectFrom(main)
        .select(sql<number>`rowid`.as('id'))
        .where(sql<number>`rowid`, '>', param<number>('after'))
        .where(sql<number>`rowid`, '<=', param<number>('to'))
        .where(windowGeneration(), '=', param<number>('generation'))
        .orderBy(sql`rowid`)
        .limit(param<number>('limit')),
    ),
    // Older than the newest generation this pull knows and not the pinned one: a generation a later pull writes is its own.
    staleRowids: prepared<{ after: number; to: number; pinned: number; newest: number; limit: number }>()(
      s
        .selectFrom(main)
        .select(sql<number>`rowid`.as('id'))
        .where(sql<number>`rowid`, '>', param<number>('after'))
        .where(sql<number>`rowid`, '<=', param<number>('to'))
        .where(windowGeneration(), '<>', param<number>('pinned'))
        .where(windowGeneration(), '<=', param<number>('newest'))
        .orderBy(sql`rowid`)
        .limit(param<number>('limit')),
    ),
    deleteRowids: prepared<{ ids: string }>()(raw(sql`DELETE FROM ${sql.table(main)} WHERE rowid IN (SELECT value FROM json_each(${param<string>('ids')}))`)),
    unindexStaged: unindexStaged === null ? null : prepared<{ value: unknown; generation: number }>()(raw(sql`${sql.raw(unindexStaged)}`)),
    unindexRowids: unindexRowids === null ? null : prepared<{ ids: string }>()(raw(sql`${sql.raw(unindexRowids)}`)),
    deleteRange: prepared<{ first: number; last: number }>()(
      raw(sql`DELETE FROM ${sql.table(main)} WHERE rowid BETWEEN ${param<number>('first')} AND ${param<number>('last')}`),
    ),
    unindexRange: unindexRange === null ? null : prepared<{ first: number; last: number }>()(raw(sql`${sql.raw(unindexRange)}`)),
    indexAfter: indexAfter === null ? null : prepared<{ after: number }>()(raw(sql`${sql.raw(indexAfter)}`)),
    lastRowid: prepared()(raw(sql<{ last: number | null }>`SELECT max(rowid) AS last FROM ${sql.table(main)}`)),
    rowidSpan: prepared()(
      raw(
        sql<{
          first: number | null;
          last: number | null;
        }>`SELECT (SELECT min(rowid) FROM ${sql.table(main)}) AS first, (SELECT max(rowid) FROM ${sql.table(main)}) AS last`,
      ),
    ),
    compared: prepared<{ previous: number; next: number; from: number; to: number; shift: number }>()(
      // A row value comparison (any number of columns) has no builder. The previous row of a record is looked for first
      // `shift` rowids back (o.rowid = n.rowid - shift: a catalog read again in the same order is written at the same
      // distance, and that row is read in rowid order, where the key's index is read at random), then by its key.
      // `shift` comes back as the distance of the window's last matched row, for the next window: a bare column, which
      // SQLite takes from the row of the query's only max() (`last`); with no row matched `last` is NULL and `shift` is
      // any row's, so the caller keeps its own.
      raw(
        sql<{
          before: number;
          rows: number;
          matched: number;
          alike: number;
          last: number | null;
          shift: number | null;
        }>`SELECT (SELECT count(*) FROM ${sql.table(main)} AS b WHERE b.rowid > ${param<number>('from')} AND b.rowid <= ${param<number>('to')} AND ${windowGeneration('b')} = ${param<number>('previous')}) AS before, count(*) AS rows, count(o.rowid) AS matched, coalesce(sum((${sql.join(others.map((c) => ref('o', c)))}) IS (${sql.join(others.map((c) => ref('n', c)))})), 0) AS alike, max(CASE WHEN o.rowid IS NOT NULL THEN n.rowid END) AS last, n.rowid - o.rowid AS shift FROM ${sql.table(main)} AS n LEFT JOIN ${sql.table(main)} AS o ON o.rowid = coalesce((SELECT g.rowid FROM ${sql.table(main)} AS g WHERE g.rowid = n.rowid - ${param<number>('shift')} AND g.${sql.ref(GENERATION_COLUMN)} = ${param<number>('previous')} AND ${isSameRecord('g', 'n', '@previous')}), (SELECT k.rowid FROM ${sql.table(main)} AS k WHERE ${sameRecord('k', 'n', '@previous')} AND k.${sql.ref(GENERATION_COLUMN)} = ${param<number>('previous')})) WHERE n.rowid > ${param<number>('from')} AND n.rowid <= ${param<number>('to')} AND ${windowGeneration('n')} = ${param<number>('next')}`,
      ),
    ),
  };
}

/** A table kept by its parent: its PARENT_SEQ_COLUMN, and the parent as db/generations.ts's parentSeqOf takes it. */
function parentLink(table: ReplicaTable): { column: string; parent: NonNullable<ReplicaTable['keptByParent']>; parentKey: string } | null {
  return table.keptByParent && table.parentKey
    ? { column: PARENT_SEQ_COLUMN[table.keptByParent], parent: table.keptByParent, parentKey: table.parentKey }
    : null;
}

// Compiled on a table's first use, not at start-up: a till that is not pulling never needs them.
const QUERIES = new Map<string, TableQueries>();

function queriesOf(table: ReplicaTable): TableQueries {
  let queries = QUERIES.get(table.name);
  if (!queries) QUERIES.set(table.name, (queries = compileQueries(table)));
  return queries;
}

/**
 * Rowids a turn of the event loop looks at when the pull reads a table row by row (counting what changed,
 * finding rows to delete or whether a generation has any): a few milliseconds' worth. A scan that finds
 * nothing reads the whole table: in one statement, 100,000 products held the host's loop for tens of
 * milliseconds (three such scans of the largest tables, 100 ms at the pin of a first pull).
 */
const CHANGE_WINDOW_ROWIDS = 8192;

/**
 * Rows `flush(true)` queues at most while the checkpoint runs, instead of waiting for it to write them (about five
 * pages of 500 products with their modifiers and prices). The checkpoint copies ROWS_PER_CHECKPOINT rows' WAL into
 * the database, tens of milliseconds, and the next slice waits for it, so that the WAL starts over: the pull's thread
 * was idle that long twenty times a 100,000-product pull, with pages to read waiting (docs/performance.md).
 */
const ROWS_QUEUED_BEHIND_CHECKPOINT = 65_536;

/** Lets whatever waits on this process (a checkout, a screen's read) run between two slices. */
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The table's rowids as it stands now, CHANGE_WINDOW_ROWIDS at a time ((from, to], ascending), with a turn of the
 * event loop after each window the caller has read.
 */
async function* rowidWindows(db: TillDatabase, queries: TableQueries): AsyncGenerator<{ from: number; to: number }> {
  const { first, last } = queries.rowidSpan.get(db, {})!;
  if (first === null || last === null) return;
  for (let from = first - 1; from < last; from += CHANGE_WINDOW_ROWIDS) {
    yield { from, to: Math.min(from + CHANGE_WINDOW_ROWIDS, last) };
    await yieldToOthers();
  }
}

/**
 * A row waiting in the queue: as `stage` made it (by column name, `insert`),
 * or as its values in `table.columns` order (`insertRows`: a page read on
 * the page reader's thread). Neither is copied into the other's form: a
 * copy of each of a pull's 600,000 rows cost it 0.3 to 0.5 s of CPU.
 */
type QueuedRow = { table: ReplicaTable; row: Record<string, unknown>; values: null } | { table: ReplicaTable; row: null; values: readonly unknown[] };

/** Where a table's key and its parent's key are among its columns (what the queue reads of a row given as values). */
const keyPlaces = new WeakMap<ReplicaTable, { key: number; parentKey: number }>();

function keyPlacesOf(table: ReplicaTable): { key: number; parentKey: number } {
  let places = keyPlaces.get(table);
  if (!places) {
    places = { key: table.columns.indexOf(table.key), parentKey: table.parentKey ? table.columns.indexOf(table.parentKey) : -1 };
    if (places.key < 0 || (table.parentKey && places.parentKey < 0)) throw new Error(`${table.name}: its key or its parent's key is not one of its columns`);
    keyPlaces.set(table, places);
  }
  return places;
}

const keyOf = (queued: QueuedRow): unknown => (queued.row ? queued.row[queued.table.key] : queued.values[keyPlacesOf(queued.table).key]);
const parentKeyOf = (queued: QueuedRow): unknown => (queued.row ? queued.row[queued.table.parentKey!] : queued.values[keyPlacesOf(queued.table).parentKey]);

const isUniqueViolation = (error: unknown) => {
  const code = (error as { code?: string }).code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
};

/**
 * One pull's new generation of the replica's `tables`. Nothing it writes is
 * seen by a reader before `publish`; a pull that fails calls `discard`, and
 * one that is killed leaves rows no reader sees, deleted by the next pull.
 */
export class Staging {
  /** The generation this pull writes: above every generation any table holds, so a killed pull's rows are never taken for ours. */
  readonly generation: number;
  /** What readers see now, per table (0: rows from before generations). */
  private readonly previous: Map<string, number>;
  /** After `publish`: the generation readers saw before it, per table it pinned (what `changes` compares with). */
  private readonly replaced = new Map<string, number>();
  /** Tables whose list was skipped and keep what readers see now (their pin does not move). */
  private readonly kept = new Set<string>();
  /** Rows staged so far per table (a record staged twice counts once). */
  private readonly staged = new Map<string, number>();
  private pending: QueuedRow[] = [];
  /** When the slices wait for the options' checkpoint (checkpoint-pacing.ts). */
  private readonly checkpoints: CheckpointPacing;
  private sliceRows: number;
  private readonly fixedSlices: boolean;
  /** The tables some table is kept by (ReplicaKeys.keptByParent): their rows are parents in lastParentCopies. */
  private readonly parentTables: ReadonlySet<string>;
  /**
   * The rows (seq) of the parents this flush wrote, by their key: what their nested rows, queued right after
   * them, hold in PARENT_SEQ_COLUMN without a lookup in the parent's index each. A parent written earlier (a
   * product's prices read later from its own route) is looked up. Keyed by the key alone, not by a string of
   * table and key made for each row (a million such strings a 100k pull, issue 37): there is one parent table.
   */
  private readonly parentRows = new Map<unknown, number>();
  /**
   * In a transaction that inserts into a table with a search index
   * (ReplicaKeys.searchIndex, no insert trigger: migration 0038), by table:
   * the rowid up to which every row is indexed, and above which none is.
   * A row gets the highest rowid plus one, so the rows inserted since are
   * those above it, indexed in one statement (`indexPending`) at the end of
   * the transaction and before any row of the table is deleted.
   */
  private readonly indexedThrough = new Map<string, number>();

  constructor(
    private readonly db: TillDatabase,
    private readonly tables: readonly ReplicaTable[],
    private readonly options: StagingOptions = {},
  ) {
    this.sliceRows = Math.max(1, options.sliceRows ?? DEFAULT_SLICE_ROWS);
    this.checkpoints = new CheckpointPacing(options.checkpoint);
    this.fixedSlices = options.sliceRows !== undefined;
    this.parentTables = new Set(tables.flatMap((t) => (t.keptByParent ? [t.keptByParent] : [])));
    // parentRows and lastParentCopies key a parent by its key alone (ReplicaKeys.keptByParent names one table).
    if (this.parentTables.size > 1) throw new Error(`rows kept by more than one parent table: ${[...this.parentTables].join(', ')}`);
    const pins = pinnedGenerations(db);
    this.previous = new Map(tables.map((table) => [table.name, pins.get(table.name) ?? 0]));
    let newest = Math.max(0, ...pins.values());
    for (const table of tables) {
      const row = db.prepare(`SELECT max(${GENERATION_COLUMN}) AS g FROM main.${table.name}`).get() as { g: number | null };
      newest = Math.max(newest, row.g ?? 0);
    }
    this.generation = newest + 1;
    for (const table of tables) this.staged.set(table.name, 0);
  }

  /** Queues one row of the new generation; `flush` writes the queue in slices. */
  insert<N extends ReplicaTableName>(table: ReplicaTable<N>, row: ReplicaRow<N>): void {
    this.pending.push({ table: table as ReplicaTable, row: row as Record<string, unknown>, values: null });
  }

  /**
   * Queues rows already reduced to their values (a page read on the page
   * reader's thread, sync/page-reader/): row `r` is of `tables[tableOf[r]]`,
   * its values `rows[r]`, in `columns` order. The same as `insert` of each
   * row in that order.
   */
  insertRows(tables: readonly ReplicaTable[], tableOf: ArrayLike<number>, rows: readonly (readonly unknown[])[]): void {
    if (tableOf.length !== rows.length) throw new Error(`${tableOf.length} tables for ${rows.length} rows`);
    for (let r = 0; r < rows.length; r++) {
      const table = tables[tableOf[r]!]!;
      const values = rows[r]!;
      if (values.length !== table.columns.length) throw new Error(`a row of ${table.name} with ${values.length} values for ${table.columns.length} columns`);
      this.pending.push({ table, row: null, values });
    }
  }

  /**
   * Writes the queued rows, `sliceRows` a transaction, yielding between
   * transactions. `fullSlicesOnly` (after each page of a list): rows that
   * would make a slice smaller than `sliceRows` wait for the next page's, so
   * a page's last few hundred rows are not a commit of their own (a commit
   * writes again every leaf of a random-keyed index its rows touched: a
   * 500-row page of barcodes was a slice). `count` counts written rows only:
   * a list's last page is flushed whole.
   */
  async flush(fullSlicesOnly = false): Promise<void> {
    const due = () => (fullSlicesOnly ? this.pending.length >= this.sliceRows : this.pending.length > 0);
    // A checkpoint still running on its thread: the page's rows wait in the queue (up to ROWS_QUEUED_BEHIND_CHECKPOINT)
    // and the pull reads its next pages, where it waited for the checkpoint before writing them. The queue full, its
    // slices go on beside every other checkpoint (checkpoint-pacing.ts).
    if (fullSlicesOnly && !this.checkpoints.ended && this.pending.length < (this.options.queuedBehindCheckpoint ?? ROWS_QUEUED_BEHIND_CHECKPOINT)) return;
    // The rows were queued on this turn of the event loop (a page staged): the first slice goes on the next.
    if (due()) await yieldToOthers();
    // A nested row whose product went in an earlier flush finds its row by its key (NULL bound, writeSlice).
    this.parentRows.clear();
    while (due()) {
      await this.checkpoints.waitedOrBeside();
      const slice = this.pending.splice(0, this.sliceRows);
      const ms = this.slice('write', slice.length, () => this.writeSlice(slice));
      this.resize(slice.length, ms);
      await this.betweenSlices(slice.length);
    }
  }

  /**
   * A slice's rows, a table's at a time (in the order they were queued),
   * many rows a statement (ROWS_PER_STATEMENT). A statement that meets a
   * record staged twice stops there (OR FAIL, the rows before it written,
   * each with the next rowid): that row goes alone, where the later copy
   * wins, and the statements go on after it.
   */
  private writeSlice(slice: readonly QueuedRow[]): void {
    const byTable = new Map<string, { table: ReplicaTable; rows: QueuedRow[] }>();
    const parentAt = this.lastParentCopies(slice);
    for (let at = 0; at < slice.length; at++) {
      const row = slice[at]!;
      const table = row.table;
      // A nested row whose parent is staged (again) further on in this slice belongs to an earlier copy: the later copy's
      // rows win (the earlier copy's rows of earlier slices are deleted when the later copy is written, `write`).
      if (table.keptByParent && (parentAt.get(parentKeyOf(row)) ?? -1) > at) continue;
      let group = byTable.get(table.name);
      if (!group) byTable.set(table.name, (group = { table, rows: [] }));
      group.rows.push(row);
    }
    // Parents before the rows kept by them: a parent staged again deletes its nested rows of this generation, never the
    // later copy's own (a slice may begin with the previous page's last nested rows).
    const groups = [...byTable.values()].sort((a, b) => Number(a.table.keptByParent !== undefined) - Number(b.table.keptByParent !== undefined));
    this.indexedThrough.clear();
    for (const { table } of groups) this.startIndexing(table);
    for (const { table, rows } of groups) {
      const queries = queriesOf(table);
      for (let at = 0; at < rows.length;) {
        let size = ROWS_PER_STATEMENT;
        while (size > rows.length - at) size /= 2;
        if (size === 1) {
          this.write(table, rows[at++]!);
          continue;
        }
        const values: unknown[] = [];
        for (let i = at; i < at + size; i++) this.pushValues(values, table, rows[i]!);
        const before = queries.lastRowid.get(this.db, {})!.last ?? 0;
        let written = size;
        try {
          queries.insertMany(size).run(this.db, values);
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          written = (queries.lastRowid.get(this.db, {})!.last ?? 0) - before;
        }
        // Each row got the next rowid (an INTEGER PRIMARY KEY takes the highest plus one).
        if (this.parentTables.has(table.name)) for (let i = 0; i < written; i++) this.parentRows.set(keyOf(rows[at + i]!), before + 1 + i);
        this.staged.set(table.name, this.staged.get(table.name)! + written);
        at += written;
        if (written < size) this.write(table, rows[at++]!);
      }
    }
    // The slice's new rows of a table with a search index: one statement, so FTS5 writes one segment for them.
    for (const { table } of groups) this.indexPending(table);
  }

  /** Before a transaction inserts into `table`: if it has a search index, every row up to the highest is indexed (indexedThrough). */
  private startIndexing(table: ReplicaTable): void {
    if (table.searchIndex) this.indexedThrough.set(table.name, queriesOf(table).lastRowid.get(this.db, {})!.last ?? 0);
  }

  /** Indexes the rows of `table` this transaction inserted and has not indexed yet (none: nothing). */
  private indexPending(table: ReplicaTable): void {
    const after = this.indexedThrough.get(table.name);
    if (after === undefined) return;
    queriesOf(table).indexAfter!.run(this.db, { after });
    this.indexedThrough.set(table.name, queriesOf(table).lastRowid.get(this.db, {})!.last ?? 0);
  }

  /**
   * Deletes rows of `table` inside a write slice: its rows inserted since
   * the last index statement are indexed first, since `remove` takes the
   * rows it deletes out of the index (unindexStaged), and taking out a row
   * it never held would corrupt it. The highest rowid after the delete may
   * be lower (a row inserted at the end deleted): the next insert takes
   * that plus one, so everything up to it is indexed again from there.
   */
  private deleting<T>(table: ReplicaTable, remove: () => T): T {
    this.indexPending(table);
    const removed = remove();
    if (this.indexedThrough.has(table.name)) this.startIndexing(table);
    return removed;
  }

  /** A row's values as `insert` binds them: its columns, the generation, and for a nested row its parent's row (or NULL), key and generation. */
  private pushValues(values: unknown[], table: ReplicaTable, row: QueuedRow): void {
    if (row.row) {
      const columns = table.columns;
      for (let i = 0; i < columns.length; i++) values.push(row.row[columns[i]!]);
    } else {
      const from = row.values;
      for (let i = 0; i < from.length; i++) values.push(from[i]);
    }
    values.push(this.generation);
    if (table.keptByParent && table.parentKey) {
      const parentKey = parentKeyOf(row);
      const parentRow = this.parentRows.get(parentKey);
      // The parent's row known, its key is bound as NULL: coalesce reads no further, and a bound string is converted
      // and copied (400,000 nested rows a 100,000-product pull).
      values.push(parentRow ?? null, parentRow === undefined ? parentKey : null, this.generation);
    }
  }

  private write(table: ReplicaTable, row: QueuedRow): void {
    const queries = queriesOf(table);
    const values: unknown[] = [];
    this.pushValues(values, table, row);
    const remember = (result: { lastInsertRowid: number | bigint }) => {
      if (this.parentTables.has(table.name)) this.parentRows.set(keyOf(row), Number(result.lastInsertRowid));
    };
    try {
      remember(queries.insert.run(this.db, values));
      this.staged.set(table.name, this.staged.get(table.name)! + 1);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // A record staged twice (it moved between pages while the list was read): the later copy wins, at its later place.
      // With its nested rows: those the earlier copy brought go (found through its row, so before it), the later copy's
      // are queued after it.
      for (const nested of this.tables) {
        if (nested.keptByParent !== table.name) continue;
        const deleted = this.deleting(nested, () => queriesOf(nested).deleteOfParent!.run(this.db, { value: keyOf(row), generation: this.generation }).changes);
        this.staged.set(nested.name, this.staged.get(nested.name)! - deleted);
      }
      this.deleting(table, () => {
        const staged = { value: keyOf(row), generation: this.generation };
        queries.unindexStaged?.run(this.db, staged);
        queries.deleteStaged.run(this.db, staged);
      });
      remember(queries.insert.run(this.db, values));
    }
  }

  /**
   * Where `slice` stages each parent (a row of a table some table's
   * keptByParent names) for the last time, by its key (keyOf): a
   * nested row before that position belongs to an earlier copy.
   */
  private lastParentCopies(slice: readonly QueuedRow[]): Map<unknown, number> {
    const parents = this.parentTables;
    const last = new Map<unknown, number>();
    if (parents.size === 0) return last;
    for (let at = 0; at < slice.length; at++) {
      const row = slice[at]!;
      if (parents.has(row.table.name)) last.set(keyOf(row), at);
    }
    return last;
  }

  /**
   * Copies into the new generation the rows readers see now of `table`
   * where `column` is `value`: a record that came back bad keeps what it
   * was. Returns the rows copied. (A record's rows: a handful, one slice.)
   */
  keepPrevious(table: ReplicaTable, column: string, value: unknown): number {
    let copied = 0;
    this.slice('write', 0, () => {
      this.indexedThrough.clear();
      this.startIndexing(table);
      copied = queriesOf(table)
        .keepWhere(column)
        .run(this.db, { value, from: this.previous.get(table.name)!, to: this.generation }).changes;
      this.indexPending(table);
    });
    this.staged.set(table.name, this.staged.get(table.name)! + copied);
    return copied;
  }

  /** A list the service would not give this time: `table` keeps what readers see now, without a copy (its pin stays). */
  async keepAllPrevious(table: ReplicaTable): Promise<void> {
    await this.clear(table);
    this.kept.add(table.name);
  }

  /** Records staged (a record staged twice counts once). */
  count(table: ReplicaTable): number {
    return this.staged.get(table.name)!;
  }

  /** Deletes what this pull wrote of `table` (a list read again, or skipped), in slices. */
  async clear(table: ReplicaTable): Promise<void> {
    this.pending = this.pending.filter((p) => p.table.name !== table.name);
    this.kept.delete(table.name);
    const queries = queriesOf(table);
    await this.deleteInSlices((after, to, limit) => queries.rowidsOf.all(this.db, { after, to, generation: this.generation, limit }), queries);
    this.staged.set(table.name, 0);
  }

  /**
   * Pins the new generation of every table not kept, and runs `alsoWrite`,
   * in one transaction: readers go from the previous catalog to this one at
   * once. Returns the rows readers see now, per table. What changed is
   * counted after, if asked (`changes`), before `dropUnpinned`.
   */
  async publish(alsoWrite: (counts: Record<string, number>) => void): Promise<{ counts: Record<string, number> }> {
    await this.flush();
    await this.checkpoints.waited();
    const counts: Record<string, number> = {};
    const pins = new Map<string, number>();
    for (const table of this.tables) {
      const previous = this.previous.get(table.name)!;
      if (this.kept.has(table.name)) {
        counts[table.name] = queriesOf(table).count.get(this.db, { generation: previous })!.n;
        continue;
      }
      counts[table.name] = this.staged.get(table.name)!;
      pins.set(table.name, this.generation);
    }
    // The pin commits synced (FULL), which writes out, under the write lock, every WAL frame not yet synced: up to
    // the checkpoint's rows' worth (100,000 products: 28 MB, a pin of 15 ms where it was 2). A checkpoint syncs them first.
    await this.checkpoints.now();
    this.slice('publish', pins.size, () => {
      pinGenerations(this.db, pins);
      alsoWrite(counts);
    });
    for (const [name, generation] of pins) {
      this.replaced.set(name, this.previous.get(name)!);
      this.previous.set(name, generation);
    }
    await yieldToOthers();
    return { counts };
  }

  /**
   * After `publish` and before `dropUnpinned`, per table: what readers saw
   * change, the records gone and those new or different (a table kept, or
   * a first pull's, has nothing to compare with). Reads only, outside the
   * write lock: the previous generation is still there, unpinned. Asked for
   * by those who show it (`pos sync --json`): on a pull again of 100,000
   * products it reads both generations' 600,000 rows, about a second.
   */
  async changes(): Promise<Record<string, { deleted: number; written: number }>> {
    const changes: Record<string, { deleted: number; written: number }> = {};
    for (const table of this.tables) {
      const previous = this.replaced.get(table.name);
      if (previous === undefined) {
        changes[table.name] = { deleted: 0, written: 0 };
        continue;
      }
      const queries = queriesOf(table);
      const first = !(await this.hasAnyRow(queries, previous));
      changes[table.name] = first ? { deleted: 0, written: this.staged.get(table.name)! } : await this.changesOf(queries, previous);
    }
    return changes;
  }

  /**
   * What changed between the previous generation and this one, counted a
   * window of rowids at a time, yielding between two: both generations of
   * a 100,000-product replica's prices are compared row by row, which held
   * the host's event loop for hundreds of milliseconds in one piece.
   */
  private async changesOf(queries: TableQueries, previous: number): Promise<{ deleted: number; written: number }> {
    // A record is in a generation once (its key unique in it, or its writer keeping it once under its parent: deleteOfParent),
    // so a new row matches one previous row at most: what vanished is the previous rows no new row matched; what was
    // written, the new rows but those alike.
    const total = { before: 0, rows: 0, matched: 0, alike: 0 };
    // How far back the previous row of a record lies, from the window before (the first window of the new rows: by key).
    let shift = 0;
    for await (const { from, to } of rowidWindows(this.db, queries)) {
      const window = queries.compared.get(this.db, { previous, next: this.generation, from, to, shift })!;
      if (window.last !== null && window.shift !== null) shift = window.shift;
      total.before += window.before;
      total.rows += window.rows;
      total.matched += window.matched;
      total.alike += window.alike;
    }
    return { deleted: total.before - total.matched, written: total.rows - total.alike };
  }

  /** Whether `generation` has a row in the table, looked for a window of rowids at a time (none found reads them all). */
  private async hasAnyRow(queries: TableQueries, generation: number): Promise<boolean> {
    for await (const { from, to } of rowidWindows(this.db, queries)) {
      if (queries.anyRow.get(this.db, { generation, from, to }) !== undefined) return true;
    }
    return false;
  }

  /** After `publish`: deletes every generation readers no longer see (the previous one, a killed pull's), in slices. */
  async dropUnpinned(): Promise<void> {
    for (const table of this.tables) {
      const queries = queriesOf(table);
      const pinned = this.previous.get(table.name)!;
      await this.deleteInSlices((after, to, limit) => queries.staleRowids.all(this.db, { after, to, pinned, newest: this.generation, limit }), queries);
    }
    await this.checkpoints.waited();
  }

  /** A pull that failed: its generation goes, in slices; readers never saw it. */
  async discard(): Promise<void> {
    this.pending = [];
    for (const table of this.tables) await this.clear(table);
    await this.checkpoints.waited();
  }

  /** Deletes the rows `next` finds, a window of rowids at a time (rowids in (after, to], at most `limit`), a slice a transaction. */
  private async deleteInSlices(next: (after: number, to: number, limit: number) => { id: number }[], queries: TableQueries): Promise<void> {
    for await (const { from, to } of rowidWindows(this.db, queries)) {
      for (let after = from; ;) {
        await this.checkpoints.waitedOrBeside();
        const ids = next(after, to, this.sliceRows).map((row) => row.id);
        if (ids.length === 0) break;
        const first = ids[0]!;
        const last = ids.at(-1)!;
        const ms = this.slice('delete', ids.length, () => {
          // Out of the search index first, in one statement for the slice: FTS5 reads their text from the rows. A
          // generation's rows are mostly consecutive rowids: those go as a range (a pull again's deletion, 600,000 rows:
          // 0.1 to 0.15 s less CPU than looking each up from a list, docs/performance.md).
          if (last - first + 1 === ids.length) {
            queries.unindexRange?.run(this.db, { first, last });
            queries.deleteRange.run(this.db, { first, last });
            return;
          }
          const listed = { ids: JSON.stringify(ids) };
          queries.unindexRowids?.run(this.db, listed);
          queries.deleteRowids.run(this.db, listed);
        });
        this.resize(ids.length, ms);
        after = last;
        await this.betweenSlices(ids.length, true);
      }
    }
  }

  /**
   * After a slice of `rows` written or deleted: the options' checkpoint when
   * its rows are due, and the others' turn. The checkpoint is waited for
   * only before the next slice writes, so that on the checkpoint thread it
   * runs while the pull reads its next page.
   */
  private async betweenSlices(rows: number, deleting = false): Promise<void> {
    this.checkpoints.afterSlice(rows, deleting);
    await yieldToOthers();
  }

  /**
   * One transaction of the pull. Its commit is not synced (synchronous =
   * NORMAL): until `publish` no reader sees these rows and a power cut may
   * take them, and the publishing transaction is synced (FULL), which makes
   * everything before it in the WAL durable with it (on the hub's connection,
   * NORMAL for group commit, the WAL is synced before any screen hears of it:
   * db/wal-durability.ts).
   */
  private slice(kind: WriteSlice['kind'], rows: number, body: () => void): number {
    const synchronous = this.db.pragma('synchronous', { simple: true }) as number;
    if (kind !== 'publish') this.db.pragma('synchronous = NORMAL');
    const started = performance.now();
    let ms: number;
    try {
      this.db.transaction(body).immediate();
    } finally {
      ms = performance.now() - started;
      if (kind !== 'publish') this.db.pragma(`synchronous = ${synchronous}`);
      this.options.onSlice?.({ kind, rows, ms });
    }
    // The lock's hold alone sizes the next slice: not the pragma or the hook's own time after it.
    return ms;
  }

  /** The next slice's size, from how long a full one of `rows` held the lock (default sizing only). */
  private resize(rows: number, ms: number): void {
    if (this.fixedSlices || rows < this.sliceRows) return;
    const fitting = (rows * SLICE_TARGET_MS) / Math.max(ms, 0.5);
    // Halfway to the size that would have fitted: one slow slice (a checkpoint, a busy core) does not swing it.
    this.sliceRows = Math.round(Math.min(SLICE_ROWS_MAX, Math.max(SLICE_ROWS_MIN, (this.sliceRows + fitting) / 2)));
  }
}
