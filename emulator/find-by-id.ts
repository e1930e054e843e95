/**
 * Lookup by id in the tenant's arrays, which tests mutate freely. An index
 * (id → position) is kept per array and trusted only after checking the
 * element still sits at that position; anything else rebuilds it, so a
 * lookup is O(1) on a 100,000-product catalog yet never stale.
 */
interface Index<K> {
  positions: Map<K, number>;
  length: number;
}

const indexes = new WeakMap<readonly unknown[], Index<unknown>>();

function build<K, T extends { id: K }>(items: readonly T[]): Index<K> {
  const positions = new Map<K, number>();
  items.forEach((item, position) => {
    if (!positions.has(item.id)) positions.set(item.id, position);
  });
  const index = { positions, length: items.length };
  indexes.set(items, index as Index<unknown>);
  return index;
}

export function findById<K, T extends { id: K }>(items: readonly T[], id: K): T | undefined {
  let index = indexes.get(items) as Index<K> | undefined;
  const position = index?.positions.get(id);
  if (position !== undefined && items[position]?.id === id) return items[position];
  // A miss on an index that still matches the array's length may be an
  // element replaced in place: scan rather than rebuild on every unknown id.
  if (index && position === undefined && index.length === items.length) return items.find((item) => item.id === id);
  index = build(items);
  const rebuilt = index.positions.get(id);
  return rebuilt === undefined ? undefined : items[rebuilt];
}
