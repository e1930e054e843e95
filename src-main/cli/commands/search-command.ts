import { searchProducts } from '../../catalog/index.ts';
import { openDatabase } from '../../db/index.ts';
import { parseCommandArgs, parseInteger, requireOption, UsageError, type CliIo } from '../cli-io.ts';

/** `pos search --db FILE QUERY [--json] [--limit N]`. */
export async function searchCommand(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    'search',
    argv,
    { db: { type: 'string' }, json: { type: 'boolean', default: false }, limit: { type: 'string' } },
    true,
  );
  const query = positionals.join(' ');
  if (query.trim() === '') throw new UsageError('pos search: give the words to look for, e.g. pos search --db till.db latte');
  const db = openDatabase(requireOption('search', 'db', values.db), { readOnly: true });
  try {
    const hits = searchProducts(db, query, parseInteger('search', 'limit', values.limit, 1, 1000) ?? 50);
    if (values.json) io.out(JSON.stringify(hits));
    else if (hits.length === 0) io.out(`No product matches "${query}".`);
    else for (const hit of hits) io.out(`${hit.name_en} / ${hit.name_ar}${hit.barcode ? ` [${hit.barcode}]` : ''}  (${hit.id})`);
    return 0;
  } finally {
    db.close();
  }
}
