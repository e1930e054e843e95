import type { ServedModifier } from './tenant.ts';

/** A modifier has the same shape at every version (emulator/README.md, 9). */
export function serializeModifier(modifier: ServedModifier): Record<string, unknown> {
  return {
    id: modifier.id,
    product_id: modifier.product_id,
    name_en: modifier.name_en,
    name_ar: modifier.name_ar,
    price: modifier.price,
  };
}
