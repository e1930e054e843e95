import type { TillDatabase } from '../db/index.ts';
import { ensureStandbyTables } from './standby-state.ts';

/** What the standby does not take from the hub, and why. */
const NOT_REPLICATED = new Set([
  // The stream's own tables.
  'standby_journal',
  'standby_state',
  // Kept by the schema's own triggers from outbox: the standby's triggers keep its copy as the rows arrive.
  'outbox_counts',
  'outbox_counted',
]);

/**
 * Tables that say something of the machine itself (which ZATCA EGS unit it
 * is): never followed, and emptied in a standby's copy of its hub's
 * database, and this machine's own kept, whenever a snapshot replaces the
 * file (machine-rows.ts), so a copy never takes itself for its hub.
 */
export const MACHINE_LOCAL_SUFFIX = '_this_machine';

/** The machine-local tables of this schema (by their suffix). */
export function machineLocalTables(db: TillDatabase): string[] {
  const tables = db.prepare('PRAGMA main.table_list').all() as { name: string; type: string }[];
  return tables.filter((t) => t.type === 'table' && t.name.endsWith(MACHINE_LOCAL_SUFFIX)).map((t) => t.name);
}

const TRIGGER_PREFIX = 'standby_j_';

/** A table the journal follows: its columns, and the key a change is found by (rowid, or a WITHOUT ROWID table's primary key). */
export interface JournaledTable {
  name: string;
  columns: string[];
  /** null: the rowid. */
  primaryKey: string[] | null;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * The tables of the schema the journal follows, read from SQLite itself (so
 * a new migration's table is followed without anyone listing it): every
 * ordinary table but NOT_REPLICATED, SQLite's own and full-text shadow tables
 * (the standby indexes the products it applies: apply-changes.ts).
 */
export function journaledTables(db: TillDatabase): JournaledTable[] {
  const tables = db.prepare('PRAGMA main.table_list').all() as { name: string; type: string; wr: number }[];
  const virtual = tables.filter((t) => t.type === 'virtual').map((t) => t.name);
  return tables
    .filter((t) => t.type === 'table' && !t.name.startsWith('sqlite_') && !NOT_REPLICATED.has(t.name) && !t.name.endsWith(MACHINE_LOCAL_SUFFIX))
    .filter((t) => !virtual.some((v) => t.name.startsWith(`${v}_`)))
    .map((t) => {
      const info = db.prepare(`PRAGMA main.table_xinfo(${quote(t.name)})`).all() as { name: string; type: string; pk: number; hidden: number }[];
      const stored = info.filter((c) => c.hidden === 0);
      // A row image is JSON: a BLOB cannot be carried, so a schema with one stops the journal from starting rather than failing sales.
      const blob = stored.find((c) => /BLOB/i.test(c.type));
      if (blob) throw new Error(`the standby journal cannot carry ${t.name}.${blob.name} (a BLOB column); see docs/standby.md`);
      const keyed = stored.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk);
      return { name: t.name, columns: stored.map((c) => c.name), primaryKey: t.wr ? keyed.map((c) => c.name) : null };
    });
}

/** json_object over many columns, in chunks SQLite's argument limit takes, merged with json_patch. */
function rowImage(table: JournaledTable, ref: 'NEW'): string {
  const pairs = table.columns.map((c) => `${literal(c)}, ${ref}.${quote(c)}`);
  if (table.primaryKey === null) pairs.push(`'@rowid', ${ref}.rowid`);
  const chunks: string[] = [];
  for (let i = 0; i < pairs.length; i += 50) chunks.push(`json_object(${pairs.slice(i, i + 50).join(', ')})`);
  return chunks.reduce((all, chunk) => `json_patch(${all}, ${chunk})`);
}

function oldKey(table: JournaledTable): string {
  return table.primaryKey === null ? 'json_array(OLD.rowid)' : `json_array(${table.primaryKey.map((c) => `OLD.${quote(c)}`).join(', ')})`;
}

/**
 * Makes the journal's triggers anew from the schema as it is now (after
 * this build's migrations): one AFTER INSERT, UPDATE and DELETE trigger per
 * followed table, each writing the change's row image in the change's own
 * transaction. Persistent triggers: a write by any process on the file (the
 * CLI beside `pos serve`) is journaled too.
 */
export function installJournal(db: TillDatabase): void {
  ensureStandbyTables(db);
  db.transaction(() => {
    dropJournalTriggers(db);
    for (const table of journaledTables(db)) {
      // `main.` on the trigger: the table it names is then main's, never a TEMP VIEW of the same name (db/generations.ts).
      const t = quote(table.name);
      const name = (op: string) => `main.${quote(`${TRIGGER_PREFIX}${table.name}_${op}`)}`;
      const insert = (op: string, key: string, row: string) =>
        `INSERT INTO standby_journal (tbl, op, old_key, row) VALUES (${literal(table.name)}, '${op}', ${key}, ${row});`;
      db.exec(`CREATE TRIGGER ${name('i')} AFTER INSERT ON ${t} BEGIN ${insert('I', 'NULL', rowImage(table, 'NEW'))} END;`);
      db.exec(`CREATE TRIGGER ${name('u')} AFTER UPDATE ON ${t} BEGIN ${insert('U', oldKey(table), rowImage(table, 'NEW'))} END;`);
      db.exec(`CREATE TRIGGER ${name('d')} AFTER DELETE ON ${t} BEGIN ${insert('D', oldKey(table), 'NULL')} END;`);
    }
  }).immediate();
}

/** Removes the journal's triggers (a standby applies changes without journaling them again). */
export function dropJournalTriggers(db: TillDatabase): void {
  const names = db.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'standby\\_j\\_%' ESCAPE '\\'").all() as { name: string }[];
  for (const { name } of names) db.exec(`DROP TRIGGER IF EXISTS ${quote(name)}`);
}
