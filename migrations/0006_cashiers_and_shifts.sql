-- Who sells and when: cashiers with a PIN, shifts with their float, cash
-- movements and closing count, partial refunds and settle-later payments,
-- and an outbox for records other than orders (attendance, late settlements).
-- Money is integer minor units (halalas).

CREATE TABLE cashiers (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  name_key TEXT NOT NULL UNIQUE,      -- lower-cased name: two cashiers never share one
  role TEXT NOT NULL CHECK (role IN ('cashier', 'manager')),
  pin_hash TEXT NOT NULL,             -- scrypt$N$r$p$salt$hash, never the PIN
  active INTEGER NOT NULL DEFAULT 1,
  created_at INTEGER NOT NULL
);

CREATE TABLE shifts (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,            -- uuid, the attendance record's idempotency key
  cashier_id TEXT NOT NULL REFERENCES cashiers (id),
  business_day TEXT NOT NULL,
  opened_at INTEGER NOT NULL,
  float_amount INTEGER NOT NULL,
  float_counts TEXT,                  -- JSON {denomination_minor: count} when counted by banknote and coin
  closed_at INTEGER,
  closed_by TEXT REFERENCES cashiers (id),
  cash_expected INTEGER,
  cash_counted INTEGER,
  other_counts TEXT,                  -- JSON {method_key: counted} for the optional blind count of other methods
  z_report TEXT                       -- JSON of the Z report as printed at close
);
-- At most one open shift on a till.
CREATE UNIQUE INDEX shifts_one_open ON shifts ((closed_at IS NULL)) WHERE closed_at IS NULL;

CREATE TABLE cash_movements (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  shift_id TEXT NOT NULL REFERENCES shifts (id),
  cashier_id TEXT NOT NULL REFERENCES cashiers (id),
  kind TEXT NOT NULL CHECK (kind IN ('IN', 'OUT')),
  amount INTEGER NOT NULL CHECK (amount > 0),
  reason TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX cash_movements_by_shift ON cash_movements (shift_id);

ALTER TABLE orders ADD COLUMN cashier_id TEXT;
ALTER TABLE orders ADD COLUMN shift_id TEXT;
ALTER TABLE orders ADD COLUMN refund_reason TEXT;
ALTER TABLE orders ADD COLUMN refund_of_number TEXT;
CREATE INDEX orders_by_shift ON orders (shift_id);
CREATE INDEX orders_by_refund_of ON orders (refund_of);

-- A refund line names the sale line it gives back, so a sale never refunds more than it sold.
ALTER TABLE order_lines ADD COLUMN refunds_line INTEGER;

-- A payment taken later (settle-later) belongs to the shift and cashier that took it.
ALTER TABLE order_payments ADD COLUMN shift_id TEXT;
ALTER TABLE order_payments ADD COLUMN cashier_id TEXT;
ALTER TABLE order_payments ADD COLUMN paid_at INTEGER;
CREATE INDEX order_payments_by_shift ON order_payments (shift_id);

-- Records other than orders that go to the service exactly once: closed
-- shifts (attendance) and settlements of orders that had already gone.
-- `uuid` is the idempotency key; `held` waits for its path to be set.
CREATE TABLE record_outbox (
  seq INTEGER PRIMARY KEY,
  uuid TEXT NOT NULL UNIQUE,
  kind TEXT NOT NULL CHECK (kind IN ('attendance', 'settlement')),
  body TEXT NOT NULL,                 -- JSON, canonical (version-independent) member names
  state TEXT NOT NULL CHECK (state IN ('pending', 'synced', 'rejected')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  synced_at INTEGER,
  created_at INTEGER NOT NULL
);
CREATE INDEX record_outbox_pending ON record_outbox (state, seq);

-- Wrong PINs are throttled per till, and the throttle survives a restart.
CREATE TABLE pin_throttle (
  scope TEXT PRIMARY KEY,             -- 'till' for sign-in and approvals on this till
  failures INTEGER NOT NULL,
  next_try_at INTEGER NOT NULL
);
