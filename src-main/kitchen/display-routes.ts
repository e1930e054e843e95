// Which categories each kitchen display shows (table kitchen_display_routes),
// set on this hub only (Branch screen → Kitchens, `pos kitchens display`):
// beside the printers' routing, so a category goes to a printer, a display,
// or both. The fallback printer takes a display's tickets while it is offline.

import { all, q, run, type TillDatabase } from '../db/index.ts';

export interface DisplayRoute {
  station_id: number;
  categories: number[];
  /** Null: each category's own kitchen printer. */
  fallback_printer_id: string | null;
}

export function readDisplayRoutes(db: TillDatabase): DisplayRoute[] {
  return all(db, q.selectFrom('kitchen_display_routes').selectAll().orderBy('station_id')).map((row) => ({
    station_id: row.station_id,
    categories: JSON.parse(row.category_ids) as number[],
    fallback_printer_id: row.fallback_printer_id,
  }));
}

/** Sets a display's categories and fallback printer; no categories removes its route (it shows nothing). */
export function setDisplayRoute(db: TillDatabase, stationId: number, categories: readonly number[], fallbackPrinterId: string | null, now: number): void {
  if (categories.length === 0) {
    run(db, q.deleteFrom('kitchen_display_routes').where('station_id', '=', stationId));
    return;
  }
  const unique = [...new Set(categories)].sort((a, b) => a - b);
  run(
    db,
    q
      .insertInto('kitchen_display_routes')
      .values({ station_id: stationId, category_ids: JSON.stringify(unique), fallback_printer_id: fallbackPrinterId, updated_at: now })
      .onConflict((c) =>
        c.column('station_id').doUpdateSet((eb) => ({
          category_ids: eb.ref('excluded.category_ids'),
          fallback_printer_id: eb.ref('excluded.fallback_printer_id'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      ),
  );
}
