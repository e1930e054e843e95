import type { z } from 'zod';
import { isAtLeast } from '../api-version.ts';
import type { ApiVersion } from '../api-version.ts';
import type { Category, SectorLink } from '../catalog/index.ts';
import { epochMsOrNull, int, list, record, text } from './primitives.ts';
import { perVersion } from './per-version.ts';
import { successEnvelopeSchema } from './envelope.ts';
import { readBody } from './wire-validation-error.ts';

const legacySector = record({ id: int, sector_id: int, product_category_id: int });
const sector = record({ id: int, sector_id: int, category_id: int });

function categoryShape<S extends z.ZodType>(sectorSchema: S) {
  return record({
    id: int,
    icon: text,
    name_en: text,
    name_ar: text,
    deleted_at: epochMsOrNull,
    sectors: list(sectorSchema),
  });
}

/** A product category; the sector's category reference is `category_id` from 2.3.0. */
export const categorySchema = perVersion((version: ApiVersion) =>
  isAtLeast(version, '2.3.0') ? categoryShape(sector) : categoryShape(legacySector),
);

export type WireCategory = z.output<ReturnType<typeof categorySchema>>;

function normalizeSector(wire: WireCategory['sectors'][number]): SectorLink {
  return {
    id: wire.id,
    sector_id: wire.sector_id,
    category_id: 'category_id' in wire ? wire.category_id : wire.product_category_id,
  };
}

export function normalizeCategory(wire: WireCategory): Category {
  return {
    id: wire.id,
    icon: wire.icon,
    name_en: wire.name_en,
    name_ar: wire.name_ar,
    deleted_at: wire.deleted_at,
    sectors: wire.sectors.map(normalizeSector),
  };
}

const categoryDetailSchema = perVersion((version: ApiVersion) => successEnvelopeSchema(categorySchema(version)));

/** `GET /product-categories/{id}`: one category in the success envelope. */
export function parseCategory(version: ApiVersion, body: unknown): Category {
  const envelope = readBody(categoryDetailSchema(version), body, {
    subject: 'categories',
    page: null,
    layout: { at: ['data'], listed: false },
  });
  return normalizeCategory(envelope.data);
}
