import type { z } from 'zod';
import { isAtLeast } from '../api-version.ts';
import type { ApiVersion } from '../api-version.ts';
import type { Ingredient } from '../catalog/index.ts';
import { decimal, humanLine, id, record } from './primitives.ts';
import { perVersion } from './per-version.ts';

/** An ingredient (emulator/README.md, 14); `cost` is hidden below 2.1.0. */
const hiddenCost = record({ id, name: humanLine });
const withCost = record({ id, name: humanLine, cost: decimal });

// The declared union keeps both shapes: inferred, the subset shape would absorb the other.
export const ingredientSchema = perVersion((version: ApiVersion): typeof hiddenCost | typeof withCost => (isAtLeast(version, '2.1.0') ? withCost : hiddenCost));

export type WireIngredient = z.output<ReturnType<typeof ingredientSchema>>;

export function normalizeIngredient(wire: WireIngredient): Ingredient {
  return { id: wire.id, name: wire.name, cost: 'cost' in wire ? wire.cost : null };
}
