-- The replica by generation (issue 37): a pull writes the catalog it reads
-- into the live tables as a new generation, a few hundred rows a
-- transaction, and readers see only the generation pinned here, so a reader
-- sees the previous catalog or the new one, never a mix, and the write lock
-- is never held for long (docs/decisions.md, "The catalog pull by generation").
--
-- The replica tables themselves get their `generation` column (0: what the
-- pulls before this one left) when the database is opened, by
-- src-main/db/generations.ts, for every table in the replica's list
-- (src-main/catalog/replica-tables.ts): a table or a column another
-- migration adds is converted the same way, with no SQL of its own.

-- One row per replica table; a table without one shows generation 0.
CREATE TABLE generation_pins (
  table_name TEXT PRIMARY KEY,
  pinned INTEGER NOT NULL -- the generation its readers see
);
