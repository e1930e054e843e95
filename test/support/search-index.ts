import type { TillDatabase } from '../../src-main/db/index.ts';

/**
 * FTS5's own check of the products' search index against its content, the
 * products table (every generation): throws "database disk image is
 * malformed" when a row is missing from the index, or was taken out of it
 * without having been in it. rank = 1 asks for the comparison with the
 * content table: without it (the command alone) SQLite checks the index's
 * own structure only, and an index missing a product passes.
 */
export function checkSearchIndex(db: TillDatabase): void {
  db.prepare("INSERT INTO main.product_search (product_search, rank) VALUES ('integrity-check', 1)").run();
}
