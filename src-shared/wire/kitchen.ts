import type { z } from 'zod';
import { isAtLeast } from '../api-version.ts';
import type { ApiVersion } from '../api-version.ts';
import type { Kitchen, KitchenCategory, PrinterKitchen } from '../catalog/index.ts';
import { id, idOrNull, int, list, record, text } from './primitives.ts';
import { perVersion } from './per-version.ts';

// The spec renames the kitchen references at 2.3.0: `kitchen_group_id`
// becomes `kitchen_id`, and a kitchen category's `product_category_id`
// becomes `category_id` (like the sector links of a category).
const legacyPrinterLink = record({ id, printer_id: id, kitchen_group_id: id });
const printerLink = record({ id, printer_id: id, kitchen_id: id });
const legacyCategoryLink = record({ id, kitchen_group_id: id, product_category_id: int });
const categoryLink = record({ id, kitchen_id: id, category_id: int });

function kitchenShape<P extends z.ZodType, C extends z.ZodType>(printers: P, categories: C) {
  return record({ id, branch_id: idOrNull, name_en: text, name_ar: text, printers: list(printers), categories: list(categories) });
}

/** An item of `GET /kitchens` (emulator/README.md, 17): a kitchen with its printer and category links. */
export const kitchenSchema = perVersion((version: ApiVersion) =>
  isAtLeast(version, '2.3.0') ? kitchenShape(printerLink, categoryLink) : kitchenShape(legacyPrinterLink, legacyCategoryLink),
);

export type WireKitchen = z.output<ReturnType<typeof kitchenSchema>>;

function normalizePrinterLink(wire: WireKitchen['printers'][number]): PrinterKitchen {
  return { id: wire.id, printer_id: wire.printer_id, kitchen_id: 'kitchen_id' in wire ? wire.kitchen_id : wire.kitchen_group_id };
}

function normalizeCategoryLink(wire: WireKitchen['categories'][number]): KitchenCategory {
  return {
    id: wire.id,
    kitchen_id: 'kitchen_id' in wire ? wire.kitchen_id : wire.kitchen_group_id,
    category_id: 'category_id' in wire ? wire.category_id : wire.product_category_id,
  };
}

export function normalizeKitchen(wire: WireKitchen): Kitchen {
  return {
    id: wire.id,
    branch_id: wire.branch_id,
    name_en: wire.name_en,
    name_ar: wire.name_ar,
    printers: wire.printers.map(normalizePrinterLink),
    categories: wire.categories.map(normalizeCategoryLink),
  };
}
