import type Database from 'better-sqlite3';
import { DummyDriver, Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler, sql, type Compilable, type RawBuilder } from 'kysely';
import type { TillSchema } from './schema.ts';

/**
 * Kysely builds typed SQL; better-sqlite3 runs it synchronously. Keeping
 * execution synchronous lets a checkout be one real SQLite transaction
 * (Kysely's own SQLite transactions are async and would interleave).
 */
export const q = new Kysely<TillSchema>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
});

type Row<Query> = Query extends Compilable<infer R> ? R : never;

// Queries built per call (the cold paths: a screen's list, a CLI command). The
// SQL text they compile to is the same each time, so the statement cache
// still spares SQLite the prepare; only Kysely's build runs per call.

export function all<Query extends Compilable<unknown>>(db: Database.Database, query: Query): Row<Query>[] {
  const { sql, parameters } = query.compile();
  return statement(db, sql).all(...(parameters as unknown[])) as Row<Query>[];
}

export function first<Query extends Compilable<unknown>>(db: Database.Database, query: Query): Row<Query> | undefined {
  const { sql, parameters } = query.compile();
  return statement(db, sql).get(...(parameters as unknown[])) as Row<Query> | undefined;
}

export function run(db: Database.Database, query: Compilable<unknown>): Database.RunResult {
  const { sql, parameters } = query.compile();
  return statement(db, sql).run(...(parameters as unknown[]));
}

const statements = new WeakMap<Database.Database, Map<string, Database.Statement>>();
/** Queries with lists (`IN (?, ?, …)`) compile to a new text per length: the cache forgets the oldest past this many. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * A prepared statement, compiled once per connection. better-sqlite3 compiles
 * on every `prepare`, which costs more than running a small insert; hot paths
 * (checkout, upload) go through this cache.
 */
export function statement(db: Database.Database, sql: string): Database.Statement {
  let cache = statements.get(db);
  if (!cache) statements.set(db, (cache = new Map()));
  let prepared = cache.get(sql);
  if (!prepared) {
    if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
    cache.set(sql, (prepared = db.prepare(sql)));
  }
  return prepared;
}

/**
 * A value made once per connection and kept with it: for a transaction a hot
 * path runs at every tap or sale, since better-sqlite3's `db.transaction(fn)`
 * builds a new wrapper function (and its four variants) at each call, about
 * 2.5 KB of garbage each time; made once, it is called with its arguments.
 */
export function perConnection<T>(make: (db: Database.Database) => T): (db: Database.Database) => T {
  const made = new WeakMap<Database.Database, T>();
  return (db) => {
    let value = made.get(db);
    if (value === undefined) made.set(db, (value = make(db)));
    return value;
  };
}

/** A named parameter (`@name`) of a prepared query, bound each time the statement runs. */
export function param<T>(name: string): RawBuilder<T> {
  return sql.raw<T>(`@${name}`);
}

/**
 * `(SELECT value FROM json_each(@name))`: the values of a JSON list bound as
 * one named parameter, for `IN`. Kysely has no builder for json_each; and one
 * list parameter keeps one statement text whatever the list's length, where
 * `IN (?, ?, …)` would compile a new statement per length.
 */
export function jsonList<T = string>(name: string): RawBuilder<T> {
  return sql<T>`(SELECT value FROM json_each(${param<string>(name)}))`;
}

/**
 * A parameter bound by position (`?`), for rows written by the hundred
 * thousand (a pull's staging): better-sqlite3 binds an array of values
 * faster than the same values by name, and no object is made per row. A
 * prepared query whose only parameters are these runs with an array of the
 * values, in their order.
 */
export function positional<T>(): RawBuilder<T> {
  return sql.raw<T>('?');
}

/** A Kysely query compiled once: its SQL, prepared once per connection, runs with new parameters each time. */
export interface PreparedQuery<Params, Result> {
  readonly sql: string;
  all(db: Database.Database, params: Params): Result[];
  get(db: Database.Database, params: Params): Result | undefined;
  run(db: Database.Database, params: Params): Database.RunResult;
}

/**
 * Compiles a typed query once, for the hot paths (checkout, upload): Kysely
 * gives the types, and nothing is built or compiled per call, so it costs
 * what a hand-written `statement()` costs. Values that vary are `param()`s,
 * named in `Params`; constants written in the query stay bound as compiled.
 * For example `prepared<{ uuid: string }>()(query)` with `.where('uuid', '=', param('uuid'))` in the query.
 * A query of `positional()`s only is `prepared<readonly unknown[]>()` and runs with an array.
 */
export function prepared<Params extends Record<string, unknown> | readonly unknown[] = Record<string, never>>() {
  return <Query extends Compilable<unknown>>(query: Query): PreparedQuery<Params, Row<Query>> => {
    const compiled = query.compile();
    const { text, fixed } = constantLimitsWritten(compiled.sql, compiled.parameters as unknown[]);
    const named = /@\w/.test(text);
    const args = (params: Params): unknown[] => {
      if (!Array.isArray(params)) return named ? [...fixed, params] : fixed;
      // Values by position cannot be told from constants or named values: the query must have neither.
      if (named || fixed.length > 0) throw new TypeError(`values by position for a query with other parameters: ${text}`);
      return [params];
    };
    return {
      sql: text,
      all: (db, params) => statement(db, text).all(...args(params)) as Row<Query>[],
      get: (db, params) => statement(db, text).get(...args(params)) as Row<Query> | undefined,
      run: (db, params) => statement(db, text).run(...args(params)),
    };
  };
}

/**
 * A constant LIMIT or OFFSET (Kysely binds `.limit(1)` as `limit ?`) written
 * into the text instead. SQLite's planner reads a LIMIT's value, so a bound
 * one marks the plan as depending on it, and binding it again at each run
 * made SQLite compile the statement again at each run: the first counter's
 * lookup, asked at every tap and checkout, took 12-15 µs instead of 5.
 * Left as it is when the `?`s cannot be matched to the values one to one.
 */
function constantLimitsWritten(sql: string, parameters: unknown[]): { text: string; fixed: unknown[] } {
  const marks: number[] = [];
  let quote: string | null = null;
  for (let i = 0; i < sql.length; i++) {
    const c = sql[i]!;
    if (quote !== null) {
      if (c === quote) quote = null;
    } else if (c === "'" || c === '"' || c === '`') quote = c;
    else if (c === '?') marks.push(i);
  }
  if (marks.length !== parameters.length) return { text: sql, fixed: parameters };
  let text = '';
  let from = 0;
  const fixed: unknown[] = [];
  marks.forEach((at, n) => {
    const value = parameters[n];
    if (Number.isSafeInteger(value) && /\b(limit|offset)\s+$/i.test(sql.slice(from, at))) {
      text += sql.slice(from, at) + String(value);
    } else {
      text += sql.slice(from, at + 1);
      fixed.push(value);
    }
    from = at + 1;
  });
  return { text: text + sql.slice(from), fixed };
}
