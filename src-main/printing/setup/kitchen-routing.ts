// Which categories each printer makes tickets for: the service's kitchens
// (replica tables kitchen_printers and kitchen_categories), unless this till
// overrides a printer locally (table printer_routes), which always wins.

import { serviceKitchenRoutes } from '../../catalog/index.ts';
import type { TillDatabase } from '../../db/index.ts';

export type RoutingSource = 'service' | 'local';

export interface PrinterRoute {
  categories: number[];
  source: RoutingSource;
}

/** Every printer's routed categories: the service's, then the local overrides on top. */
export function readKitchenRoutes(db: TillDatabase): Map<string, PrinterRoute> {
  const routes = new Map<string, PrinterRoute>();
  for (const row of serviceKitchenRoutes(db)) {
    let route = routes.get(row.printer_id);
    if (!route) routes.set(row.printer_id, (route = { categories: [], source: 'service' }));
    route.categories.push(row.category_id);
  }
  const overrides = db.prepare('SELECT printer_id, category_ids FROM printer_routes').all() as { printer_id: string; category_ids: string }[];
  for (const row of overrides) {
    routes.set(row.printer_id, { categories: JSON.parse(row.category_ids) as number[], source: 'local' });
  }
  return routes;
}

/** Drops every local override: the service's kitchens route every printer again. */
export function clearLocalRoutes(db: TillDatabase): void {
  db.prepare('DELETE FROM printer_routes').run();
}

/**
 * Overrides what the service routes to a printer, on this till only: it
 * prints kitchen tickets for exactly `categoryIds` (none: it is a receipt
 * printer). `null` removes the override and the service's routing applies.
 */
export function setLocalRoute(db: TillDatabase, printerId: string, categoryIds: readonly number[] | null, now: number = Date.now()): void {
  if (categoryIds === null) {
    db.prepare('DELETE FROM printer_routes WHERE printer_id = ?').run(printerId);
    return;
  }
  if (categoryIds.some((id) => !Number.isInteger(id))) throw new RangeError(`category ids routed to printer ${printerId} must be integers`);
  const unique = [...new Set(categoryIds)].sort((a, b) => a - b);
  db.prepare(
    `INSERT INTO printer_routes (printer_id, category_ids, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (printer_id) DO UPDATE SET category_ids = excluded.category_ids, updated_at = excluded.updated_at`,
  ).run(printerId, JSON.stringify(unique), now);
}
