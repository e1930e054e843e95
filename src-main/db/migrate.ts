import type Database from 'better-sqlite3';
import { forgetTableVersions } from './table-version.ts';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

const FILE = /^(\d{4})_([a-z0-9_]+)\.sql$/;

/** The numbered SQL files of a folder, in order; a misnamed file is an error, not skipped. */
export function readMigrations(dir: string): Migration[] {
  const migrations = readdirSync(dir)
    .filter((name) => name.endsWith('.sql'))
    .map((name) => {
      const match = FILE.exec(name);
      if (!match) throw new Error(`migration file "${join(dir, name)}" must be named NNNN_snake_case.sql`);
      return { version: Number(match[1]), name, sql: readFileSync(join(dir, name), 'utf8') };
    })
    .sort((a, b) => a.version - b.version);
  migrations.forEach((migration, index) => {
    if (migration.version !== index + 1) {
      throw new Error(`migrations in ${dir} must be numbered 0001, 0002, … without gaps; found ${migration.name} at position ${index + 1}`);
    }
  });
  return migrations;
}

export class NewerDatabaseError extends Error {
  constructor(file: string, applied: number, known: number) {
    super(
      `the database ${file} was written by a newer version of Till (schema ${applied}, this version knows ${known}); ` +
        'update Till, or point it at another database file. Nothing was changed.',
    );
  }
}

/**
 * The migrations already applied to `db`, refusing a database whose applied
 * list is not a prefix of ours (written by a newer or a different build), as
 * Actual Budget does.
 */
export function appliedMigrations(db: Database.Database, migrations: Migration[]): number {
  const hasTable = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'").get();
  if (!hasTable) return 0;
  const applied = db.prepare('SELECT version, name FROM schema_migrations ORDER BY version').all() as { version: number; name: string }[];
  const newest = applied.at(-1)?.version ?? 0;
  if (newest > migrations.length) throw new NewerDatabaseError(db.name, newest, migrations.length);
  applied.forEach((row, index) => {
    const ours = migrations[index];
    if (!ours || ours.version !== row.version || ours.name !== row.name) {
      throw new Error(
        `the database ${db.name} has migration ${row.version} "${row.name}" where this build has "${ours?.name ?? 'nothing'}"; ` +
          'it was made by a different build of Till. Nothing was changed.',
      );
    }
  });
  return applied.length;
}

/**
 * A migration's first line saying so: it makes a table others reference again (create, copy, drop, rename), which
 * SQLite allows only with foreign keys off (the drop would delete the rows they reference). Every reference is
 * checked before that migration commits, as SQLite's own procedure for changing a table does.
 */
const FOREIGN_KEYS_OFF = '-- migrate: foreign keys off';

/** Applies what is missing, each migration in its own transaction with its record, so a crash leaves a whole version. */
export function applyMigrations(db: Database.Database, migrations: Migration[]): number[] {
  const already = appliedMigrations(db, migrations);
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)');
  const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
  const done: number[] = [];
  for (const migration of migrations.slice(already)) {
    // foreign_keys cannot change inside a transaction: turned off around this one, and back on whatever happens.
    const keysOff = migration.sql.startsWith(FOREIGN_KEYS_OFF) && db.pragma('foreign_keys', { simple: true }) === 1;
    if (keysOff) db.pragma('foreign_keys = OFF');
    try {
      db.transaction(() => {
        // A reference already broken before (none should be) is not this migration's to refuse: only new ones are.
        const brokenBefore = keysOff ? brokenReferences(db) : 0;
        db.exec(migration.sql);
        const broken = keysOff ? brokenReferences(db) : 0;
        if (broken > brokenBefore) throw new Error(`migration ${migration.name} would leave ${broken - brokenBefore} rows without the row they reference`);
        record.run(migration.version, migration.name, Date.now());
      }).immediate();
    } finally {
      if (keysOff) db.pragma('foreign_keys = ON');
      // A migration may make a table again (and drop the triggers that watch it for caches): every cache reads anew.
      forgetTableVersions(db);
    }
    done.push(migration.version);
  }
  return done;
}

function brokenReferences(db: Database.Database): number {
  return (db.pragma('foreign_key_check') as unknown[]).length;
}
