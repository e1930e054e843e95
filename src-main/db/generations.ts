import type Database from 'better-sqlite3';
import { statement } from './query.ts';

/**
 * Tables kept by generation (the catalog replica, issue 37): a writer adds a
 * whole new generation of rows beside the one readers see, then pins it in
 * one short transaction. Readers never name a generation: on every
 * connection a TEMP VIEW with the table's own name shows only the pinned
 * generation, and SQLite resolves an unqualified `products` to the temp
 * view before the main table. Only code that writes generations names the
 * table as `main.products`. docs/decisions.md, "The catalog pull by generation".
 */
export const GENERATION_COLUMN = 'generation';

/** A generational table and its key: unique per generation, so two generations of a record live side by side. */
export interface GenerationalTable {
  name: string;
  key: string;
  /**
   * false: the key has no index at all (a table of nested rows no reader looks up by key, whose
   * writer keeps each record once a generation itself): a random key's index costs a pull a
   * page written per row. The default, true: UNIQUE (generation, key).
   */
  unique?: boolean;
  /**
   * A nested table indexed by its parent's row number rather than the
   * parent's key (issue 37, the pull's write cost: a pull hands row numbers
   * out in ascending order, so its rows are appended to that index): the
   * column holding it, the parent table and the column naming the parent's
   * key. Rows without one (a database from before the column, a row written
   * by hand through the pinned view) get their parent's row of the same
   * generation.
   */
  parentSeq?: { column: string; parent: string; parentKey: string };
  /**
   * Indexes of the table (by name) that the open puts the generation in front of (generationFirst): with the unique
   * key's index led by the generation, SQLite, which has no statistics here, takes that index for the pinned view's
   * `generation = ?` and sorts what a reader asks in another index's order (a category's products, 100,000 counted by
   * category: 50 ms became 110). Led by the generation too, the index serves the view and the order at once.
   */
  generationFirst?: readonly string[];
  /**
   * An external-content full-text index over the table (content_rowid its
   * rowid) that every writer of the table keeps itself: no AFTER INSERT
   * trigger, so a pull indexes a slice's rows in one statement (migration
   * 0038), and no AFTER DELETE trigger, so a pull takes a slice's rows out
   * in one statement before it deletes them (searchIndexDelete, migration
   * 0039). A row must be indexed before it is taken out or its text changed
   * (the update trigger takes it out and puts it back): a 'delete' of a row
   * the index does not hold, or a row deleted and left in it, corrupts it.
   */
  searchIndex?: SearchIndex;
}

/** An FTS5 table over one column of a generational table, kept by its writers (GenerationalTable.searchIndex). */
export interface SearchIndex {
  table: string;
  column: string;
}

// Registered by the layer that owns the tables (catalog/replica-tables.ts), at its import: the database
// layer knows no table of its own, and a table added to that list is converted without more code.
const registered = new Map<string, GenerationalTable>();

export function registerGenerationalTables(tables: readonly GenerationalTable[]): void {
  for (const table of tables) registered.set(table.name, table);
}

/** The search index the writers of `table` keep (GenerationalTable.searchIndex), if it has one. */
export function searchIndexOf(table: string): SearchIndex | undefined {
  return registered.get(table)?.searchIndex;
}

/**
 * The statement that puts the rows of `table` that `where` picks (SQL over the table: its rowid, a named
 * parameter) in its search index (GenerationalTable.searchIndex), or null for a table without one: the
 * one text every writer that indexes uses (the pull, the pinned view, a standby).
 */
export function searchIndexInsert(table: string, where: string): string | null {
  const index = searchIndexOf(table);
  if (!index) return null;
  return `INSERT INTO main.${quote(index.table)} (rowid, ${quote(index.column)}) SELECT rowid, ${quote(index.column)} FROM main.${quote(table)} WHERE ${where}`;
}

/**
 * The statement that takes the rows of `table` that `where` picks out of its search index (FTS5's 'delete'
 * command, with the text they were indexed with), or null for a table without one: what every writer that
 * deletes such rows runs first, in the same transaction (no delete trigger does: migration 0039).
 */
export function searchIndexDelete(table: string, where: string): string | null {
  const index = searchIndexOf(table);
  if (!index) return null;
  const t = quote(index.table);
  return `INSERT INTO main.${t} (${t}, rowid, ${quote(index.column)}) SELECT 'delete', rowid, ${quote(index.column)} FROM main.${quote(table)} WHERE ${where}`;
}

