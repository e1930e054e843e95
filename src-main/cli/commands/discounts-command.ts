import { formatMinor } from '../../../src-shared/money/index.ts';
import type { DiscountView } from '../../../src-shared/selling/index.ts';
import { currencyDecimals } from '../../catalog/index.ts';
import { openDatabase } from '../../db/index.ts';
import { TillService } from '../../host/index.ts';
import { reasonText } from '../../orders/index.ts';
import { parseCommandArgs, requireOption, type CliIo } from '../cli-io.ts';

function what(d: DiscountView, decimals: number): string {
  const value = d.kind === 'PERCENT' ? `${formatMinor(d.value)}%` : formatMinor(d.value, decimals);
  const cap = d.max_amount !== null ? ` up to ${formatMinor(d.max_amount, decimals)}` : '';
  return `${value}${cap} off ${d.scope === 'ORDER' ? 'the order' : 'some items'}`;
}

/**
 * `pos discounts --db FILE [--json]` (issue 35): the service's discounts the
 * replica holds, each with whether it applies now (the till's clock, the
 * branch's time zone) to the first counter's cart, and why not, through the
 * same till API a screen uses. Exit 0, 1 when the till cannot sell yet, 2 usage.
 */
export async function discountsCommand(argv: string[], io: CliIo): Promise<number> {
  const { values } = parseCommandArgs('discounts', argv, { db: { type: 'string' }, json: { type: 'boolean', default: false } });
  const db = openDatabase(requireOption('discounts', 'db', values.db));
  try {
    const list = await new TillService({ db }).discounts();
    const decimals = currencyDecimals(db);
    if (values.json) {
      io.out(
        JSON.stringify(
          list.map((d) => ({
            ...d,
            reason: d.why_not === null ? null : reasonText(d.why_not, d, decimals),
            amount: formatMinor(d.amount, decimals),
          })),
        ),
      );
      return 0;
    }
    if (list.length === 0) {
      io.err('No discounts: the service has none, or the catalog was not synced yet (`pos sync`).');
      return 0;
    }
    for (const d of list) {
      const how = d.automatic ? 'automatic' : d.coupon ? 'coupon' : 'picked by the cashier';
      const now = d.applies ? 'applies now' : `not now: ${reasonText(d.why_not!, d, decimals)}`;
      io.out(`${d.name_en}  (${d.id})  ${what(d, decimals)}, ${how}: ${now}`);
    }
    return 0;
  } finally {
    db.close();
  }
}
