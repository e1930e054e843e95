-- The service's Discounts list (issue 35, item 1), replaced whole by every
-- complete pull like the rest of the replica. The spec shows no discount
-- field: what each column holds and how it is read is in the member table
-- ("discount") and docs/discounts.md. Lists (products, categories, branches,
-- order types, days) are JSON arrays; an empty one means "no limit".
-- valid_from / valid_to hold JSON: epoch ms (a number) or the branch's wall
-- clock "yyyy-MM-dd HH:mm:ss" (a string); null: open.
CREATE TABLE discounts (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  name_en TEXT NOT NULL,
  name_ar TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('PERCENT', 'AMOUNT')),
  value INTEGER NOT NULL,
  max_amount INTEGER,
  product_ids TEXT NOT NULL,
  category_ids TEXT NOT NULL,
  branch_ids TEXT NOT NULL,
  order_types TEXT NOT NULL,
  valid_from TEXT,
  valid_to TEXT,
  days TEXT NOT NULL,
  hours_from TEXT,
  hours_to TEXT,
  code TEXT,
  min_order INTEGER,
  is_active INTEGER NOT NULL,
  automatic INTEGER NOT NULL,
  position INTEGER NOT NULL
);

-- The service's discounts an order was given (issue 35): JSON, each with its
-- id, names, scope, amount and its share of each line; null on orders from
-- before this and on orders that got none. The receipt, the upload and the
-- ZATCA document name them from here.
ALTER TABLE orders ADD COLUMN discounts TEXT;
