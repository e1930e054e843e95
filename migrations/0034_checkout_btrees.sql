-- migrate: foreign keys off (orders is rebuilt; the runner checks every reference before it commits)
--
-- What a checkout writes, a fourth time (issue 37 item 2, docs/performance.md):
-- every b-tree a checkout touches is a page or more in the WAL, waiting for
-- the disk. Two fewer here: orders' (business_day, day_sequence) index and
-- the outbox's counts.
--
-- orders loses day_sequence and its rule UNIQUE (business_day, day_sequence),
-- an index every sale wrote a page of (1.3 pages a checkout, counted by
-- `npm run bench:orders`). Since migration 0013 an order's number is its
-- station's sequence of the day (A-001, B-001), guarded by
-- orders_station_number; day_sequence was the order's place in the whole
-- branch's day, and nothing read it but the checkout that gave the next one
-- (through that same index). A day's orders (the day report) are found by
-- orders_station_number, whose first column is the business day.
--
-- SQLite cannot drop a table's UNIQUE rule, so the table is made again, its
-- rows copied in seq order (seq, an order's rowid, is kept: lines, payments
-- and the outbox are keyed by it), and its other indexes made again as they
-- were.

CREATE TABLE orders_0034 (
  seq INTEGER PRIMARY KEY,
  uuid TEXT NOT NULL UNIQUE,          -- made by the till; the service's idempotency key
  number TEXT NOT NULL,               -- what the cashier calls out: the station's code and its sequence of the day
  business_day TEXT NOT NULL,         -- YYYY-MM-DD in the till's local time
  kind TEXT NOT NULL CHECK (kind IN ('SALE', 'REFUND')),
  refund_of TEXT REFERENCES orders (uuid),
  status TEXT NOT NULL CHECK (status IN ('PAID', 'UNPAID', 'REFUNDED')),
  type TEXT NOT NULL CHECK (type IN ('DINE_IN', 'TAKEAWAY', 'DELIVERY')),
  table_id TEXT,
  customer_id TEXT,
  market_id TEXT NOT NULL,
  branch_id TEXT NOT NULL,
  price_list TEXT NOT NULL,           -- the payment method key the lines were priced for
  vat_rate INTEGER NOT NULL,          -- hundredths of a percent
  prices_include_tax INTEGER NOT NULL,
  subtotal INTEGER NOT NULL,
  discount_total INTEGER NOT NULL,
  tax INTEGER NOT NULL,
  total INTEGER NOT NULL,
  tendered INTEGER NOT NULL,          -- cash handed over (0 without cash)
  change_due INTEGER NOT NULL,
  order_discount TEXT,                -- JSON {kind, value} or NULL
  notes TEXT,
  zatca_qr TEXT,                      -- base64 TLV, for every paid order
  created_at INTEGER NOT NULL,
  cashier_id TEXT,
  shift_id TEXT,
  refund_reason TEXT,
  refund_of_number TEXT,
  station TEXT,                       -- the station's code (migration 0013)
  station_sequence INTEGER,           -- its place in that station's business day
  discounts TEXT                      -- JSON [AppliedDiscount] (migration 0028)
);
INSERT INTO orders_0034 (seq, uuid, number, business_day, kind, refund_of, status, type, table_id, customer_id, market_id, branch_id,
  price_list, vat_rate, prices_include_tax, subtotal, discount_total, tax, total, tendered, change_due, order_discount, notes, zatca_qr,
  created_at, cashier_id, shift_id, refund_reason, refund_of_number, station, station_sequence, discounts)
SELECT seq, uuid, number, business_day, kind, refund_of, status, type, table_id, customer_id, market_id, branch_id,
  price_list, vat_rate, prices_include_tax, subtotal, discount_total, tax, total, tendered, change_due, order_discount, notes, zatca_qr,
  created_at, cashier_id, shift_id, refund_reason, refund_of_number, station, station_sequence, discounts
FROM orders ORDER BY seq;
DROP TABLE orders;
ALTER TABLE orders_0034 RENAME TO orders;

CREATE INDEX orders_by_shift ON orders (shift_id);
CREATE UNIQUE INDEX orders_station_number ON orders (business_day, station, station_sequence);
CREATE INDEX orders_by_refund_of ON orders (refund_of) WHERE refund_of IS NOT NULL;

-- The outbox's counts are no longer written by every checkout (outbox_counts
-- was a page of every sale). outbox_counts now counts the outbox's rows up
-- to outbox_counted.through_seq; the rows after it (the latest sales, at
-- most a few hundred) are counted when the counts are read (outbox-counts.ts:
-- a range of the outbox's rowid). The outbox row that reaches 256 past
-- through_seq folds them in (one page more in one sale of 256): reads stay a
-- short range whatever is pending, and an offline day of 10,000 sales is not
-- counted again at every read (migration 0031's reason for keeping the
-- counter). A change to a row already counted (an upload's outcome, a
-- delete) changes the counts at once, as before.
CREATE TABLE outbox_counted (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  through_seq INTEGER NOT NULL        -- outbox_counts counts the rows with enqueued_seq up to this
);
INSERT INTO outbox_counted (id, through_seq) SELECT 1, coalesce(max(enqueued_seq), 0) FROM outbox;

DROP TRIGGER outbox_counts_insert;
DROP TRIGGER outbox_counts_update;
DROP TRIGGER outbox_counts_delete;

-- A checkout's row (its order's seq is the newest) fires nothing until it is 256 past through_seq: then it folds
-- the rows up to it into the counts. A row inserted at or behind through_seq (never a checkout's) is counted at once.
-- One trigger, its statements in this order: SQLite fires two triggers of one event in no promised order.
CREATE TRIGGER outbox_counts_insert AFTER INSERT ON outbox
WHEN new.enqueued_seq <= (SELECT through_seq FROM outbox_counted) OR new.enqueued_seq >= (SELECT through_seq FROM outbox_counted) + 256 BEGIN
  UPDATE outbox_counts SET n = n + 1 WHERE state = new.state AND new.enqueued_seq <= (SELECT through_seq FROM outbox_counted);
  UPDATE outbox_counts SET n = n + (
    SELECT count(*) FROM outbox AS x
    WHERE x.enqueued_seq > (SELECT through_seq FROM outbox_counted) AND x.enqueued_seq <= new.enqueued_seq AND x.state = outbox_counts.state
  )
  WHERE new.enqueued_seq >= (SELECT through_seq FROM outbox_counted) + 256;
  UPDATE outbox_counted SET through_seq = new.enqueued_seq WHERE new.enqueued_seq >= through_seq + 256;
END;

CREATE TRIGGER outbox_counts_update AFTER UPDATE OF state ON outbox
WHEN old.state <> new.state AND old.enqueued_seq <= (SELECT through_seq FROM outbox_counted) BEGIN
  UPDATE outbox_counts SET n = n - 1 WHERE state = old.state;
  UPDATE outbox_counts SET n = n + 1 WHERE state = new.state;
END;

CREATE TRIGGER outbox_counts_delete AFTER DELETE ON outbox WHEN old.enqueued_seq <= (SELECT through_seq FROM outbox_counted) BEGIN
  UPDATE outbox_counts SET n = n - 1 WHERE state = old.state;
END;