/**
 * Indexes rows of `table` just inserted (their rowids), in one statement:
 * for a writer of a table with a search index, before the transaction ends
 * and before any of those rows is deleted or changed.
 */
export function indexRows(db: Database.Database, table: string, rowids: readonly number[]): void {
  const insert = searchIndexInsert(table, 'rowid IN (SELECT value FROM json_each(?))');
  if (insert === null || rowids.length === 0) return;
  statement(db, insert).run(JSON.stringify(rowids));
}

/** The generation pinned for each table that has one; a table without a pin shows generation 0 (rows from before generations). */
export function pinnedGenerations(db: Database.Database): Map<string, number> {
  const rows = db.prepare('SELECT table_name, pinned FROM main.generation_pins').all() as { table_name: string; pinned: number }[];
  return new Map(rows.map((row) => [row.table_name, row.pinned]));
}

/** Pins `generations` (table → generation): call inside the transaction that publishes them, so readers switch all at once. */
export function pinGenerations(db: Database.Database, generations: ReadonlyMap<string, number>): void {
  const pin = db.prepare('INSERT INTO main.generation_pins (table_name, pinned) VALUES (?, ?) ON CONFLICT (table_name) DO UPDATE SET pinned = excluded.pinned');
  for (const [table, generation] of generations) pin.run(table, generation);
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

function columnsOf(db: Database.Database, table: string): { name: string; dflt_value: string | null }[] {
  return db.prepare(`PRAGMA main.table_info(${quote(table)})`).all() as { name: string; dflt_value: string | null }[];
}

/**
 * After the migrations: every registered table without a generation column
 * is rebuilt with one (its key unique per generation instead of overall; its
 * rows, seq, indexes and triggers kept), whatever the migrations made of it,
 * a converted table registered without a unique key loses the one it was
 * converted with, and one converted with its key first (UNIQUE (key,
 * generation), before issue 37's generation-first order) gets generationKey.
 * Idempotent: a table as registered is left alone.
 */
export function convertToGenerations(db: Database.Database): void {
  for (const table of registered.values()) {
    const columns = columnsOf(db, table.name);
    if (columns.length === 0) continue;
    const { sql } = db.prepare("SELECT sql FROM main.sqlite_master WHERE type = 'table' AND name = ?").get(table.name) as { sql: string };
    let next: string | null = null;
    if (!columns.some((c) => c.name === GENERATION_COLUMN)) next = withGeneration(sql, table, NEXT(table));
    // A table converted while its key was unique, now registered without (issue 37, the pull's write cost): its key's index goes.
    else if (table.unique === false) {
      const clause = [generationKey(table), keyFirst(table)].find((c) => sql.includes(c));
      if (clause !== undefined) next = renamed(sql.replace(clause, ''), NEXT(table));
    }
    // Converted with the key first: the same unique key, generation first (a table's unique constraint cannot be altered).
    else if (sql.includes(keyFirst(table))) next = renamed(sql.replace(keyFirst(table), generationKey(table)), NEXT(table));
    if (next !== null) {
      const rebuilt = next;
      db.transaction(() =>
        rebuild(
          db,
          table,
          rebuilt,
          columns.map((c) => c.name),
        ),
      ).immediate();
    }
    fillParentSeq(db, table);
    leadWithGeneration(db, table);
  }
}

/** Each index the table names in generationFirst, made again with the generation as its first column, once. */
function leadWithGeneration(db: Database.Database, table: GenerationalTable): void {
  for (const name of table.generationFirst ?? []) {
    const row = db.prepare("SELECT sql FROM main.sqlite_master WHERE type = 'index' AND name = ? AND tbl_name = ?").get(name, table.name) as
      { sql: string } | undefined;
    if (!row) continue;
    const columns = /\(([^)]*)\)\s*$/.exec(row.sql);
    if (!columns) throw new Error(`cannot read the columns of index ${name} to put the generation first`);
    if (columns[1]!.trim().split(/\s*,\s*/)[0] === GENERATION_COLUMN) continue;
    const next = `${row.sql.slice(0, columns.index)}(${GENERATION_COLUMN}, ${columns[1]!.trim()})`;
    db.transaction(() => {
      db.exec(`DROP INDEX main.${quote(name)}`);
      db.exec(next);
    }).immediate();
  }
}

