import type { z } from 'zod';
import { isAtLeast } from '../api-version.ts';
import type { ApiVersion } from '../api-version.ts';
import type { ProductIngredient } from '../catalog/index.ts';
import { decimal, id, idOrNull, int, record } from './primitives.ts';
import { perVersion } from './per-version.ts';

/**
 * An item of `/products/{id}/ingredients` (emulator/README.md, 14).
 * `ingredient_id` is the real id (a string) from 2.2.0 and a meaningless
 * integer (always 1) before; the modifier reference is renamed and the
 * tenant ids dropped at 2.3.0.
 */
export const productIngredientSchema = perVersion((version: ApiVersion) => {
  const ingredientId = isAtLeast(version, '2.2.0') ? id : int;
  const common = { id, product_id: id, ingredient_id: ingredientId, quantity: decimal };
  return isAtLeast(version, '2.3.0')
    ? record({ ...common, modifier_id: idOrNull })
    : record({ ...common, product_modifier_id: idOrNull, market_id: id, branch_id: idOrNull });
});

export type WireProductIngredient = z.output<ReturnType<typeof productIngredientSchema>>;

export function normalizeProductIngredient(wire: WireProductIngredient): ProductIngredient {
  return {
    id: wire.id,
    product_id: wire.product_id,
    modifier_id: 'modifier_id' in wire ? wire.modifier_id : wire.product_modifier_id,
    // The pre-2.2.0 integer names no ingredient: keep "unknown", not a fake id.
    ingredient_id: typeof wire.ingredient_id === 'string' ? wire.ingredient_id : null,
    quantity: wire.quantity,
  };
}
