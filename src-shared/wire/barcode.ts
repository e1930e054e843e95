import type { z } from 'zod';
import { isAtLeast } from '../api-version.ts';
import type { ApiVersion } from '../api-version.ts';
import type { Barcode } from '../catalog/index.ts';
import { id, idOrNull, record, text } from './primitives.ts';
import { perVersion } from './per-version.ts';

/** An item of `/products/modifiers/barcodes` (emulator/README.md, 11); the modifier reference is renamed at 2.3.0. */
export const barcodeSchema = perVersion((version: ApiVersion) =>
  isAtLeast(version, '2.3.0')
    ? record({ id, barcode: text, product_id: id, modifier_id: idOrNull })
    : record({ id, barcode: text, product_id: id, product_modifier_id: idOrNull }),
);

export type WireBarcode = z.output<ReturnType<typeof barcodeSchema>>;

export function normalizeBarcode(wire: WireBarcode): Barcode {
  return {
    id: wire.id,
    barcode: wire.barcode,
    product_id: wire.product_id,
    modifier_id: 'modifier_id' in wire ? wire.modifier_id : wire.product_modifier_id,
  };
}
