import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { CashierRole, CashierView } from '../../src-shared/shifts/index.ts';
import { TillError } from '../../src-shared/errors/index.ts';
import { all, first, jsonList, prepared, q, run, type TillDatabase, type TillSchema } from '../db/index.ts';
import { hashPin } from './pin-hash.ts';

/** The one owner of the `cashiers` table (migrations/0005). */
type CashierRow = Pick<Selectable<TillSchema['cashiers']>, 'id' | 'name' | 'active' | 'pin_hash' | 'sign_outs'> & { role: CashierRole };

/** A cashier's row; the schema knows `role` as TEXT, the migration's CHECK keeps it to the roles. */
const cashierRows = () => q.selectFrom('cashiers').select(['id', 'name', 'role', 'active', 'pin_hash', 'sign_outs']).$narrowType<{ role: CashierRole }>();

export interface StoredCashier extends CashierView {
  pin_hash: string;
  /** How many times a manager signed them out of every station; a sign-in made before the last one no longer holds. */
  sign_outs: number;
}

const view = (row: CashierRow): StoredCashier => ({
  id: row.id,
  name: row.name,
  role: row.role,
  active: row.active === 1,
  pin_hash: row.pin_hash,
  sign_outs: row.sign_outs,
});

export function publicCashier({ id, name, role, active }: CashierView): CashierView {
  return { id, name, role, active };
}

export function listCashiers(db: TillDatabase): StoredCashier[] {
  return all(db, cashierRows().orderBy('role', 'desc').orderBy('name_key')).map(view);
}

export function findCashier(db: TillDatabase, id: string): StoredCashier | null {
  const row = first(db, cashierRows().where('id', '=', id));
  return row ? view(row) : null;
}

export function findCashierByName(db: TillDatabase, name: string): StoredCashier | null {
  const row = first(db, cashierRows().where('name_key', '=', name.trim().toLowerCase()));
  return row ? view(row) : null;
}

export function hasActiveManager(db: TillDatabase): boolean {
  const query = q
    .selectFrom('cashiers')
    .select((eb) => eb.lit(1).as('one'))
    .where('role', '=', 'manager')
    .where('active', '=', 1)
    .limit(1);
  return first(db, query) !== undefined;
}

// Asked before every sale (staff-session.ts require): compiled once.
const ANY_CASHIER = prepared()(
  q
    .selectFrom('cashiers')
    .select((eb) => eb.lit(1).as('one'))
    .limit(1),
);

export function hasCashiers(db: TillDatabase): boolean {
  return ANY_CASHIER.get(db, {}) !== undefined;
}

export async function addCashier(db: TillDatabase, input: { name: string; role: CashierRole; pin: string }, now: number): Promise<StoredCashier> {
  const name = input.name.trim();
  if (findCashierByName(db, name))
    throw new TillError('invalid_input', `a cashier named "${name}" already exists on this till; pick another name`, {
      code: 'cashier.exists',
      params: { name },
    });
  const pinHash = await hashPin(input.pin);
  const id = randomUUID();
  try {
    run(db, q.insertInto('cashiers').values({ id, name, name_key: name.toLowerCase(), role: input.role, pin_hash: pinHash, active: 1, created_at: now }));
  } catch (error) {
    if (String(error).includes('UNIQUE'))
      throw new TillError('invalid_input', `a cashier named "${name}" already exists on this till; pick another name`, {
        code: 'cashier.exists',
        params: { name },
      });
    throw error;
  }
  return findCashier(db, id)!;
}

export async function updateCashier(db: TillDatabase, id: string, change: { active?: boolean; pin?: string; role?: CashierRole }): Promise<StoredCashier> {
  const cashier = findCashier(db, id);
  if (!cashier) throw new TillError('not_found', `this till has no cashier ${id}`);
  const pinHash = change.pin === undefined ? cashier.pin_hash : await hashPin(change.pin);
  const active = change.active ?? cashier.active;
  const role = change.role ?? cashier.role;
  db.transaction(() => {
    run(
      db,
      q
        .updateTable('cashiers')
        .set({ active: active ? 1 : 0, role, pin_hash: pinHash })
        .where('id', '=', id),
    );
    // The till never ends up without an active manager: nobody could approve anything again.
    if (!hasActiveManager(db))
      throw new TillError('invalid_input', `${cashier.name} is the last active manager; add another manager first`, {
        code: 'cashier.lastManager',
        params: { name: cashier.name },
      });
  }).immediate();
  return findCashier(db, id)!;
}

/**
 * Signs a cashier out of every station at once (a screen that died kept her
 * signed in): every sign-in made before this no longer holds, in this
 * process or in a hub running on the same file. Returns the new count.
 */
export function signOutEverywhere(db: TillDatabase, id: string): number {
  return db
    .transaction(() => {
      run(
        db,
        q
          .updateTable('cashiers')
          .set((eb) => ({ sign_outs: eb('sign_outs', '+', 1) }))
          .where('id', '=', id),
      );
      const cashier = findCashier(db, id);
      if (!cashier) throw new TillError('not_found', `this till has no cashier ${id}; list them with \`pos cashiers\``);
      return cashier.sign_outs;
    })
    .immediate();
}

// Asked per list of orders on screen and per upload batch; the ids go as one JSON list (db/query.ts jsonList).
const NAMES_OF = prepared<{ ids: string }>()(q.selectFrom('cashiers').select(['id', 'name']).where('id', 'in', jsonList('ids')));

/** The names of the cashiers with these ids, for views that show who did what; unknown ids are left out. */
export function cashierNames(db: TillDatabase, ids: Iterable<string | null>): Map<string, string> {
  const wanted = [...new Set([...ids].filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = NAMES_OF.all(db, { ids: JSON.stringify(wanted) });
  return new Map(rows.map((row) => [row.id, row.name]));
}
