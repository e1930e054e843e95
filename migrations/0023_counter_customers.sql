-- Customers added at the counter (issue 35, item 4). They are kept apart
-- from `customers`, the service's list that every catalog pull replaces
-- whole: a customer made here must survive the pull that runs before it is
-- uploaded. Each row is also its own outbox entry (one POST, once):
-- `id` is the till's uuid, the cart's and the order's customer_id until the
-- service names its own (`service_id`), and the idempotency key of the
-- upload. An order naming a customer still `pending` waits for it.
CREATE TABLE counter_customers (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  phone_prefix TEXT NOT NULL,
  phone TEXT NOT NULL,
  email TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL,
  state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'synced', 'rejected')),
  service_id TEXT,
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,
  last_error TEXT,
  synced_at INTEGER
);

-- One customer per phone number on this till.
CREATE UNIQUE INDEX counter_customers_by_phone ON counter_customers (phone_prefix, phone);
CREATE INDEX counter_customers_due ON counter_customers (state, next_attempt_at);
