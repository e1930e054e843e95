import type { Ingredient, Product, ProductIngredient } from '../src-shared/catalog/index.ts';
import type { VersionFeatures } from './version-features.ts';

/** An ingredient (emulator/README.md, 14): `cost` is hidden below 2.1.0. */
export function serializeIngredient(ingredient: Ingredient, features: VersionFeatures): Record<string, unknown> {
  const out: Record<string, unknown> = { id: ingredient.id, name: ingredient.name };
  if (features.ingredientCost) out.cost = ingredient.cost;
  return out;
}

/**
 * A product ingredient (spec, "Product ingredient object"): `ingredient_id`
 * is the integer 1 below 2.2.0; from 2.3.0 `modifier_id`, and no tenant ids.
 */
export function serializeProductIngredient(
  link: ProductIngredient,
  product: Pick<Product, 'market_id' | 'branch_id'>,
  features: VersionFeatures,
): Record<string, unknown> {
  const out: Record<string, unknown> = { id: link.id, product_id: link.product_id };
  if (features.renamed) out.modifier_id = link.modifier_id;
  else out.product_modifier_id = link.modifier_id;
  out.ingredient_id = features.realIngredientId ? link.ingredient_id : 1;
  out.quantity = link.quantity;
  if (!features.renamed) {
    out.market_id = product.market_id;
    out.branch_id = product.branch_id;
  }
  return out;
}
