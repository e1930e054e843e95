-- The branch's tables (issue 21). Two sources, never mixed:
--  - service_tables: the service's Tables list (GET /tables) as the last
--    complete pull brought it, replaced like the rest of the replica;
--  - local_tables: the tables a manager defines on the till (the Branch
--    screen, `pos tables add`), used where the service has no such list
--    (404, 403 or an empty list). A removed local table keeps its row
--    (removed_at): a tab or an order that named it still reads its name,
--    and its id (L1, L2, …) is never given again.
CREATE TABLE service_tables (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  area TEXT,
  seats INTEGER,
  is_active INTEGER NOT NULL,
  position INTEGER NOT NULL
);

CREATE TABLE local_tables (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL CHECK (length(trim(name)) > 0),
  area TEXT,
  seats INTEGER CHECK (seats IS NULL OR seats > 0),
  created_at INTEGER NOT NULL,
  removed_at INTEGER
);
-- Two tables in use never share a name (any case): "T4" means one table.
CREATE UNIQUE INDEX local_tables_name_in_use ON local_tables (lower(name)) WHERE removed_at IS NULL;
