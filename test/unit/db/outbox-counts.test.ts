import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src-main/db/index.ts';
import { outboxCounts } from '../../../src-main/orders/index.ts';
import { tempDir } from '../../support/temp-dir.ts';

const dirs: ReturnType<typeof tempDir>[] = [];
afterEach(() => dirs.splice(0).forEach((d) => d.cleanup()));

describe('outbox counts', () => {
  it('follow every insert, state change and delete, as a full count would', () => {
    const dir = tempDir();
    dirs.push(dir);
    const db = openDatabase(dir.file('till.db'));
    db.pragma('foreign_keys = OFF'); // outbox rows without orders: only the counting is under test
    const insert = db.prepare("INSERT INTO outbox (order_uuid, state, enqueued_seq) VALUES (?, 'pending', ?)");
    for (let i = 0; i < 10; i++) insert.run(`o${i}`, i);
    db.prepare("UPDATE outbox SET state = 'synced' WHERE enqueued_seq < 6").run();
    db.prepare("UPDATE outbox SET state = 'rejected' WHERE enqueued_seq = 9").run();
    db.prepare("UPDATE outbox SET state = 'synced' WHERE enqueued_seq < 3").run(); // no change of state
    db.prepare('DELETE FROM outbox WHERE enqueued_seq = 8').run();
    const full = Object.fromEntries(
      ['pending', 'synced', 'rejected'].map((state) => [state, (db.prepare('SELECT count(*) AS n FROM outbox WHERE state = ?').get(state) as { n: number }).n]),
    );
    expect(outboxCounts(db)).toEqual({ pending: 2, synced: 6, rejected: 1 });
    expect(outboxCounts(db)).toEqual(full);
    db.close();
  });

  it('are not written by a new sale until 256 are uncounted, and stay right across each fold', () => {
    const dir = tempDir();
    dirs.push(dir);
    const db = openDatabase(dir.file('till.db'));
    db.pragma('foreign_keys = OFF');
    const insert = db.prepare("INSERT INTO outbox (order_uuid, state, enqueued_seq) VALUES (?, 'pending', ?)");
    const stored = () => db.prepare('SELECT state, n FROM outbox_counts ORDER BY state').all();
    const full = () =>
      Object.fromEntries(
        ['pending', 'synced', 'rejected'].map((state) => [
          state,
          (db.prepare('SELECT count(*) AS n FROM outbox WHERE state = ?').get(state) as { n: number }).n,
        ]),
      );
    const before = stored();
    for (let seq = 1; seq < 256; seq++) insert.run(`o${seq}`, seq);
    // 255 sales: none wrote the counts; they are counted at the read.
    expect(stored()).toEqual(before);
    expect(outboxCounts(db)).toEqual({ pending: 255, synced: 0, rejected: 0 });
    // Outcomes on both sides of the fold, the 256th sale folding, a delete of a counted row and of an uncounted one.
    db.prepare("UPDATE outbox SET state = 'synced' WHERE enqueued_seq <= 100").run();
    insert.run('o256', 256);
    expect(db.prepare('SELECT through_seq FROM outbox_counted').get()).toEqual({ through_seq: 256 });
    expect(outboxCounts(db)).toEqual(full());
    for (let seq = 257; seq < 400; seq++) insert.run(`o${seq}`, seq);
    db.prepare("UPDATE outbox SET state = 'rejected' WHERE enqueued_seq IN (5, 200, 300)").run();
    db.prepare("UPDATE outbox SET state = 'synced' WHERE enqueued_seq BETWEEN 250 AND 350 AND state = 'pending'").run();
    db.prepare('DELETE FROM outbox WHERE enqueued_seq IN (7, 390)').run();
    // A row inserted behind the fold (not a checkout's) is counted at once.
    insert.run('o0', 0);
    expect(outboxCounts(db)).toEqual(full());
    for (let seq = 400; seq < 1_000; seq++) insert.run(`o${seq}`, seq);
    expect(outboxCounts(db)).toEqual(full());
    expect((db.prepare('SELECT through_seq FROM outbox_counted').get() as { through_seq: number }).through_seq).toBeGreaterThan(1_000 - 256);
    db.close();
  });
});
