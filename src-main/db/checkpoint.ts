import type Database from 'better-sqlite3';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

const scheduled = new WeakSet<Database.Database>();

/**
 * Moves WAL checkpoints off the commit path of a connection that commits
 * sales: SQLite's automatic checkpoint runs inside whichever commit crosses
 * the threshold, so one checkout in a hundred paid for copying the whole WAL
 * into the database. Here the connection never checkpoints inside a commit;
 * `checkpointSoon` runs a PASSIVE checkpoint right after, once the cashier
 * has heard "paid". Other connections (the CLI) keep SQLite's default.
 */
export function deferCheckpoints(db: Database.Database): void {
  db.pragma('wal_autocheckpoint = 0');
}

/**
 * The checkpoint runs on a thread of its own, over a connection of its own
 * to the same file (issue 37): copying the WAL and syncing the database was
 * the longest thing a sale left on the host's event loop (it held every
 * other station's call and the printing behind it). The thread opens the
 * file for each checkpoint and closes it after, so no handle outlives the
 * host's own. Plain JavaScript evaluated in the thread: nothing to build or
 * find beside the bundle; the driver is the host's own, by its resolved path.
 */
const CHECKPOINT_THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
parentPort.on('message', ({ file }) => {
  let error = null;
  try {
    const db = new Database(file, { fileMustExist: true });
    try {
      db.pragma('wal_checkpoint(PASSIVE)');
    } finally {
      db.close();
    }
  } catch (caught) {
    error = String((caught && caught.message) || caught);
  }
  parentPort.postMessage({ file, error });
});
`;

interface CheckpointThread {
  worker: Worker;
  waiting: Map<string, (() => void)[]>;
}

let thread: CheckpointThread | null | undefined;

function checkpointThread(): CheckpointThread | null {
  if (thread !== undefined) return thread;
  try {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    const worker = new Worker(CHECKPOINT_THREAD, { eval: true, workerData: { driver } });
    worker.unref();
    const started: CheckpointThread = { worker, waiting: new Map() };
    worker.on('message', ({ file }: { file: string; error: string | null }) => {
      // A checkpoint that could not run now (the file busy, gone) is simply the next one's work.
      const done = started.waiting.get(file) ?? [];
      started.waiting.delete(file);
      if (started.waiting.size === 0) worker.unref();
      for (const resolve of done) resolve();
    });
    const fail = () => {
      // The thread is gone: later checkpoints run on the connection itself, as before.
      thread = null;
      for (const done of started.waiting.values()) for (const resolve of done) resolve();
      started.waiting.clear();
    };
    worker.on('error', fail);
    worker.on('exit', fail);
    thread = started;
  } catch {
    thread = null;
  }
  return thread;
}

/**
 * A PASSIVE checkpoint of `db`'s WAL soon, once per turn of the event loop
 * however many commits asked: on the checkpoint thread for a database file,
 * on the connection itself for one in memory or when the thread cannot run.
 * Resolves once it ran (tests; callers need not wait).
 */
export function checkpointSoon(db: Database.Database): Promise<void> {
  if (scheduled.has(db)) return Promise.resolve();
  scheduled.add(db);
  return new Promise<void>((resolve) => {
    setImmediate(() => {
      scheduled.delete(db);
      if (!db.open) return resolve();
      const worker = db.memory ? null : checkpointThread();
      if (!worker) {
        // PASSIVE never waits for readers; whatever it cannot copy now is copied next time.
        db.pragma('wal_checkpoint(PASSIVE)');
        return resolve();
      }
      const waiting = worker.waiting.get(db.name);
      if (waiting) return void waiting.push(resolve);
      worker.waiting.set(db.name, [resolve]);
      worker.worker.ref();
      worker.worker.postMessage({ file: db.name });
    });
  });
}
