import { existsSync } from 'node:fs';
import { openDatabase, type TillDatabase } from '../db/index.ts';
import { machineLocalTables } from './journal-triggers.ts';

/**
 * The rows of the machine-local tables (journal-triggers.ts: which ZATCA
 * unit this machine is), by table. A snapshot of the hub replaces the whole
 * file, and with it those rows: they are read before and written back after
 * (standby-follower.ts `downloadSnapshot`, which every pairing and rejoin
 * goes through), so a copy never takes itself for its hub, and a machine
 * that pairs again, or an old hub that rejoins, stays what it was.
 */
export type MachineRows = Map<string, Record<string, unknown>[]>;

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** This machine's rows in `dbFile` (none when there is no file yet). */
export function readMachineRows(dbFile: string): MachineRows {
  if (!existsSync(dbFile)) return new Map();
  const db = openDatabase(dbFile);
  try {
    return new Map(machineLocalTables(db).map((table) => [table, db.prepare(`SELECT * FROM main.${quoted(table)}`).all() as Record<string, unknown>[]]));
  } finally {
    db.close();
  }
}

/** Replaces the machine-local rows of `dbFile` (a snapshot: its hub's) with this machine's own, in one transaction. */
export function writeMachineRows(dbFile: string, rows: MachineRows): void {
  const db = openDatabase(dbFile);
  try {
    db.transaction(() => replaceRows(db, rows)).immediate();
  } finally {
    db.close();
  }
}

function replaceRows(db: TillDatabase, rows: MachineRows): void {
  for (const table of machineLocalTables(db)) {
    db.exec(`DELETE FROM main.${quoted(table)}`);
    for (const row of rows.get(table) ?? []) {
      const columns = Object.keys(row);
      db.prepare(`INSERT INTO main.${quoted(table)} (${columns.map(quoted).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`).run(
        ...columns.map((c) => row[c]),
      );
    }
  }
}
