import type { ApiVersion } from '../api-version.ts';
import type { Barcode } from '../catalog/index.ts';
import { schemaOf } from './schema-from-table.ts';
import { perVersion } from './per-version.ts';

/** An item of `/products/modifiers/barcodes`: not shown by the spec (member table, "barcode"). */
export const barcodeSchema = perVersion((version: ApiVersion) => schemaOf('barcode', version));

export interface WireBarcode {
  id?: string | null;
  barcode: string;
  product_id: string;
  modifier_id?: string | null;
}

export function normalizeBarcode(input: unknown): Barcode {
  const wire = input as WireBarcode;
  return {
    id: wire.id ?? `barcode:${wire.barcode}`,
    barcode: wire.barcode,
    product_id: wire.product_id,
    modifier_id: wire.modifier_id ?? null,
  };
}
