import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type TillDatabase } from '../../../src-main/db/index.ts';
import { ChangeApplier, installJournal, journaledTables, journalSince, readStandbyState } from '../../../src-main/standby/index.ts';
import { outboxCounts } from '../../../src-main/orders/index.ts';
import { getSetting, setSetting, unsetSetting } from '../../../src-main/settings/index.ts';
import { tempDir } from '../../support/temp-dir.ts';

// Issue 36, the stream's two ends on real SQLite files: the hub's triggers
// journal every committed change; the standby, started from a backup of the
// hub, applies the journal and ends with the same rows in every table
// (including those SQLite's own triggers keep: the search index, the
// outbox's counts), and a rolled-back transaction leaves nothing to ship.

let dir: ReturnType<typeof tempDir>;
let hub: TillDatabase;
let standby: TillDatabase;

beforeEach(() => {
  dir = tempDir('till-standby-');
  hub = openDatabase(dir.file('hub.db'));
});
afterEach(() => {
  hub.close();
  standby?.close();
  dir.cleanup();
});

// main's tables as stored, every generation of the replica's (a plain name is the connection's pinned view once the catalog module is loaded).
const dump = (db: TillDatabase, table: string) => db.prepare(`SELECT rowid AS r, * FROM main."${table}" ORDER BY 1, 2`).all();
const dumpNoRowid = (db: TillDatabase, table: string) => db.prepare(`SELECT * FROM main."${table}" ORDER BY 1, 2`).all();

function product(db: TillDatabase, seq: number, id: string, name: string): void {
  db.prepare(
    `INSERT INTO products (seq, id, market_id, category_id, name_en, name_ar, sort_order, is_active, created_at, updated_at,
       rating_amount, rating_avg, sold_amount, sold_revenue, search_text)
     VALUES (?, ?, 'm', 1, ?, ?, 1, 1, 0, 0, 0, '0', 0, 12.5, ?)`,
  ).run(seq, id, name, name, name.toLowerCase());
}

function order(db: TillDatabase, seq: number, uuid: string): void {
  db.prepare(
    `INSERT INTO orders (seq, uuid, number, business_day, kind, status, type, market_id, branch_id, price_list, vat_rate,
       prices_include_tax, subtotal, discount_total, tax, total, tendered, change_due, created_at)
     VALUES (?, ?, ?, '2026-11-29', 'SALE', 'PAID', 'DINE_IN', 'm', 'b', 'CASH', 1500, 1, 1000, 0, 130, 1000, 1000, 0, 0)`,
  ).run(seq, uuid, `A-${seq}`);
  db.prepare("INSERT INTO order_payments (order_seq, order_uuid, position, method_key, amount) VALUES (?, ?, 1, 'CASH', 1000)").run(seq, uuid);
  db.prepare("INSERT INTO outbox (order_uuid, state, enqueued_seq) VALUES (?, 'pending', ?)").run(uuid, seq);
}

