-- Each cart line in its own row (issue 32): station_carts held the whole
-- cart as one JSON text, rewritten on every change, so ringing up the
-- 1,001st line wrote 1,000 lines again. Now station_carts keeps only the
-- cart's header (order type, table, customer, price list, order discount)
-- and each line is one row here, keyed by station and line id: adding,
-- changing or removing a line writes that line only. `position` keeps the
-- order lines were rung up in. Checkout deletes both in the order's own
-- transaction, as before.
CREATE TABLE station_cart_lines (
  station TEXT NOT NULL,
  line_id TEXT NOT NULL,
  position INTEGER NOT NULL,
  line TEXT NOT NULL,
  PRIMARY KEY (station, line_id)
) WITHOUT ROWID;

CREATE INDEX station_cart_lines_by_position ON station_cart_lines (station, position);

-- The lines of every kept cart move to their rows, in their order; a line
-- without an id (never written by a till) gets its place as one.
INSERT INTO station_cart_lines (station, line_id, position, line)
SELECT station_carts.station, coalesce(json_extract(line.value, '$.line_id'), 'line-' || line.key), line.key, line.value
FROM station_carts, json_each(station_carts.cart, '$.lines') AS line
WHERE json_valid(station_carts.cart) AND json_type(station_carts.cart, '$.lines') = 'array';

UPDATE station_carts SET cart = json_remove(cart, '$.lines') WHERE json_valid(cart);
