-- The service's discounts on a tab (issue 35): the ones a cashier picked
-- from the list for it (JSON array of the service's ids; null: none), judged
-- by their rules whenever the tab is priced, as a cart's are, and the coupons
-- and rewards checked for it (JSON, as a cart keeps them). A split part
-- keeps the discounts its pieces carry (JSON, the AppliedDiscount list of
-- pricing with each one's share of the part's pieces), fixed at the split
-- like the pieces' amounts, so the order that pays it names them.
ALTER TABLE tabs ADD COLUMN picked_discounts TEXT;
ALTER TABLE tabs ADD COLUMN promotions TEXT;
ALTER TABLE tab_parts ADD COLUMN discounts TEXT;

-- A customer corrected at the counter (issue 35): kept at once and uploaded
-- with Customers Update. One row per customer while it waits: a second edit
-- before the upload changes that row, so the service gets one Update with
-- the final fields. `customer_id` is the id the cashier saw: the service's
-- (a replica customer) or the till's uuid of a customer added here (sent
-- once that customer's Create named the service's id). `id` is the edit's
-- own uuid. `revision` goes up with each edit of a waiting row: an answer
-- to an Update sent before a later edit does not mark that later one sent.
CREATE TABLE customer_edits (
  id TEXT PRIMARY KEY,
  customer_id TEXT NOT NULL,
  name TEXT NOT NULL,
  phone_prefix TEXT NOT NULL,
  phone TEXT NOT NULL,
  email TEXT NOT NULL DEFAULT '',
  edited_at INTEGER NOT NULL,
  revision INTEGER NOT NULL DEFAULT 1,
  state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'synced', 'rejected')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,
  last_error TEXT,
  synced_at INTEGER
);

-- At most one edit waiting per customer.
CREATE UNIQUE INDEX customer_edits_one_pending ON customer_edits (customer_id) WHERE state = 'pending';
CREATE INDEX customer_edits_due ON customer_edits (state, next_attempt_at);
