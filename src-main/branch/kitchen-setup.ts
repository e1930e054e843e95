// Kitchen routing as the Branch screen and `pos kitchens` show and change
// it: the service's kitchens, each category with the printers its tickets
// go to now, and moving a category to one printer on this till only.

import { type BranchKitchenView, type CategoryRouteView } from '../../src-shared/branch/index.ts';
import { TillError } from '../../src-shared/errors/index.ts';
import type { TillDatabase } from '../db/index.ts';
import { categoryNames, hasCategory, readServiceKitchens } from '../catalog/index.ts';
import { clearLocalRoutes, readKitchenRoutes, readTillPrinters, setLocalRoute } from '../printing/index.ts';

export function readKitchens(db: TillDatabase): BranchKitchenView[] {
  return readServiceKitchens(db);
}

/** Every category with the printers that make its tickets now (local overrides included): the routing preview. */
export function readCategoryRoutes(db: TillDatabase): CategoryRouteView[] {
  const routes = readKitchenRoutes(db);
  return categoryNames(db).map((c) => ({
    category_id: c.id,
    name_en: c.name_en,
    name_ar: c.name_ar,
    printer_ids: [...routes]
      .filter(([, route]) => route.categories.includes(c.id))
      .map(([printerId]) => printerId)
      .sort(),
  }));
}

/**
 * From now on, `categoryId`'s kitchen tickets print on `printerId` only
 * (null: on no printer). Only the printers whose routing changes get a local
 * override; in one transaction, so a failure leaves the routing as it was.
 */
export function routeCategory(db: TillDatabase, categoryId: number, printerId: string | null, now = Date.now()): void {
  if (!hasCategory(db, categoryId)) throw new TillError('not_found', `there is no category ${categoryId} in the catalog; list them with "pos kitchens"`);
  const printers = readTillPrinters(db);
  if (printerId !== null && !printers.some((p) => p.id === printerId)) {
    throw new TillError('not_found', `there is no printer ${printerId} in the catalog; list them with "pos printers"`);
  }
  db.transaction(() => {
    for (const printer of printers) {
      const current = [...printer.categories];
      const has = current.includes(categoryId);
      if (printer.id === printerId && !has) setLocalRoute(db, printer.id, [...current, categoryId], now);
      else if (printer.id !== printerId && has)
        setLocalRoute(
          db,
          printer.id,
          current.filter((id) => id !== categoryId),
          now,
        );
    }
  })();
}

/** Drops local routing overrides (of one printer, or all): the service's kitchens apply again. */
export function resetRouting(db: TillDatabase, printerId?: string): void {
  if (printerId === undefined) clearLocalRoutes(db);
  else setLocalRoute(db, printerId, null);
}
