import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TillError } from '../../../src-shared/errors/index.ts';
import { commitInGroups, fdatasyncByPath, WalDurability, type TillDatabase } from '../../../src-main/db/index.ts';
import { tempDir } from '../../support/temp-dir.ts';

// Issue 37, group commit: the barrier a hub's answers, events and sends wait
// on before anyone outside the process hears of a commit. The sync is
// injected so the test holds each one open and lets it go: no timing.

/** A sync function whose calls wait until the test settles them, in order. */
function heldSyncs() {
  const calls: { path: string; release: () => void; fail: (error: Error) => void }[] = [];
  const sync = (path: string) =>
    new Promise<void>((release, fail) => {
      calls.push({ path, release, fail });
    });
  return { calls, sync };
}

/** Whether `promise` has settled, once the promises already due have run (no clock involved). */
async function settled(promise: Promise<unknown>): Promise<'resolved' | 'rejected' | 'pending'> {
  let state: 'resolved' | 'rejected' | 'pending' = 'pending';
  promise.then(
    () => (state = 'resolved'),
    () => (state = 'rejected'),
  );
  for (let turn = 0; turn < 5; turn++) await new Promise((next) => setImmediate(next));
  return state;
}

let dir: ReturnType<typeof tempDir>;
let db: TillDatabase;
let n = 0;
const commit = () => db.prepare('INSERT INTO line (n) VALUES (?)').run(++n);

beforeEach(() => {
  dir = tempDir('till-durable-');
  db = new Database(dir.file('till.db'));
  db.pragma('journal_mode = WAL');
  db.exec('CREATE TABLE line (n INTEGER)');
});
afterEach(() => {
  db.close();
  dir.cleanup();
});

describe('WalDurability', () => {
  it('syncs the -wal beside the database file, by path', async () => {
    const { calls, sync } = heldSyncs();
    const durability = new WalDurability(db, sync);
    commit();
    const done = durability.durable();
    expect(calls.map((c) => c.path)).toEqual([`${db.name}-wal`]);
    calls[0]!.release();
    await expect(done).resolves.toBeUndefined();
  });

  it('a caller arriving while a sync is in flight waits for the next sync, not the one under way', async () => {
    const { calls, sync } = heldSyncs();
    const durability = new WalDurability(db, sync);
    commit();
    const first = durability.durable();
    commit(); // committed after the first sync was asked for: it may not be in the pages it flushes
    const second = durability.durable();
    expect(calls).toHaveLength(1);
    calls[0]!.release();
    expect(await settled(first)).toBe('resolved');
    expect(await settled(second)).toBe('pending');
    expect(calls).toHaveLength(2);
    calls[1]!.release();
    expect(await settled(second)).toBe('resolved');
  });

  it('every caller arriving during one sync shares exactly one further sync', async () => {
    const { calls, sync } = heldSyncs();
    const durability = new WalDurability(db, sync);
    commit();
    const first = durability.durable();
    const waiting = Array.from({ length: 6 }, () => {
      commit();
      return durability.durable();
    });
    calls[0]!.release();
    await settled(first);
    expect(calls).toHaveLength(2);
    expect(await settled(Promise.all(waiting))).toBe('pending');
    calls[1]!.release();
    expect(await settled(Promise.all(waiting))).toBe('resolved');
    expect(calls).toHaveLength(2);
  });

  it('nothing committed since the last sync: resolves without one, and says nothing is pending', async () => {
    const { calls, sync } = heldSyncs();
    const durability = new WalDurability(db, sync);
    commit();
    expect(durability.pending()).toBe(true);
    const done = durability.durable();
    calls[0]!.release();
    await done;
    expect(durability.pending()).toBe(false);
    db.prepare('SELECT count(*) FROM line').get(); // a read commits nothing
    await durability.durable();
    expect(calls).toHaveLength(1);
  });

  it('a call with no new commit during a sync shares that sync', async () => {
    const { calls, sync } = heldSyncs();
    const durability = new WalDurability(db, sync);
    commit();
    const first = durability.durable();
    const again = durability.durable();
    calls[0]!.release();
    expect(await settled(Promise.all([first, again]))).toBe('resolved');
    expect(calls).toHaveLength(1);
  });

  it('called inside a transaction: waits until it ends, then syncs what it committed', async () => {
    const { calls, sync } = heldSyncs();
    const durability = new WalDurability(db, sync);
    db.exec('BEGIN IMMEDIATE');
    commit();
    const done = durability.durable();
    expect(await settled(done)).toBe('pending');
    expect(calls).toHaveLength(0);
    db.exec('COMMIT');
    for (let turn = 0; turn < 3 && calls.length === 0; turn++) await new Promise((next) => setImmediate(next));
    expect(calls).toHaveLength(1);
    calls[0]!.release();
    expect(await settled(done)).toBe('resolved');
  });

  it('a failed sync rejects every caller waiting on it with words for the cashier, and the next call syncs again', async () => {
    const { calls, sync } = heldSyncs();
    const durability = new WalDurability(db, sync);
    commit();
    const first = durability.durable();
    const sharing = durability.durable();
    calls[0]!.fail(Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' }));
    for (const waiting of [first, sharing]) {
      const error = await waiting.then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(TillError);
      expect(error).toMatchObject({ code: 'not_durable', reason: { code: 'hub.notDurable' } });
    }
    expect(durability.pending()).toBe(true);
    const retry = durability.durable();
    expect(calls).toHaveLength(2);
    calls[1]!.release();
    await expect(retry).resolves.toBeUndefined();
  });

  it('a failure of the sync in flight still gives the callers queued behind it their own sync', async () => {
    const { calls, sync } = heldSyncs();
    const durability = new WalDurability(db, sync);
    commit();
    const first = durability.durable();
    commit();
    const next = durability.durable();
    calls[0]!.fail(new Error('EIO'));
    await expect(first).rejects.toBeInstanceOf(TillError);
    expect(calls).toHaveLength(2);
    calls[1]!.release();
    await expect(next).resolves.toBeUndefined();
  });

  it('an in-memory database resolves at once and never syncs', async () => {
    const { calls, sync } = heldSyncs();
    const memory = new Database(':memory:');
    memory.exec('CREATE TABLE t (n INTEGER); INSERT INTO t VALUES (1)');
    const durability = commitInGroups(memory, sync);
    expect(await settled(durability.durable())).toBe('resolved');
    expect(durability.pending()).toBe(false);
    expect(calls).toHaveLength(0);
    memory.close();
  });

  it('the real sync: fdatasyncs an existing -wal, and a missing one (ENOENT) resolves at once', async () => {
    const durability = commitInGroups(db);
    expect(db.pragma('synchronous', { simple: true })).toBe(1); // NORMAL
    commit();
    await durability.durable();
    expect(durability.pending()).toBe(false);
    await expect(fdatasyncByPath(dir.file('no-such.db-wal'))).rejects.toMatchObject({ code: 'ENOENT' });
    // A file in rollback-journal mode has no -wal at all.
    const plain = new Database(dir.file('plain.db'));
    plain.exec('CREATE TABLE t (n INTEGER); INSERT INTO t VALUES (1)');
    await expect(new WalDurability(plain).durable()).resolves.toBeUndefined();
    plain.close();
  });
});
