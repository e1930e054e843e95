-- Open tabs (issue 21): a tab on a table, or named at the counter, holds
-- rounds of lines that any counter station adds to, sends to the kitchen,
-- moves, merges, splits and pays. `version` goes up by one with every
-- change, and tab_changes says what each version was: a change made on an
-- older version is refused naming what changed since, never applied twice.
CREATE TABLE tabs (
  id TEXT PRIMARY KEY,
  label TEXT NOT NULL,
  table_id TEXT,
  guests INTEGER,
  state TEXT NOT NULL CHECK (state IN ('open', 'split', 'paid', 'cleared', 'merged')),
  version INTEGER NOT NULL,
  opened_at INTEGER NOT NULL,
  opened_by TEXT NOT NULL,
  closed_at INTEGER,
  merged_into TEXT
);
-- One tab per table while its guests are there: a second screen on the same table finds the first's tab.
CREATE UNIQUE INDEX tabs_one_per_table ON tabs (table_id) WHERE table_id IS NOT NULL AND state IN ('open', 'split', 'paid');
CREATE INDEX tabs_in_use ON tabs (state) WHERE state IN ('open', 'split', 'paid');

-- A line as rung up (the product snapshot, quantity, modifiers, notes: the
-- cart's own line, as JSON), in its round; sent_at once its round went to
-- the kitchen; removed_at once removed (kept: the kitchen may have made it).
CREATE TABLE tab_lines (
  id TEXT PRIMARY KEY,
  tab_id TEXT NOT NULL,
  round INTEGER NOT NULL,
  position INTEGER NOT NULL,
  line TEXT NOT NULL,
  added_at INTEGER NOT NULL,
  added_by TEXT NOT NULL,
  sent_at INTEGER,
  removed_at INTEGER
);
CREATE INDEX tab_lines_by_tab ON tab_lines (tab_id, position);

-- A split tab's parts: the pieces of lines each pays (JSON of LineAmounts),
-- and the order that paid it. A part is paid once: order_uuid is written in
-- the order's own transaction.
CREATE TABLE tab_parts (
  tab_id TEXT NOT NULL,
  part INTEGER NOT NULL,
  pieces TEXT NOT NULL,
  total INTEGER NOT NULL,
  order_uuid TEXT UNIQUE,
  PRIMARY KEY (tab_id, part)
);

CREATE TABLE tab_changes (
  tab_id TEXT NOT NULL,
  version INTEGER NOT NULL,
  kind TEXT NOT NULL,
  station TEXT NOT NULL,
  cashier TEXT,
  at INTEGER NOT NULL,
  count INTEGER,
  table_id TEXT,
  PRIMARY KEY (tab_id, version)
);
