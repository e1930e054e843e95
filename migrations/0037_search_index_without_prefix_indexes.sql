-- The search index without FTS5's prefix indexes (issue 37; docs/performance.md,
-- "What each index costs the pull, measured"). prefix = '1 2 3' stored every
-- word's first one, two and three letters as terms of their own, four terms a
-- word: a quarter of SQLite's CPU for writing a catalog pull went into them
-- (100,000 products replayed: 0.7 to 1.1 s of 3.8 to 4.1 s). A search
-- for a prefix without them merges the lists of the words it starts: at
-- 100,000 products a two-letter prefix takes under 1 ms, the target 5 ms.
-- FTS5 options cannot be altered, so the table is made again and refilled
-- from its content (every generation's products, as the triggers index them).
-- Its triggers name it and are kept; its leaves stay 1,000 bytes (0033).
DROP TABLE product_search;
CREATE VIRTUAL TABLE product_search USING fts5(
  search_text,
  content = 'products',
  content_rowid = 'seq',
  tokenize = 'unicode61 remove_diacritics 2'
);
INSERT INTO product_search (product_search, rank) VALUES ('pgsz', 1000);
INSERT INTO product_search (product_search) VALUES ('rebuild');
