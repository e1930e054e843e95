import type { TillApi } from '../../../src-shared/api/index.ts';
import type { SoldOutKind, SoldOutView } from '../../../src-shared/selling/index.ts';
import { TillError } from '../../../src-shared/errors/index.ts';
import { openDatabase } from '../../db/index.ts';
import { TillService } from '../../host/index.ts';
import { parseCommandArgs, requireOption, UsageError, type CliIo } from '../cli-io.ts';

const ACTIONS = ['list', 'sold-out', 'back'] as const;

function describe(mark: SoldOutView): string {
  const at = new Date(mark.marked_at);
  const time = `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
  return `${mark.kind === 'product' ? 'product' : 'option '}  ${mark.id}  ${mark.name_en}  (${mark.name_ar})  since ${time} by ${mark.marked_by}`;
}

/** A product's id first, then an option's: the operator types the id as the catalog has it, whichever it is. */
async function onEither(id: string, call: (kind: SoldOutKind) => Promise<SoldOutView[]>): Promise<SoldOutView[]> {
  try {
    return await call('product');
  } catch (error) {
    if (!(error instanceof TillError && error.reason?.code === 'soldOut.unknown')) throw error;
    return call('modifier');
  }
}

/**
 * `pos products`: what is sold out today (issue 34 item 6), through the same
 * till API a screen calls. `sold-out ID` marks a product or an option (by
 * its catalog id) until the next business day; `back ID` puts it on sale
 * again. Run on the till's machine, it is the operator's (as every `pos`
 * command). Exit 0 done, 1 refused (no such product or option), 2 usage.
 */
export async function productsCommand(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs('products', argv, { db: { type: 'string' }, json: { type: 'boolean', default: false } }, true);
  const [action = 'list', ...args] = positionals;
  const dbFile = requireOption('products', 'db', values.db);
  if (!(ACTIONS as readonly string[]).includes(action)) throw new UsageError(`pos products: say what to do: list, sold-out or back (not "${action}")`);
  if (action === 'list' && args.length !== 0) throw new UsageError('pos products: list takes nothing more');
  if (action !== 'list' && args.length !== 1) throw new UsageError(`pos products: ${action} takes one ID (a product's or an option's, as the catalog has it)`);

  const db = openDatabase(dbFile);
  try {
    const till: Pick<TillApi, 'soldOut' | 'markSoldOut' | 'markBack'> = new TillService({ db });
    const id = args[0]!;
    const marks =
      action === 'list'
        ? await till.soldOut()
        : action === 'sold-out'
          ? await onEither(id, (kind) => till.markSoldOut({ kind, id }))
          : await onEither(id, (kind) => till.markBack({ kind, id }));
    if (values.json) io.out(JSON.stringify(marks));
    else {
      if (marks.length > 0) io.out(marks.map(describe).join('\n'));
      const done = action === 'sold-out' ? `Marked ${id} sold out until the next business day. ` : action === 'back' ? `${id} is on sale again. ` : '';
      io.err(`${done}${marks.length} sold out today.`);
    }
    return 0;
  } finally {
    db.close();
  }
}
