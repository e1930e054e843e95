-- What a checkout and an upload batch write, once more (issue 37 item 2,
-- docs/performance.md): every page a transaction dirties goes to the WAL
-- and waits for the disk.
--
-- 1. The outbox is keyed by its order's seq (enqueued_seq, the rowid) again,
--    not by the order's uuid (migration 0025): an upload batch marks 50
--    orders sold one after another, and under a random uuid key they sat on
--    50 different pages (a batch's commit wrote ~50 pages, the drain took
--    3x the bare posts); in seq order they share one or two. A checkout
--    still writes one outbox page (appended at the end). An order's row is
--    found by its uuid through orders (uuid → seq); order_uuid stays a
--    column (not indexed) for whoever reads the table by hand. enqueued_seq
--    is always the order's seq (order-store.ts insertOrder), so the primary
--    key keeps one row per order.
-- 2. orders_by_time indexed created_at for no query (the lists go by seq).
-- 3. order_payments_by_shift indexed every payment; a shift's payments made
--    at checkout are found through its orders (orders_by_shift), so only a
--    payment taken later (settle-later: paid_at set, maybe in another
--    shift) is indexed by its shift now.
-- 4. Checkout no longer deletes the cart's lines: it moves the station to
--    its next cart (station_carts.cart_no + 1, one small row), and a line
--    belongs to the cart whose number it carries. The sold cart's lines are
--    deleted by the station's next add, outside the order's transaction:
--    a line (its product's snapshot, 1-2 KB with option groups) often has
--    a page to itself, so deleting a cart's lines freed pages (the
--    freelist and the file's header page written too) inside every sale.
--    The lines are a rowid table now: WITHOUT ROWID kept at most ~1,000
--    bytes of a row in its page, so every line had an overflow page too;
--    a rowid table keeps ~4,000. Its unique (station, line_id) is the
--    lookup it was keyed by.

CREATE TABLE outbox_by_seq (
  enqueued_seq INTEGER PRIMARY KEY,
  order_uuid TEXT NOT NULL REFERENCES orders (uuid),
  state TEXT NOT NULL CHECK (state IN ('pending', 'synced', 'rejected')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  service_id TEXT,
  service_status TEXT,
  rejection TEXT,
  synced_at INTEGER,
  frozen_at INTEGER
);
INSERT INTO outbox_by_seq (enqueued_seq, order_uuid, state, attempts, next_attempt_at, last_error, service_id, service_status, rejection, synced_at, frozen_at)
SELECT o.seq, x.order_uuid, x.state, x.attempts, x.next_attempt_at, x.last_error, x.service_id, x.service_status, x.rejection, x.synced_at, x.frozen_at
FROM outbox AS x JOIN orders AS o ON o.uuid = x.order_uuid;
DROP TABLE outbox;
ALTER TABLE outbox_by_seq RENAME TO outbox;
CREATE INDEX outbox_pending ON outbox (state, enqueued_seq);

CREATE TRIGGER outbox_counts_insert AFTER INSERT ON outbox BEGIN
  UPDATE outbox_counts SET n = n + 1 WHERE state = new.state;
END;

CREATE TRIGGER outbox_counts_update AFTER UPDATE OF state ON outbox WHEN old.state <> new.state BEGIN
  UPDATE outbox_counts SET n = n - 1 WHERE state = old.state;
  UPDATE outbox_counts SET n = n + 1 WHERE state = new.state;
END;

CREATE TRIGGER outbox_counts_delete AFTER DELETE ON outbox BEGIN
  UPDATE outbox_counts SET n = n - 1 WHERE state = old.state;
END;

DROP INDEX orders_by_time;

DROP INDEX order_payments_by_shift;
CREATE INDEX order_payments_later_by_shift ON order_payments (shift_id) WHERE paid_at IS NOT NULL;

CREATE TABLE station_cart_lines_rowid (
  station TEXT NOT NULL,
  line_id TEXT NOT NULL,
  position INTEGER NOT NULL,
  line TEXT NOT NULL,
  cart_no INTEGER NOT NULL DEFAULT 0,
  UNIQUE (station, line_id)
);
INSERT INTO station_cart_lines_rowid (station, line_id, position, line) SELECT station, line_id, position, line FROM station_cart_lines ORDER BY station, position;
DROP TABLE station_cart_lines;
ALTER TABLE station_cart_lines_rowid RENAME TO station_cart_lines;
ALTER TABLE station_carts ADD COLUMN cart_no INTEGER NOT NULL DEFAULT 0;
