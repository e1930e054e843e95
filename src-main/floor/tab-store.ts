// The one owner of tabs, tab_lines, tab_parts and tab_changes (migration
// 0016). A line is kept as the till rang it up (JSON the till reads back);
// this module knows versions, rounds, parts and who changed what.

import type { Selectable } from 'kysely';
import { TillError } from '../../src-shared/errors/index.ts';
import type { TabChange, TabChangeKind, TabState } from '../../src-shared/floor/index.ts';
import type { AppliedPromotion } from '../../src-shared/selling/index.ts';
import { all, first, q, run, type TillDatabase, type TillSchema } from '../db/index.ts';

export type TabRow = Selectable<TillSchema['tabs']> & { state: TabState };
export type TabLineRow = Selectable<TillSchema['tab_lines']>;
export type TabPartRow = Selectable<TillSchema['tab_parts']>;

/** Who makes a change: the station's code and its signed-in cashier. */
export interface TabActor {
  station: string;
  cashier: string | null;
}

/** A tab's guests are still at its table (a paid tab's table waits to be cleared). */
export const TAB_STATES_AT_TABLE: readonly TabState[] = ['open', 'split', 'paid'];

export function readTab(db: TillDatabase, id: string): TabRow | undefined {
  return first(db, q.selectFrom('tabs').selectAll().where('id', '=', id)) as TabRow | undefined;
}

/** The tab whose guests are at this table, if any. */
export function tabAtTable(db: TillDatabase, tableId: string): TabRow | undefined {
  return first(db, q.selectFrom('tabs').selectAll().where('table_id', '=', tableId).where('state', 'in', TAB_STATES_AT_TABLE)) as TabRow | undefined;
}

/** Open, split and paid-not-cleared tabs, oldest first. */
export function tabsInUse(db: TillDatabase): TabRow[] {
  return all(db, q.selectFrom('tabs').selectAll().where('state', 'in', TAB_STATES_AT_TABLE).orderBy('opened_at').orderBy('id')) as TabRow[];
}

export function insertTab(
  db: TillDatabase,
  tab: Omit<TabRow, 'closed_at' | 'merged_into' | 'version' | 'state' | 'picked_discounts' | 'promotions'>,
  actor: TabActor,
): TabRow {
  const row: TabRow = { ...tab, state: 'open', version: 1, closed_at: null, merged_into: null, picked_discounts: null, promotions: null };
  run(db, q.insertInto('tabs').values(row));
  recordChange(db, tab.id, 1, 'opened', actor, tab.opened_at);
  return row;
}

/** The tab's lines in use (removed ones left out), in the order they were added. */
export function tabLines(db: TillDatabase, tabId: string): TabLineRow[] {
  return all(db, q.selectFrom('tab_lines').selectAll().where('tab_id', '=', tabId).where('removed_at', 'is', null).orderBy('position'));
}

export function insertTabLines(db: TillDatabase, rows: readonly Omit<TabLineRow, 'sent_at' | 'removed_at'>[]): void {
  for (const row of rows) run(db, q.insertInto('tab_lines').values({ ...row, sent_at: null, removed_at: null }));
}

/** Marks every unsent line of the tab as sent; returns them. */
export function markUnsentSent(db: TillDatabase, tabId: string, at: number): TabLineRow[] {
  const unsent = tabLines(db, tabId).filter((l) => l.sent_at === null);
  if (unsent.length > 0)
    run(
      db,
      q
        .updateTable('tab_lines')
        .set({ sent_at: at })
        .where(
          'id',
          'in',
          unsent.map((l) => l.id),
        ),
    );
  return unsent.map((l) => ({ ...l, sent_at: at }));
}

export function removeTabLineRow(db: TillDatabase, lineId: string, at: number): void {
  run(db, q.updateTable('tab_lines').set({ removed_at: at }).where('id', '=', lineId));
}

/** Moves every line of `fromTab` to the end of `toTab`, its rounds after the ones there. */
export function moveLines(db: TillDatabase, fromTab: string, toTab: string): number {
  const into = all(db, q.selectFrom('tab_lines').select(['round', 'position']).where('tab_id', '=', toTab));
  const roundOffset = Math.max(0, ...into.map((l) => l.round));
  const positionOffset = Math.max(0, ...into.map((l) => l.position));
  const moving = tabLines(db, fromTab);
  for (const line of moving)
    run(
      db,
      q
        .updateTable('tab_lines')
        .set({ tab_id: toTab, round: line.round + roundOffset, position: line.position + positionOffset })
        .where('id', '=', line.id),
    );
  return moving.length;
}

export function nextRound(db: TillDatabase, tabId: string): { round: number; position: number } {
  const rows = all(db, q.selectFrom('tab_lines').select(['round', 'position']).where('tab_id', '=', tabId));
  return { round: Math.max(0, ...rows.map((r) => r.round)) + 1, position: Math.max(0, ...rows.map((r) => r.position)) + 1 };
}

export function updateTab(db: TillDatabase, id: string, patch: Partial<Omit<TabRow, 'id'>>): void {
  run(db, q.updateTable('tabs').set(patch).where('id', '=', id));
}

function recordChange(
  db: TillDatabase,
  tabId: string,
  version: number,
  kind: TabChangeKind,
  actor: TabActor,
  at: number,
  detail: { count?: number | null; table?: string | null } = {},
): void {
  run(
    db,
    q.insertInto('tab_changes').values({
      tab_id: tabId,
      version,
      kind,
      station: actor.station,
      cashier: actor.cashier,
      at,
      count: detail.count ?? null,
      table_id: detail.table ?? null,
    }),
  );
}