/**
 * The parent's row number of every row without one (after migration 0036,
 * a 100,000-product replica's 400,000 nested rows once; after that none,
 * found through the index whose first column it is).
 */
function fillParentSeq(db: Database.Database, table: GenerationalTable): void {
  const link = table.parentSeq;
  if (!link || !columnsOf(db, table.name).some((c) => c.name === link.column)) return;
  const t = `main.${quote(table.name)}`;
  // Asked first, so an open with nothing to fill (every open after the first) takes no write lock (a pull elsewhere may hold it).
  if (db.prepare(`SELECT 1 FROM ${t} WHERE ${quote(link.column)} IS NULL LIMIT 1`).get() === undefined) return;
  db.transaction(() =>
    db
      .prepare(
        `UPDATE ${t} SET ${quote(link.column)} = (${parentSeqOf(link, `${t}.${quote(link.parentKey)}`, `${t}.${GENERATION_COLUMN}`)}) WHERE ${quote(link.column)} IS NULL`,
      )
      .run(),
  ).immediate();
}

/** SQL: the row number of the parent whose key is `key` in `generation` (both SQL expressions). */
export function parentSeqOf(link: NonNullable<GenerationalTable['parentSeq']>, key: string, generation: string): string {
  const parentKey = quote(registered.get(link.parent)?.key ?? 'id');
  return `SELECT p.rowid FROM main.${quote(link.parent)} AS p WHERE p.${parentKey} = ${key} AND p.${GENERATION_COLUMN} = ${generation}`;
}

const NEXT = (table: GenerationalTable) => `next_${table.name}`;

/**
 * The clause withGeneration gives a table with a unique key: exactly this text, so that it can be found and taken out again.
 * Generation first (issue 37, the pull's write cost): a pull's new generation is a key range of its own, away from the
 * pinned one's entries, so that the random keys it writes dirty the leaves of half the index, and the old generation's
 * deletion after a pull empties a run of leaves (docs/decisions.md, "The replica's unique key, generation first").
 */
const generationKey = (table: GenerationalTable) => `, UNIQUE (${GENERATION_COLUMN}, ${quote(table.key)})`;

/** The clause of a table converted before the generation-first order: rebuilt with generationKey at open. */
const keyFirst = (table: GenerationalTable) => `, UNIQUE (${quote(table.key)}, ${GENERATION_COLUMN})`;

/** `createSql` (a table's CREATE statement as sqlite_master keeps it) for a table named `next`. */
function renamed(createSql: string, next: string): string {
  const head = /^\s*CREATE\s+TABLE\s+(?:main\.)?(?:"(?:[^"]|"")+"|`[^`]+`|\w+)\s*\(/i.exec(createSql);
  if (!head) throw new Error(`cannot read the definition of ${next} to rebuild it`);
  return `CREATE TABLE ${quote(next)} (${createSql.slice(head[0].length)}`;
}

/** Rebuilds `table` as `nextSql` (a table named NEXT(table)): its rows (seq included), indexes and triggers kept. */
function rebuild(db: Database.Database, table: GenerationalTable, nextSql: string, columns: string[]): void {
  const dependents = (
    db.prepare("SELECT sql FROM main.sqlite_master WHERE type IN ('index', 'trigger') AND tbl_name = ? AND sql IS NOT NULL").all(table.name) as {
      sql: string;
    }[]
  ).map((row) => row.sql);
  const next = NEXT(table);
  db.exec(nextSql);
  // The rowid too where no column is it (categories, payment_methods …): a standby finds a row by it (standby/journal-triggers.ts).
  const list = [...(hasRowidColumn(db, table.name) ? [] : ['rowid']), ...columns.map(quote)].join(', ');
  db.exec(`INSERT INTO main.${quote(next)} (${list}) SELECT ${list} FROM main.${quote(table.name)}`);
  db.exec(`DROP TABLE main.${quote(table.name)}`);
  db.exec(`ALTER TABLE main.${quote(next)} RENAME TO ${quote(table.name)}`);
  for (const statement of dependents) db.exec(statement);
}

