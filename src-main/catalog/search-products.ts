import { sql } from 'kysely';
import { searchTerms } from '../../src-shared/search/index.ts';
import { param, prepared, q, type TillDatabase } from '../db/index.ts';

export interface ProductHit {
  id: string;
  category_id: number;
  name_en: string;
  name_ar: string;
  /** Set when the hit came from a barcode rather than the name. */
  barcode: string | null;
}

const BARCODE_LIKE = /^[0-9A-Za-z-]{3,}$/;

// Search runs on every keystroke: both queries are typed by Kysely and compiled once (db/query.ts prepared).

const BY_BARCODE = prepared<{ barcode: string; limit: number }>()(
  q
    .selectFrom('barcodes')
    .innerJoin('products', 'products.id', 'barcodes.product_id')
    .select(['products.id', 'products.category_id', 'products.name_en', 'products.name_ar', 'barcodes.barcode'])
    .where('barcodes.barcode', '=', param<string>('barcode'))
    .where('products.is_active', '=', 1)
    .limit(param<number>('limit')),
);

const BY_NAME = prepared<{ match: string; limit: number }>()(
  q
    .selectFrom('product_search')
    .innerJoin('products', 'products.seq', 'product_search.rowid')
    .select(['products.id', 'products.category_id', 'products.name_en', 'products.name_ar', sql<null>`NULL`.as('barcode')])
    // FTS5's MATCH has no builder: the table-named column matched against the query.
    .where(sql<boolean>`product_search MATCH ${param<string>('match')}`)
    .where('products.is_active', '=', 1)
    .limit(param<number>('limit')),
);

/**
 * Search as the cashier types, in either language: every word of the query
 * must start a word of the product's name (FTS5 prefix match on text
 * normalized the same way as the index), and a query that looks like a
 * barcode also finds the product it labels. Inactive products are left out.
 */
export function searchProducts(db: TillDatabase, query: string, limit = 50): ProductHit[] {
  const terms = searchTerms(query);
  if (terms.length === 0) return [];
  const hits: ProductHit[] = [];
  const trimmed = query.trim();
  if (BARCODE_LIKE.test(trimmed)) hits.push(...BY_BARCODE.all(db, { barcode: trimmed, limit }));
  // Normalized terms hold only letters and digits, so quoting them is enough to keep FTS syntax out.
  const match = terms.map((term) => `"${term}"*`).join(' ');
  const seen = new Set(hits.map((hit) => hit.id));
  const byName = BY_NAME.all(db, { match, limit });
  for (const hit of byName) if (!seen.has(hit.id) && hits.length < limit) hits.push(hit);
  return hits;
}
