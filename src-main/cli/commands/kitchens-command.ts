import { existsSync } from 'node:fs';
import { openDatabase } from '../../db/index.ts';
import { readCategoryRoutes, readKitchens, resetRouting, routeCategory } from '../../branch/index.ts';
import { readTillPrinters } from '../../printing/index.ts';
import { parseCommandArgs, requireOption, UsageError, type CliIo } from '../cli-io.ts';
import { TillError } from '../../../src-shared/errors/index.ts';

export const KITCHENS_USAGE = [
  'pos kitchens --db FILE [--json]',
  '  pos kitchens --db FILE route CATEGORY_ID PRINTER_ID|none',
  '  pos kitchens --db FILE reset [PRINTER_ID]',
].join('\n');

/**
 * `pos kitchens`: where each category's kitchen tickets print (the
 * service's kitchens with this till's overrides); `route` sends a category
 * to one printer, `reset` drops the overrides.
 */
export async function kitchensCommand(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs('kitchens', argv, { db: { type: 'string' }, json: { type: 'boolean', default: false } }, true);
  const dbFile = requireOption('kitchens', 'db', values.db);
  const [action, first, second, ...extra] = positionals;
  if (action === undefined) {
    const db = openDatabase(dbFile, { readOnly: true });
    try {
      const printers = new Map(readTillPrinters(db).map((p) => [p.id, p.name]));
      const categories = readCategoryRoutes(db);
      if (values.json) {
        io.out(JSON.stringify({ kitchens: readKitchens(db), categories }));
        return 0;
      }
      if (categories.length === 0) io.out('No categories: this till has no catalog yet. Sync first.');
      for (const c of categories) {
        const where = c.printer_ids.map((id) => `${printers.get(id) ?? id} (${id})`).join(', ') || 'no kitchen ticket';
        io.out(`${String(c.category_id).padStart(4)}  ${c.name_en}  ->  ${where}`);
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
  } else {
    throw new UsageError(`pos kitchens: unknown action "${action}"; use route or reset`);
  }
  if (!existsSync(dbFile)) {
    io.err(`pos kitchens: no database at ${dbFile}; run "pos sync --db ${dbFile} ..." first`);
    return 1;
  }
  const db = openDatabase(dbFile);
  try {
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