/** Whether a column of the table is its rowid (a lone INTEGER PRIMARY KEY, like `seq`). */
function hasRowidColumn(db: Database.Database, table: string): boolean {
  const keys = (db.prepare(`PRAGMA main.table_info(${quote(table)})`).all() as { type: string; pk: number }[]).filter((c) => c.pk > 0);
  return keys.length === 1 && keys[0]!.type.toUpperCase() === 'INTEGER';
}

/**
 * The table's CREATE statement for `next`: the key column loses its own
 * UNIQUE or PRIMARY KEY (it must be NOT NULL instead), and the table gains
 * `generation` and UNIQUE (generation, key) (none when the table is registered
 * `unique: false`). Columns are one a line in every
 * migration of ours; a statement this cannot rewrite is an error, never a
 * table quietly left without its uniqueness.
 */
export function withGeneration(createSql: string, table: GenerationalTable, next: string): string {
  const head = /^\s*CREATE\s+TABLE\s+(?:main\.)?["`]?\w+["`]?\s*\(/i.exec(createSql);
  const close = createSql.lastIndexOf(')');
  if (!head || close < head[0].length) throw new Error(`cannot read the definition of ${table.name} to add generations`);
  const keyLine = new RegExp(`^(\\s*["\`]?${table.key}["\`]?\\s+\\w+)([^,\\n]*)`, 'm');
  const body = createSql.slice(head[0].length, close);
  const match = keyLine.exec(body);
  if (!match) throw new Error(`cannot find the key column ${table.key} of ${table.name} to add generations`);
  let constraints = match[2]!.replace(/\bPRIMARY\s+KEY\b/i, '').replace(/\bUNIQUE\b/i, '');
  if (!/\bNOT\s+NULL\b/i.test(constraints)) constraints = ` NOT NULL${constraints}`;
  const rewritten = body.slice(0, match.index) + match[1] + constraints.replace(/\s+$/, '') + body.slice(match.index + match[0].length);
  const key = table.unique === false ? '' : generationKey(table);
  return `CREATE TABLE ${quote(next)} (${rewritten.replace(/\s+$/, '')}\n, ${GENERATION_COLUMN} INTEGER NOT NULL DEFAULT 0${key})${createSql.slice(close + 1)}`;
}

/**
 * Per connection: a TEMP VIEW in front of every main table that has a
 * generation column, showing the pinned generation, and (on a connection
 * that may write) INSTEAD OF triggers so that a plain INSERT, UPDATE or DELETE (a test's fixture, a
 * repair by hand) writes the pinned generation of the table behind it.
 */
export function installPinnedViews(db: Database.Database): void {
  db.exec(`CREATE TEMP TABLE IF NOT EXISTS ${EDITS} (n INTEGER NOT NULL)`);
  db.exec(`INSERT INTO temp.${EDITS} (n) SELECT 0 WHERE NOT EXISTS (SELECT 1 FROM temp.${EDITS})`);
  const tables = db
    .prepare(
      `SELECT m.name FROM main.sqlite_master m WHERE m.type = 'table' AND EXISTS (SELECT 1 FROM pragma_table_info(m.name) WHERE name = '${GENERATION_COLUMN}')`,
    )
    .all() as { name: string }[];
  for (const { name } of tables) {
    const columns = columnsOf(db, name);
    const t = quote(name);
    const pinned = `COALESCE((SELECT pinned FROM main.generation_pins WHERE table_name = '${name.replace(/'/g, "''")}'), 0)`;
    const all = columns.map((c) => quote(c.name));
    const data = columns.filter((c) => c.name !== GENERATION_COLUMN);
    // The row a view's OLD names: the same values (a replica row has a unique key, so exactly one row).
    const sameRow = data.map((c) => `${quote(c.name)} IS old.${quote(c.name)}`).join(' AND ');
    // A column the INSERT leaves out arrives as NULL in an INSTEAD OF trigger: its declared default stands in.
    // The parent's row number, when the INSERT leaves it out, is the parent's of the pinned generation.
    const link = registered.get(name)?.parentSeq;
    const value = (c: { name: string; dflt_value: string | null }) =>
      link?.column === c.name
        ? `COALESCE(new.${quote(c.name)}, (${parentSeqOf(link, `new.${quote(link.parentKey)}`, pinned)}))`
        : c.dflt_value === null
          ? `new.${quote(c.name)}`
          : `COALESCE(new.${quote(c.name)}, ${c.dflt_value})`;
    db.exec(`DROP VIEW IF EXISTS temp.${t}`);
    db.exec(`CREATE TEMP VIEW ${t} AS SELECT ${all.join(', ')} FROM main.${t} WHERE ${GENERATION_COLUMN} = ${pinned}`);
    // A read-only connection (`pos search`, `pos catalog`) writes nothing: its views need no triggers.
    if (db.readonly) continue;
    // The row's search index entry (GenerationalTable.searchIndex), by the rowid the INSERT just gave it.
    const indexRow = searchIndexInsert(name, 'rowid = last_insert_rowid()');
    db.exec(
      `CREATE TEMP TRIGGER ${quote(`${name}_insert_pinned`)} INSTEAD OF INSERT ON ${t} BEGIN ` +
        `INSERT INTO main.${t} (${[...data.map((c) => quote(c.name)), GENERATION_COLUMN].join(', ')}) VALUES (${[...data.map(value), pinned].join(', ')}); ${indexRow === null ? '' : `${indexRow};`} ${countEdit} END`,
    );
    db.exec(
      `CREATE TEMP TRIGGER ${quote(`${name}_update_pinned`)} INSTEAD OF UPDATE ON ${t} BEGIN ` +
        `UPDATE main.${t} SET ${data.map((c) => `${quote(c.name)} = new.${quote(c.name)}`).join(', ')} WHERE ${GENERATION_COLUMN} = ${pinned} AND ${sameRow}; ${countEdit} END`,
    );
    // The row out of its search index first (searchIndexDelete), by the same WHERE as the DELETE.
    const unindexRow = searchIndexDelete(name, `${GENERATION_COLUMN} = ${pinned} AND ${sameRow}`);
    db.exec(
      `CREATE TEMP TRIGGER ${quote(`${name}_delete_pinned`)} INSTEAD OF DELETE ON ${t} BEGIN ` +
        `${unindexRow === null ? '' : `${unindexRow};`} DELETE FROM main.${t} WHERE ${GENERATION_COLUMN} = ${pinned} AND ${sameRow}; ${countEdit} END`,
    );
  }
}

// Writes through the pinned views on this connection (a test's fixture, a repair by hand), counted for pinnedVersion.
const EDITS = 'generation_edits';
const countEdit = `UPDATE temp.${EDITS} SET n = n + 1;`;

/**
 * What changes whenever what this connection's readers see of the
 * generational tables may have: a pin moved (a pull published), a write
 * through a pinned view here, or a commit by another connection to the file
 * (`PRAGMA data_version`). It reads no table row by row: a few rows of
 * generation_pins, however large the replica.
 */
export function pinnedVersion(db: Database.Database): string {
  const { pins, edits, version } = statement(db, PINNED_VERSION).get() as { pins: string | null; edits: number | null; version: number };
  return `${pins ?? ''}|${edits ?? 0}|${version}`;
}

// Asked on every tap and checkout (catalog/per-catalog.ts): one statement, prepared once per connection (a prepare
// costs more than the read; db.pragma prepares anew at each call), data_version read in it by its table-valued form.
const PINNED_VERSION =
  `SELECT (SELECT group_concat(table_name || '=' || pinned) FROM main.generation_pins) AS pins, (SELECT n FROM temp.${EDITS}) AS edits, ` +
  '(SELECT data_version FROM pragma_data_version()) AS version';

/**
 * Runs `VACUUM` (or `VACUUM INTO file`) on a connection with pinned views:
 * VACUUM rebuilds the file by running each table's and index's SQL again,
 * and an unqualified table name there would find the TEMP view of the same
 * name ("views may not be indexed"). The views go while it runs and come
 * back after.
 */
export function vacuum(db: Database.Database, into?: string): void {
  const views = db.prepare("SELECT name FROM temp.sqlite_master WHERE type = 'view'").all() as { name: string }[];
  for (const { name } of views) db.exec(`DROP VIEW temp.${quote(name)}`);
  try {
    if (into === undefined) db.exec('VACUUM');
    else db.prepare('VACUUM INTO ?').run(into);
  } finally {
    if (views.length > 0) installPinnedViews(db);
  }
}
