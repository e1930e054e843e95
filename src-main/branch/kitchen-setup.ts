// Kitchen routing as the Branch screen and `pos kitchens` show and change
// it: the service's kitchens, each category with the printers its tickets
// go to now, and moving a category to one printer on this till only.

import type { BranchKitchenView, CategoryRouteView } from '../../src-shared/till/index.ts';
import type { TillDatabase } from '../db/index.ts';
import { readKitchenRoutes, readTillPrinters, setLocalRoute } from '../printing/index.ts';

export function readKitchens(db: TillDatabase): BranchKitchenView[] {
  const kitchens = db.prepare('SELECT id, name_en, name_ar FROM kitchens ORDER BY position, id').all() as { id: string; name_en: string; name_ar: string }[];
  const printers = db.prepare('SELECT kitchen_id, printer_id FROM kitchen_printers ORDER BY printer_id').all() as { kitchen_id: string; printer_id: string }[];
  const categories = db.prepare('SELECT kitchen_id, category_id FROM kitchen_categories ORDER BY category_id').all() as { kitchen_id: string; category_id: number }[];
  return kitchens.map((k) => ({
    ...k,
    printer_ids: printers.filter((p) => p.kitchen_id === k.id).map((p) => p.printer_id),
    category_ids: categories.filter((c) => c.kitchen_id === k.id).map((c) => c.category_id),
  }));
}

/** Every category with the printers that make its tickets now (local overrides included): the routing preview. */
export function readCategoryRoutes(db: TillDatabase): CategoryRouteView[] {
  const routes = readKitchenRoutes(db);
  const categories = db.prepare('SELECT id, name_en, name_ar FROM categories ORDER BY position, id').all() as { id: number; name_en: string; name_ar: string }[];
  return categories.map((c) => ({
    category_id: c.id,
    name_en: c.name_en,
    name_ar: c.name_ar,
    printer_ids: [...routes].filter(([, route]) => route.categories.includes(c.id)).map(([printerId]) => printerId).sort(),
  }));
}

/**
 * From now on, `categoryId`'s kitchen tickets print on `printerId` only
 * (null: on no printer). Only the printers whose routing changes get a local
 * override; in one transaction, so a failure leaves the routing as it was.
 */
export function routeCategory(db: TillDatabase, categoryId: number, printerId: string | null, now = Date.now()): void {
  const category = db.prepare('SELECT id FROM categories WHERE id = ?').get(categoryId);
  if (!category) throw new RangeError(`there is no category ${categoryId} in the catalog; list them with "pos kitchens"`);
  const printers = readTillPrinters(db);
  if (printerId !== null && !printers.some((p) => p.id === printerId)) {
    throw new RangeError(`there is no printer ${printerId} in the catalog; list them with "pos printers"`);
  }
  db.transaction(() => {
    for (const printer of printers) {
      const current = [...printer.categories];
      const has = current.includes(categoryId);
      if (printer.id === printerId && !has) setLocalRoute(db, printer.id, [...current, categoryId], now);
      else if (printer.id !== printerId && has) setLocalRoute(db, printer.id, current.filter((id) => id !== categoryId), now);
    }
  })();
}

/** Drops local routing overrides (of one printer, or all): the service's kitchens apply again. */
export function resetRouting(db: TillDatabase, printerId?: string): void {
  if (printerId === undefined) db.prepare('DELETE FROM printer_routes').run();
  else setLocalRoute(db, printerId, null);
}
