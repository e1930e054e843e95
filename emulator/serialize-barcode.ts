import type { Barcode } from '../src-shared/catalog/index.ts';
import type { VersionFeatures } from './version-features.ts';

/** A barcode (emulator/README.md, 11); the modifier reference is renamed at 2.3.0. */
export function serializeBarcode(barcode: Barcode, features: VersionFeatures): Record<string, unknown> {
  return features.renamed
    ? { id: barcode.id, barcode: barcode.barcode, product_id: barcode.product_id, modifier_id: barcode.modifier_id }
    : { id: barcode.id, barcode: barcode.barcode, product_id: barcode.product_id, product_modifier_id: barcode.modifier_id };
}
