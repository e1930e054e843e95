import type { Statement } from 'better-sqlite3';
import { indexRows, searchIndexDelete, searchIndexOf, type TillDatabase } from '../db/index.ts';
import { journaledTables, type JournaledTable } from './journal-triggers.ts';
import { journalChangesSchema, readPeer } from './peer-messages.ts';
import { writeStandbyState } from './standby-state.ts';

/** One journal row as it travels: `row` and `old_key` stay JSON text, so SQLite (not JavaScript) reads every value back at its own type. */
export interface JournalChange {
  seq: number;
  tbl: string;
  op: 'I' | 'U' | 'D';
  old_key: string | null;
  row: string | null;
}

/** The changes of a batch as the wire carries them, checked member by member (peer-messages.ts); null for anything else. */
export function journalChanges(value: unknown): JournalChange[] | null {
  const read = readPeer(journalChangesSchema, value);
  return read.ok ? read.value : null;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
const path = (name: string) => `'$.${quote(name).replaceAll("'", "''")}'`;

interface TableStatements {
  insert: Statement;
  update: Statement;
  remove: Statement;
  /** A table with a search index: `remove`'s row out of it, run just before (no delete trigger: migration 0039). */
  unindex: Statement | null;
}

/**
 * Applies the hub's changes on the standby's copy: each batch in one
 * transaction with the sequence it reaches, so the copy is always the hub's
 * database as of a commit (never half a transaction), and a batch is
 * applied once (a repeat at or below the applied sequence is skipped).
 * The connection has foreign keys off: the rows were checked on the hub.
 */
export class ChangeApplier {
  private readonly tables: Map<string, JournaledTable>;
  private readonly statements = new Map<string, TableStatements>();
  /**
   * Rows the batch inserted into a table with a search index (db/generations.ts,
   * GenerationalTable.searchIndex: no insert trigger keeps it, migration 0038),
   * not indexed yet, by table: indexed in one statement at the end of the
   * batch, and before any change that deletes or rewrites a row of the table
   * (its update trigger, and `unindex` before a delete, take the old row out
   * of the index, which must hold it).
   */
  private readonly unindexed = new Map<string, number[]>();

  constructor(private readonly db: TillDatabase) {
    db.pragma('foreign_keys = OFF');
    this.tables = new Map(journaledTables(db).map((t) => [t.name, t]));
  }

  /** Applies `changes` (in sequence order) past `appliedSeq`; returns the sequence reached. */
  apply(changes: JournalChange[], appliedSeq: number, upTo: number): number {
    // A change past the sequence the batch says it reaches would be applied again with the next batch.
    const beyond = changes.find((c) => c.seq > upTo);
    if (beyond) throw new Error(`the hub sent change ${beyond.seq} in a batch that reaches only ${upTo}`);
    const fresh = changes.filter((c) => c.seq > appliedSeq);
    const reached = Math.max(appliedSeq, upTo);
    if (reached === appliedSeq) return appliedSeq;
    this.db
      .transaction(() => {
        this.unindexed.clear();
        for (const change of fresh) this.applyOne(change);
        for (const table of this.unindexed.keys()) this.indexPending(table);
        writeStandbyState(this.db, { applied_seq: reached });
      })
      .immediate();
    return reached;
  }

  private applyOne(change: JournalChange): void {
    const s = this.statementsOf(change.tbl);
    const indexed = searchIndexOf(change.tbl) !== undefined;
    const insert = () => {
      const { lastInsertRowid } = s.insert.run({ row: change.row });
      if (!indexed) return;
      let rows = this.unindexed.get(change.tbl);
      if (!rows) this.unindexed.set(change.tbl, (rows = []));
      rows.push(Number(lastInsertRowid));
    };
    if (indexed && change.op !== 'I') this.indexPending(change.tbl);
    if (change.op === 'I') insert();
    else if (change.op === 'D') {
      s.unindex?.run({ key: change.old_key });
      s.remove.run({ key: change.old_key });
    } else if (s.update.run({ row: change.row, key: change.old_key }).changes === 0) insert();
  }

  private indexPending(table: string): void {
    indexRows(this.db, table, this.unindexed.get(table) ?? []);
    this.unindexed.delete(table);
  }

  private statementsOf(name: string): TableStatements {
    const known = this.statements.get(name);
    if (known) return known;
    const table = this.tables.get(name);
    if (!table) throw new Error(`the hub sent a change to ${name}, a table this standby does not follow: are both on the same version of Till?`);
    // main.: a replica table's TEMP view of the pinned generation (db/generations.ts) must not stand in for the table itself.
    const t = `main.${quote(table.name)}`;
    const columns = table.columns.map(quote);
    const values = table.columns.map((c) => `json_extract(:row, ${path(c)})`);
    const keyColumns = table.primaryKey === null ? ['rowid'] : table.primaryKey.map(quote);
    const keyMatch = keyColumns.map((c, i) => `${c} = json_extract(:key, '$[${i}]')`).join(' AND ');
    const withRowid = table.primaryKey === null;
    const unindex = searchIndexDelete(name, keyMatch);
    const made: TableStatements = {
      // A keyed row the standby already has (its own ZATCA unit, written here by its onboarding before the hub recorded it) takes the hub's image.
      insert: this.db.prepare(
        `INSERT INTO ${t} (${withRowid ? 'rowid, ' : ''}${columns.join(', ')}) VALUES (${withRowid ? 'json_extract(:row, \'$."@rowid"\'), ' : ''}${values.join(', ')})` +
          (withRowid ? '' : ` ON CONFLICT (${keyColumns.join(', ')}) DO UPDATE SET ${columns.map((c) => `${c} = excluded.${c}`).join(', ')}`),
      ),
      update: this.db.prepare(
        `UPDATE ${t} SET ${withRowid ? 'rowid = json_extract(:row, \'$."@rowid"\'), ' : ''}${columns.map((c, i) => `${c} = ${values[i]}`).join(', ')} WHERE ${keyMatch}`,
      ),
      remove: this.db.prepare(`DELETE FROM ${t} WHERE ${keyMatch}`),
      unindex: unindex === null ? null : this.db.prepare(unindex),
    };
    this.statements.set(name, made);
    return made;
  }
}