describe('the standby journal', () => {
  it('carries every committed change to a copy made by backup, table for table', async () => {
    product(hub, 1, 'p1', 'Latte');
    order(hub, 1, 'u1');
    installJournal(hub);
    await hub.backup(dir.file('standby.db'));
    standby = openDatabase(dir.file('standby.db'));
    const applier = new ChangeApplier(standby);

    hub.transaction(() => {
      order(hub, 2, 'u2');
      order(hub, 3, 'u3');
    })();
    hub.prepare("UPDATE outbox SET state = 'synced', synced_at = 5 WHERE order_uuid = 'u1'").run();
    product(hub, 2, 'p2', 'Mocha');
    hub.prepare("UPDATE products SET search_text = 'flat white', name_en = 'Flat white' WHERE id = 'p1'").run();
    hub.prepare('UPDATE products SET seq = 9 WHERE id = ?').run('p2');
    hub.prepare("INSERT INTO settings (key, value) VALUES ('seller_name', '\"Café ☕ \\u2028 big 9007199254740993\"')").run();
    hub.prepare("UPDATE order_payments SET amount = 9007199254740993 WHERE order_uuid = 'u2'").run();
    hub.prepare("DELETE FROM order_payments WHERE order_uuid = 'u3'").run();
    expect(() =>
      hub.transaction(() => {
        order(hub, 4, 'u4');
        throw new Error('rolled back');
      })(),
    ).toThrow('rolled back');

    const { changes, upTo } = journalSince(hub, 0);
    expect(changes.some((c) => c.row?.includes('u4'))).toBe(false);
    expect(applier.apply(changes, 0, upTo)).toBe(upTo);
    // A batch the standby already has is not applied twice.
    expect(applier.apply(changes, upTo, upTo)).toBe(upTo);

    for (const table of journaledTables(hub)) {
      const read = table.primaryKey === null ? dump : dumpNoRowid;
      expect(read(standby, table.name), table.name).toEqual(read(hub, table.name));
    }
    expect(dumpNoRowid(standby, 'outbox_counts')).toEqual(dumpNoRowid(hub, 'outbox_counts'));
    expect(outboxCounts(standby)).toEqual(outboxCounts(hub));
    expect(outboxCounts(standby)).toEqual({ pending: 2, synced: 1, rejected: 0 });
    const search = (db: TillDatabase) => db.prepare("SELECT rowid FROM product_search WHERE product_search MATCH 'flat'").all();
    expect(search(standby)).toEqual(search(hub));
    expect(search(standby)).toHaveLength(1);
    expect(standby.prepare("SELECT amount FROM order_payments WHERE order_uuid = 'u2'").safeIntegers().get()).toEqual({ amount: 9007199254740993n });
  });

  it("reaches the standby's settings snapshot: a setting it read before is read again once the applied change lands", async () => {
    installJournal(hub);
    await hub.backup(dir.file('standby.db'));
    standby = openDatabase(dir.file('standby.db'));
    const applier = new ChangeApplier(standby);
    expect(getSetting(standby, 'seller_name')).toBeNull();
    setSetting(hub, 'seller_name', 'Qahwa');
    const first = journalSince(hub, 0);
    applier.apply(first.changes, 0, first.upTo);
    expect(getSetting(standby, 'seller_name')).toBe('Qahwa');
    unsetSetting(hub, 'seller_name');
    const second = journalSince(hub, first.upTo);
    applier.apply(second.changes, first.upTo, second.upTo);
    expect(getSetting(standby, 'seller_name')).toBeNull();
  });

  it('applies nothing of a batch naming a table it does not follow, or reaching past its own end', async () => {
    installJournal(hub);
    await hub.backup(dir.file('standby.db'));
    standby = openDatabase(dir.file('standby.db'));
    const applier = new ChangeApplier(standby);
    product(hub, 2, 'p2', 'Mocha');
    const { changes: real } = journalSince(hub, 0);
    const mocha = real[0]!;
    // The standby's own place in the pair, which ZATCA unit the machine is, SQLite's tables, a name made to break out of quotes.
    for (const tbl of ['standby_state', 'zatca_this_machine', 'sqlite_sequence', 'products" (seq) VALUES (1); --', 'nowhere']) {
      const changes = [mocha, { seq: mocha.seq + 1, tbl, op: 'I' as const, old_key: null, row: '{"key": "role", "value": "hub"}' }];
      expect(() => applier.apply(changes, 0, mocha.seq + 1), tbl).toThrow(/does not follow/);
    }
    expect(() => applier.apply([mocha], 0, mocha.seq - 1)).toThrow(/reaches only/);
    // One transaction per batch: the product before the refused change is not there either, and nothing counts as applied.
    expect(standby.prepare("SELECT count(*) AS n FROM products WHERE id = 'p2'").get()).toEqual({ n: 0 });
    expect(readStandbyState(standby).applied_seq).toBe(0);
  });
});
