-- The branch's stations (issue 20): every screen of a branch is its own
-- till. A station has a name the manager gives it, a one- or two-letter
-- code (its order numbers are CODE-001, CODE-002, … per business day), a
-- kind (counter today; kitchen and customer displays come with the floor
-- issue, so the table does not change shape then), and the printers of its
-- receipt and its cash drawer (ids of the replica's printers; null: the
-- till's usual printer). A removed station keeps its row (its orders and
-- shifts name it) with revoked_at set; its code is never given again, so a
-- number like B-014 always means one station.
CREATE TABLE stations (
  id INTEGER PRIMARY KEY,
  code TEXT NOT NULL UNIQUE CHECK (code GLOB '[A-Z]' OR code GLOB '[A-Z][A-Z]'),
  name TEXT NOT NULL CHECK (length(trim(name)) > 0),
  kind TEXT NOT NULL DEFAULT 'counter' CHECK (kind IN ('counter', 'kitchen_display', 'customer_display')),
  receipt_printer_id TEXT,
  drawer_printer_id TEXT,
  created_at INTEGER NOT NULL,
  revoked_at INTEGER
);

-- The first station is the till as it was: its code is the till.code
-- setting (stored as JSON text, e.g. "A"), or A when unset or not valid.
INSERT INTO stations (code, name, kind, created_at)
SELECT code, 'Counter ' || code, 'counter', CAST(unixepoch('subsec') * 1000 AS INTEGER)
FROM (
  SELECT COALESCE(
    (SELECT json_extract(value, '$') FROM settings
      WHERE key = 'till.code' AND json_valid(value)
        AND (json_extract(value, '$') GLOB '[A-Z]' OR json_extract(value, '$') GLOB '[A-Z][A-Z]')),
    'A'
  ) AS code
);
