import type { TillDatabase } from '../db/index.ts';
import { ensureStandbyTables } from './standby-state.ts';

/**
 * Which of a hub's changes it answered alone (docs/standby.md, "An old
 * hub's set-aside file"): ranges of journal sequences, `(from, to]` (`to`
 * null: still alone), kept in `standby_state` (never replicated). A hub
 * answers alone from the moment no standby is connected (at start, or once
 * a silent standby is dropped, every waiting answer released); the range
 * closes when a standby connects (what follows waits for it) and is
 * forgotten once the standby acknowledges past it (it holds it all). When
 * the old hub rejoins, the orders it committed after the new hub's last
 * change are told apart by it: answered alone (a cashier was told "paid":
 * uploaded from the set-aside file) or never answered (the hub died waiting
 * for its standby: not uploaded). Written only at those moments, never per
 * commit.
 */
type Range = [from: number, to: number | null];

const KEY = 'answered_alone';

export type AnsweredAloneRange = Range;

export function answeredAloneRanges(db: TillDatabase): Range[] {
  const exists = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'standby_state'").get();
  if (!exists) return [];
  const row = db.prepare('SELECT value FROM standby_state WHERE key = ?').get(KEY) as { value: string } | undefined;
  if (!row) return [];
  try {
    const parsed = JSON.parse(row.value) as unknown;
    if (!Array.isArray(parsed)) return [];
    return parsed.filter((r): r is Range => Array.isArray(r) && r.length === 2 && Number.isInteger(r[0]) && (r[1] === null || Number.isInteger(r[1])));
  } catch {
    return [];
  }
}

function write(db: TillDatabase, ranges: Range[]): void {
  ensureStandbyTables(db);
  if (ranges.length === 0) db.prepare('DELETE FROM standby_state WHERE key = ?').run(KEY);
  else
    db.prepare('INSERT INTO standby_state (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(KEY, JSON.stringify(ranges));
}

/** From now on the hub answers alone: every change after `after` (the last one its standby acknowledged) is answered without it. */
export function beginAnsweringAlone(db: TillDatabase, after: number): void {
  const ranges = answeredAloneRanges(db);
  const last = ranges.at(-1);
  if (last && last[1] === null) return;
  write(db, [...ranges, [after, null]]);
}

/** A standby connected: changes after `upTo` wait for it again. */
export function endAnsweringAlone(db: TillDatabase, upTo: number): void {
  const ranges = answeredAloneRanges(db);
  const last = ranges.at(-1);
  if (!last || last[1] !== null) return;
  last[1] = upTo;
  write(db, ranges);
}

/** The standby acknowledged through `seq`: the ranges it now holds whole are forgotten. */
export function forgetAnsweredAloneThrough(db: TillDatabase, seq: number): void {
  const ranges = answeredAloneRanges(db);
  const kept = ranges.filter(([, to]) => to === null || to > seq);
  if (kept.length !== ranges.length) write(db, kept);
}

/** Whether the change `seq` falls in one of `ranges` (it was answered alone). */
export function answeredAloneIn(ranges: readonly Range[], seq: number): boolean {
  return ranges.some(([from, to]) => seq > from && (to === null || seq <= to));
}

/** A standby's copy of its hub: the hub's ranges are not this machine's (its own start when it answers alone). */
export function forgetAnsweredAlone(db: TillDatabase): void {
  write(db, []);
}
