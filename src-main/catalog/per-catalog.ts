import { prepared, q, type TillDatabase } from '../db/index.ts';

// What tells one catalog from the next, in a millisecond or two: a pull writes last_pull and new rows (new seqs); a row
// added or taken away by hand changes a count.
const CATALOG_STAMP = prepared()(
  q.selectNoFrom((eb) => [
    eb.selectFrom('replica_meta').select('value').where('key', '=', 'last_pull').$asScalar().as('last_pull'),
    eb
      .selectFrom('products')
      .select((p) => p.fn.countAll<number>().as('n'))
      .$asScalar()
      .as('products'),
    eb
      .selectFrom('products')
      .select((p) => p.fn.max('seq').as('m'))
      .$asScalar()
      .as('last_seq'),
    eb
      .selectFrom('prices')
      .select((p) => p.fn.countAll<number>().as('n'))
      .$asScalar()
      .as('prices'),
    eb
      .selectFrom('prices')
      .select((p) => p.fn.max('seq').as('m'))
      .$asScalar()
      .as('last_price_seq'),
  ]),
);

/**
 * A figure read from the whole replica, worked out once a catalog (issue 34
 * item 8: on a 100,000-product replica the till's first screen waited more
 * than a second for such figures on every start, reload and page) and kept
 * per database until a pull brings another catalog.
 */
export function perCatalog<T>(compute: (db: TillDatabase) => T): (db: TillDatabase) => T {
  const kept = new WeakMap<TillDatabase, { stamp: string; value: T }>();
  return (db) => {
    const row = CATALOG_STAMP.get(db, {});
    const stamp = row ? `${row.last_pull}|${row.products}|${row.last_seq}|${row.prices}|${row.last_price_seq}` : '';
    const known = kept.get(db);
    if (known && known.stamp === stamp) return known.value;
    const value = compute(db);
    kept.set(db, { stamp, value });
    return value;
  };
}
