// Sold out ("86", issue 34 item 6): the one owner of table sold_out_marks.
// A mark is kept with the business day it was made on and counts on that day
// only, so the next business day starts with everything on sale again; the
// caller says which day it is (orders/order-numbering.ts businessDayOf under
// till.day_cutoff_hour), so this module needs no clock.
import type { SoldOutKind, SoldOutView } from '../../src-shared/selling/index.ts';
import { TillError } from '../../src-shared/errors/index.ts';
import { all, first, jsonList, param, prepared, q, run, type TillDatabase } from '../db/index.ts';

/** What is sold out on one business day, for checks and tiles. */
export interface SoldOutToday {
  products: ReadonlySet<string>;
  modifiers: ReadonlySet<string>;
}

/** The product or option a mark names, as the catalog has it; refused when the catalog has none. */
function itemOf(db: TillDatabase, kind: SoldOutKind, id: string): { product_id: string; name_en: string; name_ar: string } {
  const row =
    kind === 'product'
      ? first(db, q.selectFrom('products').select(['id as product_id', 'name_en', 'name_ar']).where('id', '=', id))
      : first(db, q.selectFrom('modifiers').select(['product_id', 'name_en', 'name_ar']).where('id', '=', id));
  if (!row) {
    throw new TillError('not_found', `this till has no ${kind === 'product' ? 'product' : 'option'} ${id}: sync the catalog, or check the id`, {
      code: 'soldOut.unknown',
      params: { id },
    });
  }
  return row;
}

/** Marks one product or option sold out for `businessDay` (marking it again moves the mark to that day). */
export function markSoldOut(db: TillDatabase, mark: { kind: SoldOutKind; id: string; businessDay: string; at: number; by: string }): void {
  itemOf(db, mark.kind, mark.id);
  run(
    db,
    q
      .insertInto('sold_out_marks')
      .values({ kind: mark.kind, item_id: mark.id, business_day: mark.businessDay, marked_at: mark.at, marked_by: mark.by })
      .onConflict((c) =>
        c.columns(['kind', 'item_id']).doUpdateSet((eb) => ({
          business_day: eb.ref('excluded.business_day'),
          marked_at: eb.ref('excluded.marked_at'),
          marked_by: eb.ref('excluded.marked_by'),
        })),
      ),
  );
}

/** Puts one product or option back on sale; marks of days gone by leave with it. */
export function markBack(db: TillDatabase, kind: SoldOutKind, id: string, businessDay: string): void {
  itemOf(db, kind, id);
  run(db, q.deleteFrom('sold_out_marks').where('kind', '=', kind).where('item_id', '=', id));
  run(db, q.deleteFrom('sold_out_marks').where('business_day', '!=', businessDay));
}

/**
 * The options of `ids`, by id. An option has no index on its own id (the pull's
 * write cost, catalog/replica-tables.ts keptByParent): one query for all the
 * marks is one scan of the options, where one per mark was a scan each.
 */
const OPTIONS_BY_ID = prepared<{ ids: string }>()(
  q.selectFrom('modifiers').select(['id', 'product_id', 'name_en', 'name_ar']).where('id', 'in', jsonList('ids')),
);

/** Everything sold out on `businessDay`, with its names (an item the catalog no longer has is left out). */
export function soldOutList(db: TillDatabase, businessDay: string): SoldOutView[] {
  const marks = all(db, q.selectFrom('sold_out_marks').selectAll().where('business_day', '=', businessDay).orderBy('marked_at').orderBy('item_id'));
  const optionIds = marks.filter((mark) => mark.kind === 'modifier').map((mark) => mark.item_id);
  const options = new Map(
    (optionIds.length === 0 ? [] : OPTIONS_BY_ID.all(db, { ids: JSON.stringify(optionIds) })).map(({ id, ...item }) => [id, item] as const),
  );
  const views: SoldOutView[] = [];
  for (const mark of marks) {
    const kind = mark.kind as SoldOutKind;
    let item;
    if (kind === 'modifier') item = options.get(mark.item_id);
    else {
      try {
        item = itemOf(db, kind, mark.item_id);
      } catch {
        item = undefined;
      }
    }
    if (!item) continue;
    views.push({ kind, id: mark.item_id, ...item, marked_at: mark.marked_at, marked_by: mark.marked_by });
  }
  return views;
}

/** Asked at every tap: compiled once, not built by Kysely at each call. */
const MARKS_OF_DAY = prepared<{ businessDay: string }>()(
  q.selectFrom('sold_out_marks').select(['kind', 'item_id']).where('business_day', '=', param<string>('businessDay')),
);

/** The ids sold out on `businessDay`, for the add checks and the tiles. */
export function soldOutToday(db: TillDatabase, businessDay: string): SoldOutToday {
  const marks = MARKS_OF_DAY.all(db, { businessDay });
  return {
    products: new Set(marks.filter((m) => m.kind === 'product').map((m) => m.item_id)),
    modifiers: new Set(marks.filter((m) => m.kind === 'modifier').map((m) => m.item_id)),
  };
}
