import type { ApiVersion } from '../api-version.ts';
import type { Kitchen, KitchenCategory, PrinterKitchen } from '../catalog/index.ts';
import { schemaOf } from './schema-from-table.ts';
import { perVersion } from './per-version.ts';

/** An item of `GET /kitchens` (not in the spec; member table, "kitchen"): a kitchen with its printer and category links. */
export const kitchenSchema = perVersion((version: ApiVersion) => schemaOf('kitchen', version));

interface WirePrinterLink {
  id?: string | null;
  printer_id: string;
  kitchen_id?: string | null;
  kitchen_group_id?: string | null;
}

interface WireCategoryLink {
  id?: string | null;
  kitchen_id?: string | null;
  kitchen_group_id?: string | null;
  category_id?: number;
  product_category_id?: number;
}

export interface WireKitchen {
  id?: string | null;
  branch_id?: string | null;
  name_en?: string | null;
  name_ar?: string | null;
  printers?: WirePrinterLink[] | null;
  categories?: WireCategoryLink[] | null;
}

export function normalizeKitchen(input: unknown, position = 0): Kitchen {
  const wire = input as WireKitchen;
  const id = wire.id ?? `kitchen-${position + 1}`;
  const fallbackName = `Kitchen ${position + 1}`;
  const printers: PrinterKitchen[] = (wire.printers ?? []).map((link, index) => ({
    id: link.id ?? `${id}:printer:${index + 1}`,
    printer_id: link.printer_id,
    kitchen_id: link.kitchen_id ?? link.kitchen_group_id ?? id,
  }));
  const categories: KitchenCategory[] = (wire.categories ?? []).map((link, index) => ({
    id: link.id ?? `${id}:category:${index + 1}`,
    kitchen_id: link.kitchen_id ?? link.kitchen_group_id ?? id,
    category_id: (link.category_id ?? link.product_category_id)!,
  }));
  return {
    id,
    branch_id: wire.branch_id ?? null,
    name_en: wire.name_en ?? wire.name_ar ?? fallbackName,
    name_ar: wire.name_ar ?? wire.name_en ?? fallbackName,
    printers,
    categories,
  };
}
