-- Kitchen displays (issue 21, part 4). A display station shows the
-- categories routed to it here (beside the printers' routing, which stays
-- as it was: a category may go to a printer, a display, or both); while the
-- display is offline its tickets print on `fallback_printer_id`, or on each
-- category's kitchen printer when that is null.
CREATE TABLE kitchen_display_routes (
  station_id INTEGER PRIMARY KEY,
  category_ids TEXT NOT NULL,
  fallback_printer_id TEXT,
  updated_at INTEGER NOT NULL
);

-- A ticket on one display: a sale's kitchen lines at checkout, or a tab's
-- round when it is sent, written in that same transaction. `bumped_at`
-- once done (recall clears it; `bump_seq` orders the bumps, so recall
-- brings back the last one); `fallback_printed_at` once printed on paper
-- because the display was offline (never twice).
CREATE TABLE kitchen_tickets (
  id TEXT PRIMARY KEY,
  station_id INTEGER NOT NULL,
  source TEXT NOT NULL CHECK (source IN ('sale', 'round')),
  source_id TEXT NOT NULL,
  order_number TEXT,
  table_name TEXT,
  order_type TEXT,
  round INTEGER,
  created_at INTEGER NOT NULL,
  bumped_at INTEGER,
  bump_seq INTEGER,
  fallback_printed_at INTEGER
);
CREATE INDEX kitchen_tickets_open ON kitchen_tickets (station_id, created_at) WHERE bumped_at IS NULL;
CREATE INDEX kitchen_tickets_bumps ON kitchen_tickets (station_id, bump_seq) WHERE bump_seq IS NOT NULL;

-- The ticket's items as the kitchen reads them (names, modifiers as JSON,
-- notes); `bumped_at` per item toggles.
CREATE TABLE kitchen_items (
  ticket_id TEXT NOT NULL,
  item_id TEXT NOT NULL,
  position INTEGER NOT NULL,
  product_id TEXT NOT NULL,
  category_id INTEGER NOT NULL,
  name_en TEXT NOT NULL,
  name_ar TEXT NOT NULL,
  quantity INTEGER NOT NULL,
  modifiers TEXT NOT NULL,
  notes TEXT,
  bumped_at INTEGER,
  PRIMARY KEY (ticket_id, item_id)
);
