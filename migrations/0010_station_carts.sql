-- Each station's open cart (issue 20): every screen of a branch is its own
-- till, and a reload, a dropped connection or a hub restart gives the
-- station the cart it was ringing up. `station` is the station's key (the
-- connection's session, or `local` for the CLI); the cart is JSON, as in
-- parked_carts. Checkout deletes the row in the order's own transaction.
CREATE TABLE station_carts (
  station TEXT PRIMARY KEY,
  cart TEXT NOT NULL,
  updated_at INTEGER NOT NULL
);
