import type { z } from 'zod';
import type { Modifier } from '../catalog/index.ts';
import { decimal, id, record, text } from './primitives.ts';

/** A product modifier; the spec does not show it, so this is the emulator's shape (emulator/README.md, 9), the same at every version. */
export const modifierSchema = record({
  id,
  product_id: id,
  name_en: text,
  name_ar: text,
  price: decimal,
});

export type WireModifier = z.output<typeof modifierSchema>;

export function normalizeModifier(wire: WireModifier): Modifier {
  return { id: wire.id, product_id: wire.product_id, name_en: wire.name_en, name_ar: wire.name_ar, price: wire.price };
}
