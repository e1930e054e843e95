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
 * other station's call and the printing behind it). The thread keeps its
 * connection open between checkpoints: opening the file for each one made
 * SQLite read the whole schema again after every sale, about half a
 * millisecond of the other core a sale (docs/performance.md). It lets go of
 * it before the connection it serves closes (`releaseOnClose`), so no handle
 * outlives the host's own and the last close still removes the WAL. Plain
 * JavaScript evaluated in the thread: nothing to build or find beside the
 * bundle; the driver is the host's own, by its resolved path.
 */
const CHECKPOINT_THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const { statSync } = require('node:fs');
const Database = require(workerData.driver);
const connections = new Map();
const closeConnection = (file) => {
  const kept = connections.get(file);
  connections.delete(file);
  try {
    if (kept) kept.db.close();
  } catch {}
};
parentPort.on('message', ({ file, nativeBinding, release }) => {
  if (release) {
    closeConnection(file);
    Atomics.store(release, 0, 1);
    Atomics.notify(release, 0);
    return;
  }
  let error = null;
  try {
    // A file replaced under the same name (a standby's snapshot renamed in) is a new file: open it again.
    const inode = statSync(file).ino;
    let kept = connections.get(file);
    if (kept && kept.inode !== inode) closeConnection(file);
    kept = connections.get(file);
    if (!kept) {
      kept = { db: new Database(file, nativeBinding ? { fileMustExist: true, nativeBinding } : { fileMustExist: true }), inode };
      connections.set(file, kept);
    }
    kept.db.pragma('wal_checkpoint(PASSIVE)');
  } catch (caught) {
    closeConnection(file);
    error = String((caught && caught.message) || caught);
  }
  parentPort.postMessage({ file, error });
});
`;

/** How long a closing connection waits for the thread to let go of its file: a checkpoint under way ends first. */
const RELEASE_WAIT_MS = 5000;

interface Waiting {
  db: Database.Database;
  done: (() => void)[];
}

interface CheckpointThread {
  worker: Worker;
  waiting: Map<string, Waiting>;
  /** The files the thread may hold open (it was asked to checkpoint them since their last release). */
  holding: Set<string>;
}

/** The driver's native binding a connection was opened with (Electron's own build), for the thread to open the file with the same. */
const nativeBindings = new WeakMap<Database.Database, string>();

/** Called by openDatabase for a connection opened with a binding of its own (the Electron app). */
export function rememberNativeBinding(db: Database.Database, nativeBinding: string): void {
  nativeBindings.set(db, nativeBinding);
}

/**
 * PASSIVE never waits for readers; whatever it cannot copy now is copied next time.
 * A checkpoint never carries an unsynced commit into the database file: SQLite
 * syncs the WAL before it copies a frame (walCheckpoint in sqlite3.c, "Sync the
 * WAL to disk", with the checkpoint's sync flags, which every level but OFF
 * sets: sqlite3PagerSetFlags), whatever the writer's own `synchronous`. So the
 * hub's group commit (wal-durability.ts, NORMAL) and a checkpoint on the
 * thread or here keep every synced commit and never half of one.
 */
function checkpointHere(db: Database.Database): void {
  if (db.open) db.pragma('wal_checkpoint(PASSIVE)');
}

let thread: CheckpointThread | null | undefined;

function checkpointThread(): CheckpointThread | null {
  if (thread !== undefined) return thread;
  try {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    const worker = new Worker(CHECKPOINT_THREAD, { eval: true, workerData: { driver } });
    worker.unref();
    const started: CheckpointThread = { worker, waiting: new Map(), holding: new Set() };
    worker.on('message', ({ file, error }: { file: string; error: string | null }) => {
      const waiting = started.waiting.get(file);
      started.waiting.delete(file);
      if (started.waiting.size === 0) worker.unref();
      if (!waiting) return;
      // The thread could not open or checkpoint the file: the connection does it, so the WAL never grows unchecked.
      if (error !== null) checkpointHere(waiting.db);
      for (const resolve of waiting.done) resolve();
    });
    const fail = () => {
      // The thread is gone: this and later checkpoints run on the connection itself, as before.
      thread = null;
      for (const waiting of started.waiting.values()) {
        checkpointHere(waiting.db);
        for (const resolve of waiting.done) resolve();
      }
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
        checkpointHere(db);
        return resolve();
      }
      const waiting = worker.waiting.get(db.name);
      if (waiting) return void waiting.done.push(resolve);
      worker.waiting.set(db.name, { db, done: [resolve] });
      worker.holding.add(db.name);
      releaseOnClose(db);
      worker.worker.ref();
      worker.worker.postMessage({ file: db.name, nativeBinding: nativeBindings.get(db) ?? null });
    });
  });
}

const releasing = new WeakSet<Database.Database>();

/**
 * Before `db` closes, the thread closes its own connection to the same file
 * and says so: the close then finds no other handle, so SQLite checkpoints
 * and removes the WAL as it always did, and a folder removed right after
 * holds no file the thread still has open. The wait blocks this thread for
 * at most one checkpoint; a connection closes once.
 */
function releaseOnClose(db: Database.Database): void {
  if (releasing.has(db)) return;
  releasing.add(db);
  const close = db.close.bind(db);
  db.close = () => {
    releaseThreadConnection(db.name);
    return close();
  };
}

function releaseThreadConnection(file: string): void {
  const started = thread;
  if (!started || !started.holding.delete(file)) return;
  const released = new Int32Array(new SharedArrayBuffer(4));
  started.worker.postMessage({ file, release: released });
  Atomics.wait(released, 0, 0, RELEASE_WAIT_MS);
}
