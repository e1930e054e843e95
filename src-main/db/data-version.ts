import type { TillDatabase } from './open-database.ts';

/**
 * SQLite's `PRAGMA data_version` on this connection: it changes when
 * another connection (another process: `pos stations remove` beside a
 * running `pos serve`) commits to the file, and never for this one's own
 * writes. Cheap enough to ask on a slow poll: it reads no table.
 */
export function dataVersion(db: TillDatabase): number {
  return db.pragma('data_version', { simple: true }) as number;
}
