// Each station's open cart (table station_carts): written on every change,
// so a reload, a dropped connection or a hub restart gives it back.

import { param, prepared, q, type TillDatabase } from '../db/index.ts';
import type { Cart } from '../orders/index.ts';

const SAVE = prepared<{ station: string; cart: string; now: number }>()(
  q
    .insertInto('station_carts')
    .values({ station: param('station'), cart: param('cart'), updated_at: param('now') })
    .onConflict((conflict) => conflict.column('station').doUpdateSet((eb) => ({ cart: eb.ref('excluded.cart'), updated_at: eb.ref('excluded.updated_at') }))),
);
const LOAD = prepared<{ station: string }>()(q.selectFrom('station_carts').select('cart').where('station', '=', param<string>('station')));
const CLEAR = prepared<{ station: string }>()(q.deleteFrom('station_carts').where('station', '=', param<string>('station')));

/** Keeps a station's cart; an empty cart is kept as no row. */
export function saveStationCart(db: TillDatabase, station: string, cart: Cart, now: number): void {
  if (cart.lines.length === 0 && cart.order_discount === null && cart.customer_id === null) CLEAR.run(db, { station });
  else SAVE.run(db, { station, cart: JSON.stringify(cart), now });
}

/** The station's open cart, or undefined when it has none. */
export function loadStationCart(db: TillDatabase, station: string): Cart | undefined {
  const row = LOAD.get(db, { station });
  return row ? (JSON.parse(row.cart) as Cart) : undefined;
}

/** Forgets the station's cart (checkout, void, park): called inside the order's transaction at checkout. */
export function clearStationCart(db: TillDatabase, station: string): void {
  CLEAR.run(db, { station });
}
