import { formatMinor } from '../../../src-shared/money/index.ts';
import { openDatabase } from '../../db/index.ts';
import { currencyDecimals, readCatalog, readReplicaMeta, type CatalogSnapshot } from '../../catalog/index.ts';
import { parseCommandArgs, requireOption, type CliIo } from '../cli-io.ts';

/** The snapshot as printed: money as decimal strings of the currency's places (a PERCENT in two), as the wire writes it. */
function withDecimalMoney(catalog: CatalogSnapshot, decimals: number) {
  return {
    ...catalog,
    products: catalog.products.map((p) => ({
      ...p,
      modifiers: p.modifiers.map((m) => ({ ...m, price: formatMinor(m.price, decimals) })),
      prices: p.prices.map((price) => ({ ...price, value: formatMinor(price.value, price.value_type === 'PERCENT' ? 2 : decimals) })),
    })),
  };
}

/** `pos catalog --db FILE [--json]`: the replica as canonical records. */
export async function catalogCommand(argv: string[], io: CliIo): Promise<number> {
  const { values } = parseCommandArgs('catalog', argv, { db: { type: 'string' }, json: { type: 'boolean', default: false } });
  const db = openDatabase(requireOption('catalog', 'db', values.db), { readOnly: true });
  try {
    const catalog = readCatalog(db);
    if (values.json) {
      io.out(JSON.stringify(withDecimalMoney(catalog, currencyDecimals(db))));
      return 0;
    }
    const meta = readReplicaMeta(db);
    const pulled = meta.lastPull ? `pulled ${new Date(meta.lastPull.at).toISOString()} at API ${meta.lastPull.api_version}` : 'never pulled';
    io.out(`Catalog ${pulled}`);
    for (const category of catalog.categories) {
      const count = catalog.products.filter((p) => p.category_id === category.id).length;
      io.out(`  ${category.icon} ${category.name_en} / ${category.name_ar}: ${count} products`);
    }
    io.out(`  payment methods: ${catalog.payment_methods.map((m) => m.key).join(', ')}`);
    io.out(`  printers: ${catalog.printers.map((p) => p.name).join(', ')}`);
    return 0;
  } finally {
    db.close();
  }
}
