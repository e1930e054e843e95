export { openDatabase, setOpenDefaults, DEFAULT_MIGRATIONS_DIR, type OpenOptions, type TillDatabase } from './open-database.ts';
export { appliedMigrations, applyMigrations, readMigrations, NewerDatabaseError, type Migration } from './migrate.ts';
export { q, all, first, run, statement, param, positional, jsonList, prepared, perConnection, type PreparedQuery } from './query.ts';
export { TABLE_COLUMNS, type TillSchema } from './schema.ts';
export { checkpointSoon, deferCheckpoints } from './checkpoint.ts';
export { afterTransaction, commitInGroups, fdatasyncByPath, WalDurability, type DurabilityBarrier, type SyncFile } from './wal-durability.ts';
export { dataVersion } from './data-version.ts';
export { tableVersion, forgetTableVersions } from './table-version.ts';
export {
  GENERATION_COLUMN,
  indexRows,
  parentSeqOf,
  pinGenerations,
  pinnedGenerations,
  pinnedVersion,
  registerGenerationalTables,
  searchIndexDelete,
  searchIndexInsert,
  searchIndexOf,
  vacuum,
  type GenerationalTable,
  type SearchIndex,
} from './generations.ts';
export { setAsideFilesOf } from './set-aside-files.ts';
export { timeOrderedUuid } from './time-ordered-uuid.ts';
