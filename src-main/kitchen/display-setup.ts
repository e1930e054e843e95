// Routing a kitchen display (issue 21): the Kitchens tab's and `pos kitchens
// display`'s one path, checked against this till's stations, categories and
// printers before anything is written.

import type { KitchenDisplayRouteView } from '../../src-shared/kitchen/index.ts';
import type { ParsedInput } from '../../src-shared/api/index.ts';
import { TillError } from '../../src-shared/errors/index.ts';
import { hasCategory } from '../catalog/index.ts';
import type { TillDatabase } from '../db/index.ts';
import { readTillPrinter } from '../printing/index.ts';
import { listStations, stationByCode } from '../stations/index.ts';
import { readDisplayRoutes, setDisplayRoute } from './display-routes.ts';

/** Every kitchen display in use with its categories and fallback printer (none routed yet: no categories). */
export function kitchenDisplayRoutes(db: TillDatabase): KitchenDisplayRouteView[] {
  const routes = new Map(readDisplayRoutes(db).map((r) => [r.station_id, r]));
  return listStations(db)
    .filter((s) => s.kind === 'kitchen_display')
    .map((s) => ({
      station: { id: s.id, code: s.code, name: s.name },
      categories: routes.get(s.id)?.categories ?? [],
      fallback_printer_id: routes.get(s.id)?.fallback_printer_id ?? null,
    }));
}

/** Sets what a display shows and where it falls back to; refuses a station that is no display, an unknown category or printer. */
export function routeDisplay(db: TillDatabase, input: ParsedInput<'routeKitchenDisplay'>, now: number): KitchenDisplayRouteView[] {
  const station = stationByCode(db, input.station);
  if (station?.kind !== 'kitchen_display')
    throw new TillError('invalid_input', `station ${input.station} is not a kitchen display: add a station of kind kitchen_display first`, {
      code: 'kitchen.notDisplay',
      params: { code: input.station },
    });
  for (const category of input.categories)
    if (!hasCategory(db, category))
      throw new TillError('not_found', `this till has no category ${category}: sync the catalog, or pick one of its categories`, {
        code: 'kitchen.unknownCategory',
        params: { category },
      });
  if (input.fallback_printer_id !== null && !readTillPrinter(db, input.fallback_printer_id))
    throw new TillError('not_found', `this till has no printer ${input.fallback_printer_id} for the fallback: pick one of the catalog's printers`, {
      code: 'kitchen.unknownPrinter',
      params: { printer: input.fallback_printer_id },
    });
  setDisplayRoute(db, station.id, input.categories, input.fallback_printer_id, now);
  return kitchenDisplayRoutes(db);
}
