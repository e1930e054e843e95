// Which categories each printer makes tickets for: the service's kitchens
// (replica tables kitchen_printers and kitchen_categories), unless this till
// overrides a printer locally (table printer_routes), which always wins.

import { serviceKitchenRoutes } from '../../catalog/index.ts';
import { all, q, run, type TillDatabase } from '../../db/index.ts';
import { TillError } from '../../../src-shared/errors/index.ts';

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
  const overrides = all(db, q.selectFrom('printer_routes').select(['printer_id', 'category_ids']));
  for (const row of overrides) {
    routes.set(row.printer_id, { categories: JSON.parse(row.category_ids) as number[], source: 'local' });
  }
  return routes;
}

/** Drops every local override: the service's kitchens route every printer again. */
export function clearLocalRoutes(db: TillDatabase): void {
  run(db, q.deleteFrom('printer_routes'));
}

/**
 * Overrides what the service routes to a printer, on this till only: it
 * prints kitchen tickets for exactly `categoryIds` (none: it is a receipt
 * printer). `null` removes the override and the service's routing applies.
 */
export function setLocalRoute(db: TillDatabase, printerId: string, categoryIds: readonly number[] | null, now: number = Date.now()): void {
  if (categoryIds === null) {
    run(db, q.deleteFrom('printer_routes').where('printer_id', '=', printerId));
    return;
  }
  if (categoryIds.some((id) => !Number.isInteger(id))) throw new TillError('invalid_input', `category ids routed to printer ${printerId} must be integers`);
  const unique = [...new Set(categoryIds)].sort((a, b) => a - b);
  run(
    db,
    q
      .insertInto('printer_routes')
      .values({ printer_id: printerId, category_ids: JSON.stringify(unique), updated_at: now })
      .onConflict((conflict) =>
        conflict.column('printer_id').doUpdateSet((eb) => ({ category_ids: eb.ref('excluded.category_ids'), updated_at: eb.ref('excluded.updated_at') })),
      ),
  );
}
