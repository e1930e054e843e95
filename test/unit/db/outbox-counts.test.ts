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
});
