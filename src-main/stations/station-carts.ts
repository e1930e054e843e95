// Each station's open cart, kept as it changes so a reload, a dropped
// connection or a hub restart gives it back. Its header (order type, table,
// customer, price list, order discount) is one small row of station_carts;
// each line is its own row of station_cart_lines (migration 0022), so a
// change to one line writes that line only, whatever the cart's size.
// A station's carts are numbered (station_carts.cart_no, migration 0031):
// a line belongs to the cart whose number it carries, and emptying the
// cart (a checkout, in the order's transaction) moves the station to its
// next number, one small row, instead of deleting every line there (which
// freed their pages inside the sale). The old cart's lines are deleted by
// the station's next add.

import { sql } from 'kysely';
import { param, perConnection, prepared, q, type TillDatabase } from '../db/index.ts';
import { emptyCart, headerOf, type Cart, type CartHeader, type CartLine } from '../orders/index.ts';

/** The station's current cart number (0 before its first cart was emptied). */
const CURRENT = sql<number>`coalesce((SELECT cart_no FROM station_carts WHERE station = @station), 0)`;

const SAVE_HEADER = prepared<{ station: string; cart: string; now: number }>()(
  q
    .insertInto('station_carts')
    .values({ station: param('station'), cart: param('cart'), updated_at: param('now') })
    .onConflict((conflict) => conflict.column('station').doUpdateSet((eb) => ({ cart: eb.ref('excluded.cart'), updated_at: eb.ref('excluded.updated_at') }))),
);
const PUT_LINE = prepared<{ station: string; line_id: string; position: number; line: string }>()(
  q
    .insertInto('station_cart_lines')
    .values({ station: param('station'), line_id: param('line_id'), position: param('position'), line: param('line'), cart_no: CURRENT })
    .onConflict((conflict) => conflict.columns(['station', 'line_id']).doUpdateSet((eb) => ({ line: eb.ref('excluded.line') }))),
);
/** The lines of the station's emptied carts. */
const FORGET_OLD_LINES = prepared<{ station: string }>()(
  q.deleteFrom('station_cart_lines').where('station', '=', param<string>('station')).where('cart_no', '<>', CURRENT),
);
const REMOVE_LINE = prepared<{ station: string; line_id: string }>()(
  q.deleteFrom('station_cart_lines').where('station', '=', param<string>('station')).where('line_id', '=', param<string>('line_id')),
);
const LOAD_HEADER = prepared<{ station: string }>()(q.selectFrom('station_carts').select('cart').where('station', '=', param<string>('station')));
const LOAD_LINES = prepared<{ station: string }>()(
  q
    .selectFrom('station_cart_lines')
    .select(['line', 'position'])
    .where('station', '=', param<string>('station'))
    .where('cart_no', '=', CURRENT)
    .orderBy('position'),
);
/** The header an emptied cart leaves: none of its own (the defaults), under the station's next cart number. */
const NEXT_CART = prepared<{ station: string; now: number }>()(
  q
    .insertInto('station_carts')
    .values({ station: param('station'), cart: sql.lit('{}'), updated_at: param('now'), cart_no: 1 })
    .onConflict((conflict) =>
      conflict
        .column('station')
        .doUpdateSet((eb) => ({ cart: eb.ref('excluded.cart'), updated_at: eb.ref('excluded.updated_at'), cart_no: eb('station_carts.cart_no', '+', 1) })),
    ),
);

/** Keeps the cart's header (one small row; its lines are not touched). */
export function saveCartHeader(db: TillDatabase, station: string, header: CartHeader, now: number): void {
  SAVE_HEADER.run(db, { station, cart: JSON.stringify(header), now });
}

/** Keeps one line, new or changed, at `position`: one row written (and the lines of the station's emptied carts deleted). */
export function saveCartLine(db: TillDatabase, station: string, line: CartLine, position: number): void {
  saveLineOnce(db)(station, line, position);
}

/** saveCartLine's transaction, made once per connection (one made per tap was garbage at every tap). */
const saveLineOnce = perConnection((db) =>
  db.transaction((station: string, line: CartLine, position: number) => {
    FORGET_OLD_LINES.run(db, { station });
    PUT_LINE.run(db, { station, line_id: line.line_id, position, line: JSON.stringify(line) });
  }),
);

/** Forgets one line: one row deleted. */
export function removeCartLine(db: TillDatabase, station: string, lineId: string): void {
  REMOVE_LINE.run(db, { station, line_id: lineId });
}

/** Keeps a whole cart in place of the station's (a parked cart resumed): one row per line, as many as the cart has. */
export function saveStationCart(db: TillDatabase, station: string, cart: Cart, now: number): void {
  db.transaction(() => {
    clearStationCart(db, station, now);
    saveCartHeader(db, station, headerOf(cart), now);
    cart.lines.forEach((line, position) => saveCartLine(db, station, line, position));
  })();
}

/** The station's open cart with each line's place, or undefined when it has none. */
export function loadKeptCart(db: TillDatabase, station: string): { cart: Cart; positions: number[] } | undefined {
  const header = LOAD_HEADER.get(db, { station });
  const rows = LOAD_LINES.all(db, { station });
  // An emptied cart's header names nothing of its own: no cart, as before any was kept.
  if ((!header || header.cart === '{}') && rows.length === 0) return undefined;
  // A header kept before migration 0022 may still carry lines: the rows are the lines now.
  const { lines: _old, ...kept } = header ? (JSON.parse(header.cart) as Partial<Cart>) : {};
  const cart: Cart = { ...emptyCart(), ...kept, lines: rows.map((row) => JSON.parse(row.line) as CartLine) };
  return { cart, positions: rows.map((row) => row.position) };
}

/** The station's open cart, or undefined when it has none. */
export function loadStationCart(db: TillDatabase, station: string): Cart | undefined {
  return loadKeptCart(db, station)?.cart;
}

/**
 * Empties the station's cart (checkout, void, park): called inside the order's transaction at checkout. One row
 * written whatever the cart held: the station moves to its next cart; the lines go at its next add.
 */
export function clearStationCart(db: TillDatabase, station: string, now: number): void {
  NEXT_CART.run(db, { station, now });
}
