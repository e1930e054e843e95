-- What a catalog pull writes (issue 37 item 1, docs/performance.md, the pull):
-- a product's modifiers and prices were indexed by the product's id, a random
-- UUID, so each slice of the pull dirtied a leaf of both indexes per product,
-- all over them: more than half of the pages a 100,000-product pull wrote.
-- They are indexed by the product's row number instead (product_seq, the
-- products row of the same generation), which a pull hands out in ascending
-- order: its rows are appended at the end of both indexes. The column is
-- filled when the database is opened (db/generations.ts, parentSeq: it needs
-- the generation, which a database from before generations has not yet), and
-- by the pull as it writes (catalog/replica-staging.ts).
ALTER TABLE modifiers ADD COLUMN product_seq INTEGER;
ALTER TABLE prices ADD COLUMN product_seq INTEGER;
DROP INDEX modifiers_by_product;
DROP INDEX prices_by_product;
CREATE INDEX modifiers_by_product ON modifiers (product_seq, position);
CREATE INDEX prices_by_product ON prices (product_seq);
