-- The search index writes its leaves 1,000 bytes at a time instead of
-- FTS5's default 4,050 (issue 37; docs/performance.md, "a checkout during
-- the pull"). FTS5 merges its segments as it goes: every 64 leaves written,
-- it merges 64 leaves per level of the index in the statement that crossed
-- the mark. During a pull that statement is one of the pull's short write
-- transactions, and with 4 KB leaves the merge made it the longest (a
-- checkout waited 20 to 30 ms behind it); with 1 KB leaves the same merge is
-- a quarter of the bytes. Existing segments keep their leaves until merged.
INSERT INTO product_search (product_search, rank) VALUES ('pgsz', 1000);
