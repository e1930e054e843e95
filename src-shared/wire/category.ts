import type { ApiVersion } from '../api-version.ts';
import type { Category } from '../catalog/index.ts';
import { perVersion } from './per-version.ts';
import { schemaOf } from './schema-from-table.ts';
import { successEnvelopeSchema } from './envelope.ts';
import { readBody } from './wire-validation-error.ts';

/** A product category; the sector's category reference is `category_id` from 2.3.0 (member table, "category"). */
export const categorySchema = perVersion((version: ApiVersion) => schemaOf('category', version));

interface WireSector {
  id: number;
  sector_id: number;
  category_id?: number;
  product_category_id?: number;
}

export interface WireCategory {
  id: number;
  icon: string;
  name_en: string;
  name_ar: string;
  deleted_at: number | null;
  sectors: WireSector[];
}

export function normalizeCategory(input: unknown): Category {
  const wire = input as WireCategory;
  return {
    id: wire.id,
    icon: wire.icon,
    name_en: wire.name_en,
    name_ar: wire.name_ar,
    deleted_at: wire.deleted_at,
    sectors: wire.sectors.map((s) => ({ id: s.id, sector_id: s.sector_id, category_id: (s.category_id ?? s.product_category_id)! })),
  };
}

const categoryDetailSchema = perVersion((version: ApiVersion) => successEnvelopeSchema(categorySchema(version)));

/** `GET /product-categories/{id}`: one category in the success envelope. */
export function parseCategory(version: ApiVersion, body: unknown): Category {
  const envelope = readBody(categoryDetailSchema(version), body, {
    subject: 'categories',
    page: null,
    layout: { at: ['data'], listed: false },
  }) as { data: unknown };
  return normalizeCategory(envelope.data);
}
