import { CASHIER_ROLES, type CashierRole } from '../../../src-shared/shifts/index.ts';
import { TillError } from '../../../src-shared/errors/index.ts';
import { openDatabase } from '../../db/index.ts';
import { isPin } from '../../../src-shared/shifts/index.ts';
import { recordAudit } from '../../host/index.ts';
import { addCashier, findCashier, findCashierByName, listCashiers, publicCashier, signOutEverywhere, updateCashier } from '../../staff/index.ts';
import { parseCommandArgs, requireOption, UsageError, type CliIo } from '../cli-io.ts';

/** `pos cashiers`: the till's local accounts, for support and tests (whoever holds the database file is trusted). */
export async function cashiersCommand(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    'cashiers',
    argv,
    { db: { type: 'string' }, role: { type: 'string' }, pin: { type: 'string' }, json: { type: 'boolean', default: false } },
    true,
  );
  const [action = 'list', name] = positionals;
  const pin = () => {
    const value = requireOption('cashiers', 'pin', values.pin);
    if (!isPin(value)) throw new UsageError('pos cashiers: --pin must be 4 to 6 digits');
    return value;
  };
  const db = openDatabase(requireOption('cashiers', 'db', values.db));
  try {
    const named = () => {
      if (!name) throw new UsageError(`pos cashiers: ${action} takes a NAME`);
      const cashier = findCashierByName(db, name);
      if (!cashier) throw new TillError('not_found', `this till has no cashier named "${name}"`);
      return cashier;
    };
    let changed;
    switch (action) {
      case 'list': {
        const all = listCashiers(db).map(publicCashier);
        io.out(values.json ? JSON.stringify(all) : all.map((c) => `${c.name}  ${c.role}${c.active ? '' : '  (disabled)'}`).join('\n') || 'no cashiers yet');
        return 0;
      }
      case 'add': {
        if (!name) throw new UsageError('pos cashiers: add takes a NAME');
        const role = requireOption('cashiers', 'role', values.role);
        if (!CASHIER_ROLES.includes(role as CashierRole)) throw new UsageError(`pos cashiers: --role must be cashier or manager, not "${role}"`);
        changed = await addCashier(db, { name, role: role as CashierRole, pin: pin() }, Date.now());
        break;
      }
      case 'disable':
      case 'enable':
        changed = await updateCashier(db, named().id, { active: action === 'enable' });
        break;
      case 'reset-pin':
        changed = await updateCashier(db, named().id, { pin: pin() });
        break;
      case 'release': {
        // A screen that died keeps its cashier signed in: sign them out of every station, even while `pos serve` runs on this file.
        if (!name) throw new UsageError('pos cashiers: release takes a NAME or an id');
        const cashier = findCashierByName(db, name) ?? findCashier(db, name);
        if (!cashier)
          throw new TillError('not_found', `this till has no cashier named "${name}" (nor with that id); list them with \`pos cashiers --db FILE\``);
        signOutEverywhere(db, cashier.id);
        recordAudit(db, {
          who: 'pos cashiers (command line)',
          action: 'release-cashier',
          method: 'release',
          outcome: 'approved',
          approvedBy: 'whoever holds the database file',
          detail: `${cashier.name} (${cashier.id}) signed out of every station`,
        });
        const view = publicCashier(cashier);
        io.out(
          values.json
            ? JSON.stringify({ ...view, released: true })
            : `${view.name} is signed out of every station and can sign in at any one now; their open shift and every station's cart are kept`,
        );
        return 0;
      }
      default:
        throw new UsageError(`pos cashiers: say what to do: list, add, disable, enable, reset-pin or release (not "${action}")`);
    }
    const view = publicCashier(changed);
    io.out(values.json ? JSON.stringify(view) : `${view.name} (${view.role})${view.active ? '' : ' disabled'}`);
    return 0;
  } finally {
    db.close();
  }
}
