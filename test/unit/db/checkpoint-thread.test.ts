import { existsSync, readdirSync, readlinkSync, renameSync, statSync } from 'node:fs';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { checkpointSoon, deferCheckpoints } from '../../../src-main/db/index.ts';
import { rememberNativeBinding } from '../../../src-main/db/checkpoint.ts';
import { tempDir } from '../../support/temp-dir.ts';

// The WAL checkpoint after a sale runs on a thread of its own (issue 37): the
// pages reach the database file while the host's connection does nothing.
describe('checkpointSoon', () => {
  const dir = tempDir('till-checkpoint-');
  afterAll(() => dir.cleanup());

  const walDatabase = (name: string) => {
    const db = new Database(dir.file(name));
    db.pragma('journal_mode = WAL');
    deferCheckpoints(db);
    db.exec('CREATE TABLE sale (id INTEGER PRIMARY KEY, note TEXT)');
    const insert = db.prepare('INSERT INTO sale (note) VALUES (?)');
    db.transaction(() => {
      for (let i = 0; i < 2000; i++) insert.run(`sale ${i} `.repeat(20));
    })();
    return db;
  };

  it('copies the WAL into the database file, on another connection', async () => {
    const db = walDatabase('till.db');
    const before = statSync(dir.file('till.db')).size;
    // The host's connection itself is never asked to checkpoint (its fallback when the thread cannot).
    const ownCheckpoints = vi.spyOn(db, 'pragma');
    const pending = checkpointSoon(db);
    // A second request in the same turn joins the first.
    await Promise.all([pending, checkpointSoon(db)]);
    expect(ownCheckpoints).not.toHaveBeenCalled();
    ownCheckpoints.mockRestore();
    expect(statSync(dir.file('till.db')).size).toBeGreaterThan(before + 100_000);
    // Everything was copied: the next checkpoint of this connection finds nothing left.
    const [after] = db.pragma('wal_checkpoint(PASSIVE)') as { log: number; checkpointed: number }[];
    expect(after!.checkpointed).toBe(after!.log);
    expect(db.prepare('SELECT count(*) AS n FROM sale').get()).toEqual({ n: 2000 });
    db.close();
  });

  // Linux: which of this process's file descriptors (any thread's) point at `file`.
  const handlesOn = (file: string) =>
    readdirSync('/proc/self/fd').filter((fd) => {
      try {
        return readlinkSync(`/proc/self/fd/${fd}`) === file;
      } catch {
        return false;
      }
    }).length;

  it.runIf(process.platform === 'linux')('keeps its connection between checkpoints and lets go of the file before the connection closes', async () => {
    const db = walDatabase('kept.db');
    const file = dir.file('kept.db');
    expect(handlesOn(file)).toBe(1);
    await checkpointSoon(db);
    // The thread's connection stays open for the next sale's checkpoint (no schema read again each time).
    expect(handlesOn(file)).toBe(2);
    db.prepare('INSERT INTO sale (note) VALUES (?)').run('one more');
    await checkpointSoon(db);
    expect(handlesOn(file)).toBe(2);
    db.close();
    // The close waited for the thread to let go: the host's was the last handle, so SQLite removed the WAL.
    expect(handlesOn(file)).toBe(0);
    expect(existsSync(`${file}-wal`)).toBe(false);
    // Opened again, the file has every sale.
    const again = new Database(file, { readonly: true });
    expect(again.prepare('SELECT count(*) AS n FROM sale').get()).toEqual({ n: 2001 });
    again.close();
  });

  it('opens a file replaced under the same name again, never checkpointing the old one in its place', async () => {
    const old = walDatabase('replaced.db');
    await checkpointSoon(old);
    // Another file renamed in under that name (as a standby's snapshot is) while the old connection is still open.
    const fresh = walDatabase('fresh.db');
    fresh.close();
    renameSync(dir.file('fresh.db'), dir.file('replaced.db'));
    const db = new Database(dir.file('replaced.db'));
    deferCheckpoints(db);
    const before = statSync(dir.file('replaced.db')).size;
    db.transaction(() => {
      for (let i = 0; i < 2000; i++) db.prepare('INSERT INTO sale (note) VALUES (?)').run(`later ${i} `.repeat(20));
    })();
    await checkpointSoon(db);
    expect(statSync(dir.file('replaced.db')).size).toBeGreaterThan(before + 100_000);
    db.close();
    old.close();
  });

  it('checkpoints on the connection itself when the thread cannot open the file', async () => {
    const db = walDatabase('unopenable.db');
    // A driver binding the thread cannot load: its checkpoint fails, and the connection does the work.
    rememberNativeBinding(db, dir.file('no-such-binding.node'));
    const before = statSync(dir.file('unopenable.db')).size;
    await checkpointSoon(db);
    expect(statSync(dir.file('unopenable.db')).size).toBeGreaterThan(before + 100_000);
    db.close();
  });

  it('checkpoints a database in memory on its own connection', async () => {
    const db = new Database(':memory:');
    db.exec('CREATE TABLE t (x)');
    await expect(checkpointSoon(db)).resolves.toBeUndefined();
    db.close();
  });

  it('does nothing for a connection closed before its turn', async () => {
    const db = walDatabase('closed.db');
    const pending = checkpointSoon(db);
    db.close();
    await expect(pending).resolves.toBeUndefined();
  });
});
