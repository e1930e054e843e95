// The service's kitchens (replica tables kitchens, kitchen_printers,
// kitchen_categories): which printers and categories each one has. Local
// routing overrides are printing's (printer_routes), applied on top there.

import { all, q, type TillDatabase } from '../db/index.ts';

export interface ServiceKitchen {
  id: string;
  name_en: string;
  name_ar: string;
  printer_ids: string[];
  category_ids: number[];
}

export function readServiceKitchens(db: TillDatabase): ServiceKitchen[] {
  // One read transaction: the three lists from the same generation of the replica.
  const { kitchens, printers, categories } = db.transaction(() => ({
    kitchens: all(db, q.selectFrom('kitchens').select(['id', 'name_en', 'name_ar']).orderBy('position').orderBy('id')),
    printers: all(db, q.selectFrom('kitchen_printers').select(['kitchen_id', 'printer_id']).orderBy('printer_id')),
    categories: all(db, q.selectFrom('kitchen_categories').select(['kitchen_id', 'category_id']).orderBy('category_id')),
  }))();
  return kitchens.map((k) => ({
    ...k,
    printer_ids: printers.filter((p) => p.kitchen_id === k.id).map((p) => p.printer_id),
    category_ids: categories.filter((c) => c.kitchen_id === k.id).map((c) => c.category_id),
  }));
}

/** Each printer's categories through the kitchens it belongs to, by printer then category. */
export function serviceKitchenRoutes(db: TillDatabase): { printer_id: string; category_id: number }[] {
  return all(
    db,
    q
      .selectFrom('kitchen_printers as p')
      .innerJoin('kitchen_categories as c', 'c.kitchen_id', 'p.kitchen_id')
      .select(['p.printer_id', 'c.category_id'])
      .distinct()
      .orderBy('p.printer_id')
      .orderBy('c.category_id'),
  );
}
