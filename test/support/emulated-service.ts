import { startEmulator, type RunningEmulator } from '../../emulator/index.ts';
import type { ApiVersion } from '../../src-shared/api-version.ts';
import { openDatabase, type TillDatabase } from '../../src-main/db/index.ts';
import { pullCatalog, type PullOptions } from '../../src-main/sync/index.ts';
import { ServiceClient } from '../../src-main/upstream/index.ts';
import { tempDir } from './temp-dir.ts';

/** Retries kept short so that a test of a failing page does not wait seconds. */
export const FAST_RETRY = { attempts: 2, baseDelayMs: 1, maxDelayMs: 5 };

/** An emulator on a free loopback port, a temp folder for databases, and a pull helper. */
export async function emulatedService(options: Parameters<typeof startEmulator>[0] = {}) {
  const emulator: RunningEmulator = await startEmulator({ port: 0, ...options });
  const dir = tempDir('till-it-');
  const dbs: TillDatabase[] = [];
  const client = (apiVersion?: ApiVersion, token = emulator.token) =>
    new ServiceClient({ baseUrl: emulator.baseUrl, token, timeoutMs: 5_000, ...(apiVersion ? { apiVersion } : {}) });
  return {
    emulator,
    dir,
    client,
    open(name = 'till.db'): TillDatabase {
      const db = openDatabase(dir.file(name));
      dbs.push(db);
      return db;
    },
    pull(db: TillDatabase, extra: Partial<PullOptions> & { apiVersion?: ApiVersion } = {}) {
      const { apiVersion, ...rest } = extra;
      return pullCatalog({ client: client(apiVersion), db, retry: FAST_RETRY, ...rest });
    },
    /** The arguments of `pos sync` on the database file `db` against this emulator (its market and branch), then `extra`. */
    syncArgs(db: string, timeoutMs: number, ...extra: string[]): string[] {
      const { baseUrl, token, marketId, branchId } = emulator;
      return [
        'sync',
        '--db',
        db,
        '--base-url',
        baseUrl,
        '--token',
        token,
        '--market-id',
        marketId,
        '--branch-id',
        branchId,
        '--timeout-ms',
        String(timeoutMs),
        ...extra,
      ];
    },
    async close() {
      for (const db of dbs) if (db.open) db.close();
      await emulator.close();
      dir.cleanup();
    },
  };
}

export type EmulatedService = Awaited<ReturnType<typeof emulatedService>>;
