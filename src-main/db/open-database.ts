import Database from 'better-sqlite3';
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rememberNativeBinding } from './checkpoint.ts';
import { convertToGenerations, installPinnedViews } from './generations.ts';
import { appliedMigrations, applyMigrations, readMigrations } from './migrate.ts';

export type TillDatabase = Database.Database;

export interface OpenOptions {
  /** Where the numbered SQL files are; the repository's `migrations/` by default. */
  migrationsDir?: string;
  /** Open an existing database without creating or migrating it (`pos catalog`, `pos search`). */
  readOnly?: boolean;
  /** For the Electron build, which loads an Electron-ABI copy of the addon. */
  nativeBinding?: string;
}

export const DEFAULT_MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations/', import.meta.url));

/** This process's defaults for every open that names none (the Electron app's SQLite build and migrations: the standby opens files too). */
let processDefaults: Pick<OpenOptions, 'migrationsDir' | 'nativeBinding'> = {};

/** Set once by a root whose SQLite or migrations are not Node's defaults (the Electron main process). */
export function setOpenDefaults(defaults: Pick<OpenOptions, 'migrationsDir' | 'nativeBinding'>): void {
  processDefaults = { ...defaults };
}

/**
 * Opens the till's SQLite file with the pragmas every write relies on:
 * WAL so the UI reads while a pull or an upload writes, `synchronous=FULL`
 * so a commit the cashier was told about survives a power cut, and a busy
 * timeout so two processes (the app and `pos sync`) wait instead of failing.
 */
export function openDatabase(file: string, asked: OpenOptions = {}): TillDatabase {
  const options: OpenOptions = { ...processDefaults, ...asked };
  if (options.readOnly && !existsSync(file)) {
    throw new Error(`no database at ${file}; run "pos sync --db ${file} ..." first to create the replica`);
  }
  // Orders, customers and the session live here: a folder this program makes is the user's alone.
  if (!options.readOnly) mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const db = new Database(file, {
    readonly: options.readOnly ?? false,
    ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}),
  });
  if (options.nativeBinding) rememberNativeBinding(db, options.nativeBinding);
  try {
    db.pragma('busy_timeout = 5000');
    // Statement journals in memory, not files (issue 37): a statement that writes many rows inside a
    // transaction (a pull's 128-row INSERTs) keeps the pages it changes, for undoing it alone, in a
    // journal that SQLite spills to a temporary file past 64 KiB: a 100,000-product pull opened,
    // wrote and deleted about a thousand of them in /var/tmp, page images of the replica. Set before
    // anything temporary exists: changing it later drops the connection's temporary views and triggers
    // (the pinned views, a standby's write fence). The one plain VACUUM (a secret an older till kept in
    // the database, moved out once: settings-store.ts) then builds its copy in memory, once.
    db.pragma('temp_store = MEMORY');
    const migrations = readMigrations(options.migrationsDir ?? DEFAULT_MIGRATIONS_DIR);
    if (options.readOnly) {
      if (appliedMigrations(db, migrations) < migrations.length) {
        throw new Error(`the database ${file} is from an older version of Till; run "pos sync --db ${file} ..." once to upgrade it`);
      }
    } else {
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = FULL');
      db.pragma('foreign_keys = ON');
      // 64 MB of page cache: a 100,000-product catalog's indexes fit while the till reads it.
      db.pragma('cache_size = -65536');
      applyMigrations(db, migrations);
      convertToGenerations(db);
      restrictFiles(file);
    }
    // Every read of a replica table on this connection sees its pinned generation only (generations.ts).
    installPinnedViews(db);
    return db;
  } catch (error) {
    db.close();
    if ((error as { code?: string }).code === 'SQLITE_NOTADB') {
      throw new Error(
        `${file} is not a Till database (SQLite says: ${(error as Error).message}); point --db at the till's database, or at a new file to start one`,
        { cause: error },
      );
    }
    throw error;
  }
}

/** The database, its WAL and shared-memory files: readable and writable by this user only (0600), whatever the umask. */
function restrictFiles(file: string): void {
  for (const path of [file, `${file}-wal`, `${file}-shm`]) {
    try {
      if (existsSync(path)) chmodSync(path, 0o600);
    } catch {
      // A file system without modes (FAT, some mounts): nothing to tighten.
    }
  }
}
