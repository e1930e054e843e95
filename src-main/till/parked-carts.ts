// Carts put aside to serve the next customer (table parked_carts): kept in
// the database so a restart does not lose them.

import { statement, type TillDatabase } from '../db/index.ts';
import type { Cart } from './cart.ts';

export interface ParkedCart {
  id: string;
  label: string;
  cart: Cart;
  parked_at: number;
}

export function parkCart(db: TillDatabase, parked: ParkedCart): void {
  statement(db, 'INSERT INTO parked_carts (id, label, cart, parked_at) VALUES (?, ?, ?, ?)').run(
    parked.id,
    parked.label,
    JSON.stringify(parked.cart),
    parked.parked_at,
  );
}

/** Oldest first. */
export function parkedCarts(db: TillDatabase): ParkedCart[] {
  const rows = statement(db, 'SELECT id, label, cart, parked_at FROM parked_carts ORDER BY parked_at').all() as {
    id: string;
    label: string;
    cart: string;
    parked_at: number;
  }[];
  return rows.map((row) => ({ ...row, cart: JSON.parse(row.cart) as Cart }));
}

/** Takes the cart out of the parked ones; undefined when it is not there (resumed already). */
export function takeParkedCart(db: TillDatabase, id: string): Cart | undefined {
  return db.transaction(() => {
    const row = statement(db, 'SELECT cart FROM parked_carts WHERE id = ?').get(id) as { cart: string } | undefined;
    if (!row) return undefined;
    statement(db, 'DELETE FROM parked_carts WHERE id = ?').run(id);
    return JSON.parse(row.cart) as Cart;
  })();
}
