import { close, closeSync, fdatasync, fsyncSync, open, openSync } from 'node:fs';
import { dirname } from 'node:path';
import { TillError } from '../../src-shared/errors/index.ts';
import type { TillDatabase } from './open-database.ts';

/** Makes a file's written pages durable (the `-wal` file, by path); rejects with `code: 'ENOENT'` when it does not exist. */
export type SyncFile = (path: string) => Promise<void>;

/**
 * Opens the file by path each time (SQLite may delete the `-wal` and make it
 * again), fdatasyncs it and closes it, on libuv's threadpool: the event loop
 * never waits for the disk. On Linux an fsync through any descriptor of a
 * file flushes that file's dirty pages, SQLite's own writes included.
 */
export const fdatasyncByPath: SyncFile = (path) =>
  new Promise((done, fail) => {
    open(path, 'r+', (opened, fd) => {
      if (opened) return fail(opened);
      fdatasync(fd, (synced) => close(fd, () => (synced ? fail(synced) : done())));
    });
  });

/** Resolves once `db` has no open transaction (better-sqlite3's are synchronous: the next turn at the latest). */
export async function afterTransaction(db: TillDatabase): Promise<void> {
  while (db.inTransaction) await new Promise<void>((next) => setImmediate(next));
}

/** What waits on a connection's commits being on disk (the hub's answers, events and sends). */
export interface DurabilityBarrier {
  durable(): Promise<void>;
  pending(): boolean;
}

interface Sync {
  /** The connection's change count when this sync was asked for: every commit up to it is in the pages it flushes. */
  changes: number;
  done: Promise<void>;
}

/**
 * Group commit (issue 37, "the rush"): the hub's till connection commits at
 * `synchronous = NORMAL` (in WAL mode SQLite does not fsync at commit), and
 * whatever tells anyone outside the process of a commit (a screen's answer,
 * an event, an upload, a ZATCA report, a print, the standby's stream) first
 * awaits `durable()`, which fdatasyncs the `-wal` off the event loop. One sync
 * serves every commit made before it started, so eight stations' taps share
 * one disk sync instead of queueing behind eight.
 *
 * Which commits a sync covers is told by the connection's change count
 * (SQLite's total_changes(): rows written by this connection, triggers
 * included): a call that finds it where the last completed sync found it has
 * nothing to wait for (a read, a refused call).
 */
export class WalDurability implements DurabilityBarrier {
  private readonly walFile: string;
  private readonly totalChanges;
  /** The change count the last successful sync covered (null: none yet). */
  private synced: number | null = null;
  private inFlight: Sync | null = null;
  /** The one sync after the one in flight, shared by everyone who arrives meanwhile. */
  private next: Promise<void> | null = null;

  constructor(
    private readonly db: TillDatabase,
    private readonly sync: SyncFile = fdatasyncByPath,
  ) {
    this.walFile = `${db.name}-wal`;
    this.totalChanges = db.prepare('SELECT total_changes()').pluck();
  }

  /** Something committed on this connection may not be on disk yet (an open transaction counts): `durable()` would wait. */
  pending(): boolean {
    if (this.db.memory || !this.db.open) return false;
    return this.db.inTransaction || this.totalChanges.get() !== this.synced;
  }

  /**
   * Resolves once every commit made on this connection before the call is on
   * disk; rejects with a TillError (`not_durable`) when the disk would not
   * confirm it. Called inside a transaction: waits for it to end first (what
   * it commits is then covered too).
   */
  async durable(): Promise<void> {
    if (this.db.memory || !this.db.open) return;
    if (this.db.inTransaction) await afterTransaction(this.db);
    const changes = this.totalChanges.get() as number;
    if (changes === this.synced) return;
    const running = this.inFlight;
    // Nothing committed since the sync under way was asked for: it covers this call.
    if (running && running.changes === changes) return running.done;
    // It may have started before this call's commit: the next one, shared by all who arrive meanwhile.
    if (running) return (this.next ??= running.done.then(this.startNext, this.startNext));
    return this.start().done;
  }

  private readonly startNext = (): Promise<void> => {
    this.next = null;
    return this.start().done;
  };

  private start(): Sync {
    const changes = this.totalChanges.get() as number;
    const done = this.sync(this.walFile).then(
      () => {
        this.settled(sync);
        if (this.synced === null || changes > this.synced) this.synced = changes;
      },
      (error: NodeJS.ErrnoException) => {
        this.settled(sync);
        // No -wal: SQLite removed it after a checkpoint copied it into the synced database file; nothing is left to sync.
        if (error?.code === 'ENOENT') return;
        throw new TillError('not_durable', `the till could not confirm the write to disk (${error?.message ?? String(error)})`, {
          code: 'hub.notDurable',
        });
      },
    );
    const sync: Sync = { changes, done };
    this.inFlight = sync;
    return sync;
  }

  private settled(sync: Sync): void {
    if (this.inFlight === sync) this.inFlight = null;
  }
}

/**
 * The hub's own till connection commits in groups: `synchronous = NORMAL`
 * from now on, and the barrier every answer, event and send waits on. Only
 * the composition roots call this (the CLI's other connections and tests that
 * do not opt in stay at FULL, synced at each commit).
 */
export function commitInGroups(db: TillDatabase, sync?: SyncFile): WalDurability {
  if (!db.memory) {
    db.pragma('synchronous = NORMAL');
    // At FULL, SQLite syncs the folder at a new -wal's first synced commit (its name in the folder survives a power cut);
    // at NORMAL it never does. The -wal exists now (the connection has read in WAL mode) and lives while it is open: once, here.
    syncFolder(dirname(db.name));
  }
  return new WalDurability(db, sync);
}

/** fsync of a folder (its entries); a system that cannot open one (Windows) makes names durable without it. */
function syncFolder(folder: string): void {
  let fd: number | null = null;
  try {
    fd = openSync(folder, 'r');
    fsyncSync(fd);
  } catch {
    // EISDIR/EPERM where folders cannot be opened or synced: nothing more to do there.
  } finally {
    if (fd !== null) closeSync(fd);
  }
}