export function tabChanges(db: TillDatabase, tabId: string, since = 0): TabChange[] {
  return all(db, q.selectFrom('tab_changes').selectAll().where('tab_id', '=', tabId).where('version', '>', since).orderBy('version')).map((row) => ({
    version: row.version,
    kind: row.kind as TabChangeKind,
    station: row.station,
    cashier: row.cashier,
    at: row.at,
    count: row.count,
    table: row.table_id,
  }));
}

export function insertParts(db: TillDatabase, tabId: string, parts: readonly { pieces: string; total: number; discounts: string | null }[]): void {
  run(db, q.deleteFrom('tab_parts').where('tab_id', '=', tabId));
  parts.forEach((p, i) =>
    run(db, q.insertInto('tab_parts').values({ tab_id: tabId, part: i + 1, pieces: p.pieces, total: p.total, discounts: p.discounts, order_uuid: null })),
  );
}

/** The coupons and rewards checked for a tab (issue 35), in the order they were checked. */
export function tabPromotions(tab: Pick<TabRow, 'promotions'>): AppliedPromotion[] {
  return tab.promotions === null ? [] : (JSON.parse(tab.promotions) as AppliedPromotion[]);
}

/** The service's discounts picked for a tab (issue 35), by id. */
export function pickedTabDiscounts(tab: Pick<TabRow, 'picked_discounts'>): string[] {
  return tab.picked_discounts === null ? [] : (JSON.parse(tab.picked_discounts) as string[]);
}

export function tabParts(db: TillDatabase, tabId: string): TabPartRow[] {
  return all(db, q.selectFrom('tab_parts').selectAll().where('tab_id', '=', tabId).orderBy('part'));
}

export function markPartPaid(db: TillDatabase, tabId: string, part: number, orderUuid: string): void {
  const result = run(
    db,
    q.updateTable('tab_parts').set({ order_uuid: orderUuid }).where('tab_id', '=', tabId).where('part', '=', part).where('order_uuid', 'is', null),
  );
  // Paid once: a second payment of the same part rolls its order back with it.
  if (result.changes !== 1)
    throw new TillError('not_found', `part ${part} of this tab is already paid`, { code: 'tab.partUnknown', params: { tab: tabId, part } });
}

/** What one change did, for the tab's history and for refusing a stale change. */
export interface ChangeNote {
  kind: TabChangeKind;
  count?: number | null;
  table?: string | null;
}

/**
 * Runs one change of a tab as one transaction, checked against the version
 * the screen saw: on an older version nothing is applied and the refusal
 * names what changed since (the latest change first in its reason). The
 * change's version is the tab's next; `apply` returns what it did.
 */
export function changeTab<T>(
  db: TillDatabase,
  tabId: string,
  seen: number,
  actor: TabActor,
  at: number,
  apply: (tab: TabRow) => { note: ChangeNote; result: T },
): T {
  return db
    .transaction(() => {
      const tab = readTab(db, tabId);
      if (!tab)
        throw new TillError('not_found', `there is no tab ${tabId}; it may have been paid or merged on another screen`, {
          code: 'tab.unknown',
          params: { tab: tabId },
        });
      if (tab.version !== seen) throw staleTab(tab, tabChanges(db, tabId, seen));
      const { note, result } = apply(tab);
      const version = tab.version + 1;
      run(db, q.updateTable('tabs').set({ version }).where('id', '=', tabId));
      recordChange(db, tabId, version, note.kind, actor, at, note);
      return result;
    })
    .immediate();
}

const CHANGE_WORDS: Record<TabChangeKind, (c: TabChange) => string> = {
  opened: () => 'it was opened',
  round: (c) => `a round of ${c.count ?? '?'} line(s) was added`,
  sent: () => 'a round went to the kitchen',
  removed: () => 'a line was removed',
  moved: (c) => `it moved to table ${c.table ?? '?'}`,
  merged: () => 'another tab was merged into it',
  mergedAway: () => 'it was merged into another tab',
  split: (c) => `it was split into ${c.count ?? '?'} parts`,
  paid: () => 'a part of it was paid',
  cleared: () => 'its table was cleared',
  discount: () => 'a discount was picked or taken off',
};

/** The refusal of a change made on a stale tab: every change since, in English; the latest one's reason for the UI. */
export function staleTab(tab: TabRow, since: readonly TabChange[]): TillError {
  const latest = since.at(-1);
  const list = since.map((c) => `${CHANGE_WORDS[c.kind](c)} (at ${c.station}${c.cashier ? `, ${c.cashier}` : ''})`).join('; ');
  return new TillError(
    'stale_tab',
    `the tab "${tab.label}" changed since this screen saw it (version ${tab.version} now): ${list || 'it changed'}; look at it again, then try again`,
    {
      code: `tab.stale.${latest?.kind ?? 'round'}`,
      params: { tab: tab.label, station: latest?.station ?? '?', count: latest?.count ?? 0, table: latest?.table ?? '', version: tab.version },
    },
  );
}

/** Closes `from` as merged into `into` (its lines already moved there), as its own next version. */
export function closeMergedTab(db: TillDatabase, from: TabRow, into: string, actor: TabActor, at: number): void {
  const version = from.version + 1;
  updateTab(db, from.id, { state: 'merged', merged_into: into, closed_at: at, version });
  recordChange(db, from.id, version, 'mergedAway', actor, at);
}
