import type { Category } from '../src-shared/catalog/index.ts';
import type { VersionFeatures } from './version-features.ts';

/** A product category; its sector links name the category `product_category_id` below 2.3.0. */
export function serializeCategory(category: Category, features: VersionFeatures): Record<string, unknown> {
  return {
    id: category.id,
    icon: category.icon,
    name_en: category.name_en,
    name_ar: category.name_ar,
    deleted_at: category.deleted_at,
    sectors: category.sectors.map((link) =>
      features.renamed
        ? { id: link.id, sector_id: link.sector_id, category_id: link.category_id }
        : { id: link.id, sector_id: link.sector_id, product_category_id: link.category_id },
    ),
  };
}
