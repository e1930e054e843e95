import type { TillDatabase } from '../db/index.ts';

/**
 * The standby's two tables, made by this module when a pair forms (never by
 * a migration: a till that never has a standby carries neither):
 * - standby_journal: every committed change of the hub's tables, written by
 *   the triggers of journal-triggers.ts in the same transaction; `seq` is
 *   the commit order (AUTOINCREMENT: never reused, even after pruning).
 * - standby_state: this machine's place in the pair, never replicated.
 */
export function ensureStandbyTables(db: TillDatabase): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS standby_journal (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      tbl TEXT NOT NULL,
      op TEXT NOT NULL CHECK (op IN ('I', 'U', 'D')),
      old_key TEXT,
      row TEXT
    );
    CREATE TABLE IF NOT EXISTS standby_state (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  `);
}

/** What this machine is: the hub, its standby, or a hub that found a newer one (fenced: refuses every write). */
export type StandbyRole = 'hub' | 'standby' | 'fenced';

export interface StandbyState {
  role: StandbyRole;
  /** Raised by every promotion; a hub with an older epoch than its peer's refuses writes. */
  epoch: number;
  /** The other machine: the hub a standby follows, the standby (or the new hub) a hub knows. */
  peer_url: string | null;
  /** SHA-256 (hex) of the stream token the hub gave its standby; on the standby, the token itself. */
  stream_token: string | null;
  /** On a standby: the last journal sequence it applied. */
  applied_seq: number;
  /** What the serving process last saw (JSON), for `pos standby status` and `pos doctor` from another process. */
  live: string | null;
}

const DEFAULTS: StandbyState = { role: 'hub', epoch: 1, peer_url: null, stream_token: null, applied_seq: 0, live: null };

export function readStandbyState(db: TillDatabase): StandbyState {
  const exists = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'standby_state'").get();
  if (!exists) return { ...DEFAULTS };
  const rows = db.prepare('SELECT key, value FROM standby_state').all() as { key: string; value: string }[];
  const map = new Map(rows.map((r) => [r.key, r.value]));
  const role = map.get('role');
  return {
    role: role === 'standby' || role === 'fenced' ? role : 'hub',
    epoch: Number(map.get('epoch') ?? 1) || 1,
    peer_url: map.get('peer_url') ?? null,
    stream_token: map.get('stream_token') ?? null,
    applied_seq: Number(map.get('applied_seq') ?? 0) || 0,
    live: map.get('live') ?? null,
  };
}

/** Writes the given members (null removes one); call inside the caller's transaction when it must go with other writes. */
export function writeStandbyState(db: TillDatabase, change: Partial<StandbyState>): void {
  ensureStandbyTables(db);
  const put = db.prepare('INSERT INTO standby_state (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value');
  const drop = db.prepare('DELETE FROM standby_state WHERE key = ?');
  for (const [key, value] of Object.entries(change)) {
    if (value === null || value === undefined) drop.run(key);
    else put.run(key, String(value));
  }
}

/** The newest journal sequence ever written (0 before the first): AUTOINCREMENT's own counter, one row read. */
export function journalHead(db: TillDatabase): number {
  const row = db.prepare("SELECT seq FROM sqlite_sequence WHERE name = 'standby_journal'").get() as { seq: number } | undefined;
  return row?.seq ?? 0;
}
