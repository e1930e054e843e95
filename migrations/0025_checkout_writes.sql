-- A checkout commits every page it touches to the WAL and waits for the
-- disk (issue 37, docs/performance.md): each index on a table it writes is
-- one more page. Three were pages a checkout paid for nothing:
--
-- 1. orders_by_refund_of indexed every sale under NULL; only refunds are
--    looked up by it (`refund_of = ?`, which SQLite answers from a partial
--    index), so only refunds are in it now.
-- 2. station_cart_lines_by_position kept each cart's lines in ring-up order;
--    a cart's few lines are read by their station (the primary key's first
--    column) and sorted in memory for free, so adding a line and clearing
--    the cart at checkout write the line's page only.
-- 3. outbox was a rowid table with its order's uuid as a second, unique
--    b-tree; WITHOUT ROWID it is one b-tree keyed by that uuid.

DROP INDEX orders_by_refund_of;
CREATE INDEX orders_by_refund_of ON orders (refund_of) WHERE refund_of IS NOT NULL;

DROP INDEX station_cart_lines_by_position;

CREATE TABLE outbox_keyed (
  order_uuid TEXT PRIMARY KEY REFERENCES orders (uuid),
  state TEXT NOT NULL CHECK (state IN ('pending', 'synced', 'rejected')),
  enqueued_seq INTEGER NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  service_id TEXT,
  service_status TEXT,
  rejection TEXT,
  synced_at INTEGER,
  frozen_at INTEGER
) WITHOUT ROWID;
INSERT INTO outbox_keyed (order_uuid, state, enqueued_seq, attempts, next_attempt_at, last_error, service_id, service_status, rejection, synced_at, frozen_at)
SELECT order_uuid, state, enqueued_seq, attempts, next_attempt_at, last_error, service_id, service_status, rejection, synced_at, frozen_at FROM outbox;
DROP TABLE outbox;
ALTER TABLE outbox_keyed RENAME TO outbox;
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
