import type { Kitchen } from '../src-shared/catalog/index.ts';
import type { VersionFeatures } from './version-features.ts';

/**
 * A kitchen with its printer-kitchen and kitchen-category links
 * (emulator/README.md, 17). From 2.3.0 the links say `kitchen_id` instead of
 * `kitchen_group_id`, and kitchen categories `category_id` instead of
 * `product_category_id` (spec, "Printer object").
 */
export function serializeKitchen(kitchen: Kitchen, features: VersionFeatures): Record<string, unknown> {
  const kitchenKey = features.renamed ? 'kitchen_id' : 'kitchen_group_id';
  const categoryKey = features.renamed ? 'category_id' : 'product_category_id';
  return {
    id: kitchen.id,
    branch_id: kitchen.branch_id,
    name_en: kitchen.name_en,
    name_ar: kitchen.name_ar,
    printers: kitchen.printers.map((link) => ({ id: link.id, printer_id: link.printer_id, [kitchenKey]: link.kitchen_id })),
    categories: kitchen.categories.map((link) => ({ id: link.id, [kitchenKey]: link.kitchen_id, [categoryKey]: link.category_id })),
  };
}
