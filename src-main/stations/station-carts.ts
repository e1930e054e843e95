// Each station's open cart, kept as it changes so a reload, a dropped
// connection or a hub restart gives it back. Its header (order type, table,
// customer, price list, order discount) is one small row of station_carts;
// each line is its own row of station_cart_lines (migration 0022), so a
// change to one line writes that line only, whatever the cart's size.

import { param, prepared, q, type TillDatabase } from '../db/index.ts';
import { emptyCart, headerOf, type Cart, type CartHeader, type CartLine } from '../orders/index.ts';

const SAVE_HEADER = prepared<{ station: string; cart: string; now: number }>()(
  q
    .insertInto('station_carts')
    .values({ station: param('station'), cart: param('cart'), updated_at: param('now') })
    .onConflict((conflict) => conflict.column('station').doUpdateSet((eb) => ({ cart: eb.ref('excluded.cart'), updated_at: eb.ref('excluded.updated_at') }))),
);
const PUT_LINE = prepared<{ station: string; line_id: string; position: number; line: string }>()(
  q
    .insertInto('station_cart_lines')
    .values({ station: param('station'), line_id: param('line_id'), position: param('position'), line: param('line') })
    .onConflict((conflict) => conflict.columns(['station', 'line_id']).doUpdateSet((eb) => ({ line: eb.ref('excluded.line') }))),
);
const REMOVE_LINE = prepared<{ station: string; line_id: string }>()(
  q.deleteFrom('station_cart_lines').where('station', '=', param<string>('station')).where('line_id', '=', param<string>('line_id')),
);
const LOAD_HEADER = prepared<{ station: string }>()(q.selectFrom('station_carts').select('cart').where('station', '=', param<string>('station')));
const LOAD_LINES = prepared<{ station: string }>()(
  q.selectFrom('station_cart_lines').select(['line', 'position']).where('station', '=', param<string>('station')).orderBy('position'),
);
const CLEAR_HEADER = prepared<{ station: string }>()(q.deleteFrom('station_carts').where('station', '=', param<string>('station')));
const CLEAR_LINES = prepared<{ station: string }>()(q.deleteFrom('station_cart_lines').where('station', '=', param<string>('station')));

/** Keeps the cart's header (one small row; its lines are not touched). */
export function saveCartHeader(db: TillDatabase, station: string, header: CartHeader, now: number): void {
  SAVE_HEADER.run(db, { station, cart: JSON.stringify(header), now });
}

/** Keeps one line, new or changed, at `position`: one row written. */
export function saveCartLine(db: TillDatabase, station: string, line: CartLine, position: number): void {
  PUT_LINE.run(db, { station, line_id: line.line_id, position, line: JSON.stringify(line) });
}

/** Forgets one line: one row deleted. */
export function removeCartLine(db: TillDatabase, station: string, lineId: string): void {
  REMOVE_LINE.run(db, { station, line_id: lineId });
}

/** Keeps a whole cart in place of the station's (a parked cart resumed): one row per line, as many as the cart has. */
export function saveStationCart(db: TillDatabase, station: string, cart: Cart, now: number): void {
  db.transaction(() => {
    clearStationCart(db, station);
    saveCartHeader(db, station, headerOf(cart), now);
    cart.lines.forEach((line, position) => saveCartLine(db, station, line, position));
  })();
}

/** The station's open cart with each line's place, or undefined when it has none. */
export function loadKeptCart(db: TillDatabase, station: string): { cart: Cart; positions: number[] } | undefined {
  const header = LOAD_HEADER.get(db, { station });
  const rows = LOAD_LINES.all(db, { station });
  if (!header && rows.length === 0) return undefined;
  // A header kept before migration 0022 may still carry lines: the rows are the lines now.
  const { lines: _old, ...kept } = header ? (JSON.parse(header.cart) as Partial<Cart>) : {};
  const cart: Cart = { ...emptyCart(), ...kept, lines: rows.map((row) => JSON.parse(row.line) as CartLine) };
  return { cart, positions: rows.map((row) => row.position) };
}

/** The station's open cart, or undefined when it has none. */
export function loadStationCart(db: TillDatabase, station: string): Cart | undefined {
  return loadKeptCart(db, station)?.cart;
}

/** Forgets the station's cart (checkout, void, park): called inside the order's transaction at checkout. */
export function clearStationCart(db: TillDatabase, station: string): void {
  CLEAR_LINES.run(db, { station });
  CLEAR_HEADER.run(db, { station });
}
