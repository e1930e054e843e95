import type { Modifier } from '../catalog/index.ts';
import { schemaOf } from './schema-from-table.ts';
import { ReadTally } from './read-tally.ts';

/** A product modifier: not shown by the spec, so every member is optional (member table, "modifier"). */
export const modifierSchema = schemaOf('modifier', '2.5.0');

export interface WireModifier {
  id?: string | null;
  product_id?: string | null;
  name_en?: string | null;
  name_ar?: string | null;
  price?: string | number | null;
}

/** Missing members take the member table's fallbacks; `parentProductId` is the product it is nested in or read for. */
export function normalizeModifier(input: unknown, position = 0, tally: ReadTally = new ReadTally(), parentProductId?: string): Modifier {
  const wire = input as WireModifier;
  const productId = wire.product_id ?? parentProductId ?? '';
  const id = wire.id ?? `${productId}:modifier:${position + 1}`;
  const fallbackName = `Option ${position + 1}`;
  return {
    id,
    product_id: productId,
    name_en: wire.name_en ?? wire.name_ar ?? fallbackName,
    name_ar: wire.name_ar ?? wire.name_en ?? fallbackName,
    // No price: a free add-on.
    price: tally.money(wire.price, '0.00', `product ${productId} modifier ${id} price`),
  };
}
