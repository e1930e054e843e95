import type { ServedModifier } from './tenant.ts';

/**
 * A modifier has the same shape at every version (emulator/README.md, 9).
 * An option in a group names it on itself and repeats its rule (`group_id`,
 * `group_name_en`, `group_name_ar`, `min`, `max`), one plausible reading of
 * what the spec does not show; the `variant` profile sends the other (the
 * group as a record with its options nested).
 */
export function serializeModifier(modifier: ServedModifier): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: modifier.id,
    product_id: modifier.product_id,
    name_en: modifier.name_en,
    name_ar: modifier.name_ar,
    price: modifier.price,
  };
  const group = modifier.group;
  if (group) Object.assign(out, { group_id: group.id, group_name_en: group.name_en, group_name_ar: group.name_ar, min: group.min, max: group.max });
  return out;
}
