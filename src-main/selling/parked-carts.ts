// Carts put aside to serve the next customer (table parked_carts): kept in
// the database so a restart does not lose them.

import { param, prepared, q, type TillDatabase } from '../db/index.ts';
import type { Cart } from '../orders/index.ts';

export interface ParkedCart {
  id: string;
  label: string;
  cart: Cart;
  parked_at: number;
  /** Who parked it; null for carts parked before this was kept, or on a till without cashiers. */
  parked_by: string | null;
}

const PARK = prepared<{ id: string; label: string; cart: string; parkedAt: number }>()(
  q.insertInto('parked_carts').values({ id: param('id'), label: param('label'), cart: param('cart'), parked_at: param('parkedAt') }),
);
const PARKED = prepared()(q.selectFrom('parked_carts').select(['id', 'label', 'cart', 'parked_at']).orderBy('parked_at'));
const PARKED_CART = prepared<{ id: string }>()(q.selectFrom('parked_carts').select('cart').where('id', '=', param<string>('id')));
const UNPARK = prepared<{ id: string }>()(q.deleteFrom('parked_carts').where('id', '=', param<string>('id')));

// Who parked a cart travels in the stored JSON beside the cart (no new column: older rows simply lack it).
type Stored = Cart & { parked_by?: string | null };

export function parkCart(db: TillDatabase, parked: ParkedCart): void {
  const stored: Stored = { ...parked.cart, parked_by: parked.parked_by };
  PARK.run(db, { id: parked.id, label: parked.label, cart: JSON.stringify(stored), parkedAt: parked.parked_at });
}

/** Oldest first. */
export function parkedCarts(db: TillDatabase): ParkedCart[] {
  return PARKED.all(db, {}).map((row) => {
    const { parked_by = null, ...cart } = JSON.parse(row.cart) as Stored;
    return { ...row, cart, parked_by };
  });
}

/** Takes the cart out of the parked ones; undefined when it is not there (resumed already). */
export function takeParkedCart(db: TillDatabase, id: string): Cart | undefined {
  return db.transaction(() => {
    const row = PARKED_CART.get(db, { id });
    if (!row) return undefined;
    UNPARK.run(db, { id });
    const { parked_by: _by, ...cart } = JSON.parse(row.cart) as Stored;
    return cart;
  })();
}
