-- Sold out ("86", issue 34 item 6): a product or one option a manager or the
-- kitchen marked as not sellable now. Kept here, not in the catalog replica,
-- so a catalog pull (which swaps the replica's tables) does not clear it.
-- A mark counts only on the business day it was made (`business_day`,
-- YYYY-MM-DD under till.day_cutoff_hour): the next day starts with
-- everything back without anyone clearing it.
CREATE TABLE sold_out_marks (
  kind TEXT NOT NULL CHECK (kind IN ('product', 'modifier')),
  item_id TEXT NOT NULL,
  business_day TEXT NOT NULL,
  marked_at INTEGER NOT NULL,
  marked_by TEXT NOT NULL,
  PRIMARY KEY (kind, item_id)
) WITHOUT ROWID;
