import { pinnedVersion, type TillDatabase } from '../db/index.ts';

/**
 * A figure read from the whole replica, worked out once a catalog (issue 34
 * item 8: on a 100,000-product replica the till's first screen waited more
 * than a second for such figures on every start, reload and page) and kept
 * per database until a pull pins another catalog or the replica is written
 * otherwise. The stamp reads a few rows (db/generations.ts pinnedVersion),
 * never the replica: it is asked on every category page.
 */
export function perCatalog<T>(compute: (db: TillDatabase) => T): (db: TillDatabase) => T {
  const kept = new WeakMap<TillDatabase, { stamp: string; value: T }>();
  return (db) => {
    const stamp = pinnedVersion(db);
    const known = kept.get(db);
    if (known && known.stamp === stamp) return known.value;
    const value = compute(db);
    kept.set(db, { stamp, value });
    return value;
  };
}
