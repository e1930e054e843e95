import { existsSync } from 'node:fs';
import { openDatabase, type TillDatabase } from '../../db/index.ts';
import { kitchenDisplayRoutes, routeDisplay } from '../../kitchen/index.ts';
import { parseInput } from '../../../src-shared/api/index.ts';
import { readCategoryRoutes, readKitchens, resetRouting, routeCategory } from '../../branch/index.ts';
import { readTillPrinters } from '../../printing/index.ts';
import { parseCommandArgs, requireOption, UsageError, type CliIo } from '../cli-io.ts';
import { TillError } from '../../../src-shared/errors/index.ts';

export const KITCHENS_USAGE = [
  'pos kitchens --db FILE [--json]',
  '  pos kitchens --db FILE route CATEGORY_ID PRINTER_ID|none',
  '  pos kitchens --db FILE reset [PRINTER_ID]',
  '  pos kitchens --db FILE display STATION_CODE --categories 1,2 [--fallback PRINTER_ID]',
].join('\n');

/**
 * `pos kitchens`: where each category's kitchen tickets print (the
 * service's kitchens with this till's overrides); `route` sends a category
 * to one printer, `reset` drops the overrides; `display` sets which
 * categories a kitchen display shows (none: `--categories none`) and its
 * fallback printer while it is offline.
 */
export async function kitchensCommand(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    'kitchens',
    argv,
    { db: { type: 'string' }, json: { type: 'boolean', default: false }, categories: { type: 'string' }, fallback: { type: 'string' } },
    true,
  );
  const dbFile = requireOption('kitchens', 'db', values.db);
  const [action, first, second, ...extra] = positionals;
  if (action === undefined) {
    const db = openDatabase(dbFile, { readOnly: true });
    try {
      const printers = new Map(readTillPrinters(db).map((p) => [p.id, p.name]));
      const categories = readCategoryRoutes(db);
      const displays = kitchenDisplayRoutes(db);
      if (values.json) {
        io.out(JSON.stringify({ kitchens: readKitchens(db), categories, displays }));
        return 0;
      }
      if (categories.length === 0) io.out('No categories: this till has no catalog yet. Sync first.');
      for (const c of categories) {
        const where = c.printer_ids.map((id) => `${printers.get(id) ?? id} (${id})`).join(', ') || 'no kitchen ticket';
        const shown = displays.filter((d) => d.categories.includes(c.category_id)).map((d) => `display ${d.station.code}`);
        io.out(`${String(c.category_id).padStart(4)}  ${c.name_en}  ->  ${[where, ...shown].join(', ')}`);
      }
      for (const d of displays) {
        const fallback =
          d.fallback_printer_id === null
            ? "each category's kitchen printer"
            : `${printers.get(d.fallback_printer_id) ?? d.fallback_printer_id} (${d.fallback_printer_id})`;
        io.out(`display ${d.station.code} (${d.station.name}): categories ${d.categories.join(',') || 'none'}; offline it prints on ${fallback}`);
      }
      return 0;
    } finally {
      db.close();
    }
  }
  if (action === 'route') {
    if (first === undefined || second === undefined || extra.length > 0) throw new UsageError('pos kitchens route: give CATEGORY_ID and PRINTER_ID (or none)');
    if (!/^-?\d+$/.test(first)) throw new UsageError(`pos kitchens route: CATEGORY_ID must be a whole number, got "${first}"`);
  } else if (action === 'reset') {
    if (second !== undefined) throw new UsageError('pos kitchens reset: takes at most one PRINTER_ID');
  } else if (action === 'display') {
    if (first === undefined || second !== undefined) throw new UsageError('pos kitchens display: give one STATION_CODE');
    if (values.categories === undefined) throw new UsageError('pos kitchens display: --categories is required (1,2,… or none)');
    if (values.categories !== 'none' && !/^\d+(,\d+)*$/.test(values.categories))
      throw new UsageError(`pos kitchens display: --categories must be category ids like 1,2 (or none), got "${values.categories}"`);
  } else {
    throw new UsageError(`pos kitchens: unknown action "${action}"; use route, reset or display`);
  }
  if (!existsSync(dbFile)) {
    io.err(`pos kitchens: no database at ${dbFile}; run "pos sync --db ${dbFile} ..." first`);
    return 1;
  }
  const db = openDatabase(dbFile);
  try {
    if (action === 'display') return displayRoute(db, first!, values.categories!, values.fallback ?? null, io);
    if (action === 'reset') {
      if (first !== undefined && !readTillPrinters(db).some((p) => p.id === first)) {
        io.err(`pos kitchens reset: there is no printer ${first} in ${dbFile}; list them with "pos printers --db ${dbFile}"`);
        return 1;
      }
      resetRouting(db, first);
      io.err(first === undefined ? "Kitchen routing is the service's again on this till." : `Printer ${first} follows the service's kitchens again.`);
      return 0;
    }
    const printerId = second === 'none' ? null : second!;
    try {
      routeCategory(db, Number(first), printerId);
    } catch (error) {
      if (error instanceof TillError) {
        io.err(`pos kitchens route: ${error.message}`);
        return 1;
      }
      throw error;
    }
    io.err(
      printerId === null
        ? `Category ${first} prints no kitchen ticket on this till now.`
        : `Category ${first}'s kitchen tickets print on printer ${printerId} now.`,
    );
    return 0;
  } finally {
    db.close();
  }
}

/** `pos kitchens display`: through the same checks as the Kitchens tab (a display station, known categories and printer). */
function displayRoute(db: TillDatabase, code: string, categories: string, fallback: string | null, io: CliIo): number {
  const ids = categories === 'none' ? [] : categories.split(',').map(Number);
  try {
    const [display] = routeDisplay(db, parseInput('routeKitchenDisplay', { station: code, categories: ids, fallback_printer_id: fallback }), Date.now()).filter(
      (d) => d.station.code === code.toUpperCase(),
    );
    io.err(
      ids.length === 0
        ? `Kitchen display ${display!.station.code} shows no categories now.`
        : `Kitchen display ${display!.station.code} shows categories ${display!.categories.join(',')}; offline, its tickets print on ${fallback ?? "each category's kitchen printer"}.`,
    );
    return 0;
  } catch (error) {
    if (error instanceof TillError) {
      io.err(`pos kitchens display: ${error.message}`);
      return 1;
    }
    throw error;
  }
}
