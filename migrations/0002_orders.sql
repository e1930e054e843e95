-- Orders the till has sold, their upload state, parked carts and local settings.
-- Money is integer minor units (halalas). An order row and everything that
-- belongs to it are written in one transaction at checkout, with its outbox entry.

CREATE TABLE orders (
  seq INTEGER PRIMARY KEY,
  uuid TEXT NOT NULL UNIQUE,          -- made by the till; the service's idempotency key
  number TEXT NOT NULL,               -- what the cashier calls out: per branch per business day
  business_day TEXT NOT NULL,         -- YYYY-MM-DD in the till's local time
  day_sequence INTEGER NOT NULL,
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
  UNIQUE (business_day, day_sequence)
);
CREATE INDEX orders_by_time ON orders (created_at);

CREATE TABLE order_lines (
  order_uuid TEXT NOT NULL REFERENCES orders (uuid),
  line_no INTEGER NOT NULL,
  product_id TEXT NOT NULL,
  category_id INTEGER NOT NULL,
  name_en TEXT NOT NULL,
  name_ar TEXT NOT NULL,
  quantity INTEGER NOT NULL CHECK (quantity <> 0),
  unit_price INTEGER NOT NULL,
  gross INTEGER NOT NULL,
  discount INTEGER NOT NULL,
  tax INTEGER NOT NULL,
  total INTEGER NOT NULL,
  line_discount TEXT,                 -- JSON {kind, value} or NULL
  modifiers TEXT NOT NULL,            -- JSON [{modifier_id, name_en, name_ar, price}]
  notes TEXT,
  PRIMARY KEY (order_uuid, line_no)
) WITHOUT ROWID;

CREATE TABLE order_payments (
  order_uuid TEXT NOT NULL REFERENCES orders (uuid),
  position INTEGER NOT NULL,
  method_key TEXT NOT NULL,
  amount INTEGER NOT NULL,
  PRIMARY KEY (order_uuid, position)
) WITHOUT ROWID;

-- One entry per order to upload. `pending` is retried with backoff until the
-- service answers; `synced` and `rejected` are final (a rejection keeps the
-- service's errors for a person to see).
CREATE TABLE outbox (
  order_uuid TEXT PRIMARY KEY REFERENCES orders (uuid),
  state TEXT NOT NULL CHECK (state IN ('pending', 'synced', 'rejected')),
  enqueued_seq INTEGER NOT NULL,      -- oldest first
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  service_id TEXT,
  service_status TEXT,                -- created | duplicate | rejected
  rejection TEXT,                     -- JSON of the service's errors
  synced_at INTEGER
);
CREATE INDEX outbox_pending ON outbox (state, enqueued_seq);

CREATE TABLE parked_carts (
  id TEXT PRIMARY KEY,
  label TEXT NOT NULL,
  cart TEXT NOT NULL,                 -- JSON of the cart as the till API describes it
  parked_at INTEGER NOT NULL
);

-- Local settings of this till: key → JSON value.
CREATE TABLE settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
