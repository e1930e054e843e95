import type { ModifierGroup } from '../../src-shared/catalog/index.ts';
import type { Minor } from '../../src-shared/money/index.ts';

/** The replica's modifier columns the till reads back (the pull writes them: sync/catalog-resources.ts stageModifier). */
export const MODIFIER_COLUMNS = [
  'id',
  'product_id',
  'name_en',
  'name_ar',
  'price',
  'group_id',
  'group_name_en',
  'group_name_ar',
  'group_min',
  'group_max',
] as const;

interface ModifierRow {
  id: string;
  product_id: string;
  name_en: string;
  name_ar: string;
  price: Minor;
  group_id: string | null;
  group_name_en: string | null;
  group_name_ar: string | null;
  group_min: number;
  group_max: number | null;
}

/** A stored option with its group as the catalog records name it; no group: left out (an optional add-on), as before groups. */
export function modifierOfRow(row: ModifierRow): { id: string; product_id: string; name_en: string; name_ar: string; price: Minor; group?: ModifierGroup } {
  const { group_id, group_name_en, group_name_ar, group_min, group_max, ...option } = row;
  if (group_id === null) return option;
  return { ...option, group: { id: group_id, name_en: group_name_en ?? group_id, name_ar: group_name_ar ?? group_id, min: group_min, max: group_max } };
}
