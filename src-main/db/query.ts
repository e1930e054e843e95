import type Database from 'better-sqlite3';
import {
  DummyDriver,
  Kysely,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type Compilable,
} from 'kysely';
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

export function all<Query extends Compilable<unknown>>(db: Database.Database, query: Query): Row<Query>[] {
  const { sql, parameters } = query.compile();
  return db.prepare(sql).all(...(parameters as unknown[])) as Row<Query>[];
}

export function first<Query extends Compilable<unknown>>(db: Database.Database, query: Query): Row<Query> | undefined {
  const { sql, parameters } = query.compile();
  return db.prepare(sql).get(...(parameters as unknown[])) as Row<Query> | undefined;
}

export function run(db: Database.Database, query: Compilable<unknown>): Database.RunResult {
  const { sql, parameters } = query.compile();
  return db.prepare(sql).run(...(parameters as unknown[]));
}

const statements = new WeakMap<Database.Database, Map<string, Database.Statement>>();

/**
 * A prepared statement, compiled once per connection. better-sqlite3 compiles
 * on every `prepare`, which costs more than running a small insert; hot paths
 * (checkout, upload) go through this cache.
 */
export function statement(db: Database.Database, sql: string): Database.Statement {
  let cache = statements.get(db);
  if (!cache) statements.set(db, (cache = new Map()));
  let prepared = cache.get(sql);
  if (!prepared) cache.set(sql, (prepared = db.prepare(sql)));
  return prepared;
}
