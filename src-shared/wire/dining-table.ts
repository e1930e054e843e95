import type { ApiVersion } from '../api-version.ts';
import type { DiningTable } from '../catalog/index.ts';
import { schemaOf } from './schema-from-table.ts';
import { perVersion } from './per-version.ts';

/** An item of `GET /tables` (fields not shown by the spec; member table, "dining_table"). */
export const diningTableSchema = perVersion((version: ApiVersion) => schemaOf('dining_table', version));

export interface WireDiningTable {
  id: string;
  name?: string | null;
  area?: string | null;
  seats?: number | null;
  is_active?: boolean | null;
}

/** A table as the till keeps it: missing members take the member table's fallbacks. */
export function normalizeDiningTable(input: unknown): DiningTable {
  const wire = input as WireDiningTable;
  const name = wire.name?.trim() ? wire.name.trim() : `Table ${wire.id}`;
  const area = wire.area?.trim() ? wire.area.trim() : null;
  return { id: wire.id, name, area, seats: wire.seats != null && wire.seats > 0 ? wire.seats : null, is_active: wire.is_active ?? true };
}
