import { randomUUID } from 'node:crypto';
import type { CashierRole, CashierView } from '../../src-shared/shifts/index.ts';
import { TillError } from '../../src-shared/till/index.ts';
import { statement, type TillDatabase } from '../db/index.ts';
import { hashPin } from './pin-hash.ts';

/** The one owner of the `cashiers` table (migrations/0005). */
interface CashierRow {
  id: string;
  name: string;
  role: CashierRole;
  active: number;
  pin_hash: string;
}

export interface StoredCashier extends CashierView {
  pin_hash: string;
}

const view = (row: CashierRow): StoredCashier => ({ id: row.id, name: row.name, role: row.role, active: row.active === 1, pin_hash: row.pin_hash });

export function publicCashier({ id, name, role, active }: CashierView): CashierView {
  return { id, name, role, active };
}

export function listCashiers(db: TillDatabase): StoredCashier[] {
  return (statement(db, 'SELECT id, name, role, active, pin_hash FROM cashiers ORDER BY role DESC, name_key').all() as CashierRow[]).map(view);
}

export function findCashier(db: TillDatabase, id: string): StoredCashier | null {
  const row = statement(db, 'SELECT id, name, role, active, pin_hash FROM cashiers WHERE id = ?').get(id) as CashierRow | undefined;
  return row ? view(row) : null;
}

export function findCashierByName(db: TillDatabase, name: string): StoredCashier | null {
  const row = statement(db, 'SELECT id, name, role, active, pin_hash FROM cashiers WHERE name_key = ?').get(name.trim().toLowerCase()) as
    CashierRow | undefined;
  return row ? view(row) : null;
}

export function hasActiveManager(db: TillDatabase): boolean {
  return statement(db, "SELECT 1 FROM cashiers WHERE role = 'manager' AND active = 1 LIMIT 1").get() !== undefined;
}

export function hasCashiers(db: TillDatabase): boolean {
  return statement(db, 'SELECT 1 FROM cashiers LIMIT 1').get() !== undefined;
}

export async function addCashier(db: TillDatabase, input: { name: string; role: CashierRole; pin: string }, now: number): Promise<StoredCashier> {
  const name = input.name.trim();
  if (findCashierByName(db, name)) throw new TillError('invalid_input', `a cashier named "${name}" already exists on this till; pick another name`);
  const pinHash = await hashPin(input.pin);
  const id = randomUUID();
  try {
    statement(db, 'INSERT INTO cashiers (id, name, name_key, role, pin_hash, active, created_at) VALUES (?, ?, ?, ?, ?, 1, ?)').run(
      id,
      name,
      name.toLowerCase(),
      input.role,
      pinHash,
      now,
    );
  } catch (error) {
    if (String(error).includes('UNIQUE')) throw new TillError('invalid_input', `a cashier named "${name}" already exists on this till; pick another name`);
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
    statement(db, 'UPDATE cashiers SET active = ?, role = ?, pin_hash = ? WHERE id = ?').run(active ? 1 : 0, role, pinHash, id);
    // The till never ends up without an active manager: nobody could approve anything again.
    if (!hasActiveManager(db)) throw new TillError('invalid_input', `${cashier.name} is the last active manager; add another manager first`);
  }).immediate();
  return findCashier(db, id)!;
}

/** The names of the cashiers with these ids, for views that show who did what; unknown ids are left out. */
export function cashierNames(db: TillDatabase, ids: Iterable<string | null>): Map<string, string> {
  const wanted = [...new Set([...ids].filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = statement(db, 'SELECT id, name FROM cashiers WHERE id IN (SELECT value FROM json_each(?))').all(JSON.stringify(wanted)) as {
    id: string;
    name: string;
  }[];
  return new Map(rows.map((row) => [row.id, row.name]));
}
