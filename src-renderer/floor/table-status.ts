import type { FloorTableView, TabState } from '../../src-shared/floor/index.ts';

/**
 * What a table (or a tab at the counter) shows on the floor. "Waiting on
 * the kitchen" is decided here as: every line of the tab has gone to the
 * kitchen (nothing left to send) and at least one round went — the guests
 * wait for food, timed from the last send. Lines not sent yet keep the tab
 * "ordering" (the server still has to send them), counted on the card.
 */
export type TableStatus = 'free' | 'open' | 'waiting' | 'split' | 'paid';

/** The parts of a tab a card needs (a floor table's tab, or a TabView at the counter). */
export interface TabSummary {
  state: TabState;
  unsent: number;
  last_sent_at: number | null;
}

export function tabStatus(tab: TabSummary): TableStatus {
  if (tab.state === 'paid') return 'paid';
  if (tab.state === 'split') return 'split';
  if (tab.unsent === 0 && tab.last_sent_at !== null) return 'waiting';
  return 'open';
}

export function tableStatus(table: FloorTableView): TableStatus {
  return table.tab ? tabStatus(table.tab) : 'free';
}

/** Whole minutes from `at` to `now` (never negative: another station's clock may run a little ahead). */
export function minutesSince(at: number, now: number): number {
  return Math.max(0, Math.floor((now - at) / 60_000));
}

/** The floor's tables by area, in the order the floor lists them; tables without an area come under `null`. */
export function byArea(tables: readonly FloorTableView[]): { area: string | null; tables: FloorTableView[] }[] {
  const groups: { area: string | null; tables: FloorTableView[] }[] = [];
  for (const table of tables) {
    const group = groups.find((g) => g.area === table.area);
    if (group) group.tables.push(table);
    else groups.push({ area: table.area, tables: [table] });
  }
  return groups;
}
