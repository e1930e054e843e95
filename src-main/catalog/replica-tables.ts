import type { Selectable } from 'kysely';
import type { Product } from '../../src-shared/catalog/index.ts';
import { GENERATION_COLUMN, registerGenerationalTables, TABLE_COLUMNS, type SearchIndex, type TillSchema } from '../db/index.ts';

/** What a replica table says beyond its columns. */
interface ReplicaKeys {
  /** The service's identity of a row: what "the same record" means between pulls. */
  key: string;
  /** For a table of nested records: the column naming the record they belong to (a modifier's product). */
  parentKey?: string;
  /**
   * Nested records kept once a generation through their parent, with no
   * index on their own key: when the pull stages a parent again (it moved
   * between pages), the rows it staged under the earlier copy go
   * (replica-staging.ts). The till reads them by their parent; only marking
   * an option sold out looks one up by its own key (a scan, once a mark),
   * and that key's index of random UUIDs cost a pull about a page written
   * per row (docs/performance.md, the pull).
   */
  keptByParent?: 'products';
  /** Indexes led by the generation (db/generations.ts GenerationalTable.generationFirst): readers' orders the pinned view keeps. */
  generationFirst?: readonly string[];
  /** The table's search index, kept by its writers, the pull a slice at a time (db/generations.ts, GenerationalTable.searchIndex). */
  searchIndex?: SearchIndex;
}

/**
 * The column of a table kept by its parent that holds the parent's row
 * (its `seq`) of the same generation: the table's index of its parent's rows
 * is keyed by it (migration 0036), so that a pull, which numbers the parents
 * it writes in ascending order, appends to that index instead of writing a
 * leaf of it per parent (docs/performance.md, the pull). The pull fills it
 * (replica-staging.ts); readers find a product's rows through it.
 */
export const PARENT_SEQ_COLUMN = { products: 'product_seq' } as const;

/** The tables a pull replaces (all owned by the catalog), in the order it stages them, with their keys. */
const REPLICA_KEYS = {
  categories: { key: 'id' },
  products: { key: 'id', generationFirst: ['products_by_category'], searchIndex: { table: 'product_search', column: 'search_text' } },
  modifiers: { key: 'id', parentKey: 'product_id', keptByParent: 'products' },
  prices: { key: 'id', parentKey: 'product_id', keptByParent: 'products' },
  barcodes: { key: 'id', generationFirst: ['barcodes_by_code'] },
  payment_methods: { key: 'key' },
  payment_method_configs: { key: 'id' },
  printers: { key: 'id' },
  customers: { key: 'id' },
  kitchens: { key: 'id' },
  kitchen_printers: { key: 'id', parentKey: 'kitchen_id' },
  kitchen_categories: { key: 'id', parentKey: 'kitchen_id' },
  /** The service's Tables list (issue 21); where it has none, the floor's local tables stand in. */
  service_tables: { key: 'id' },
  /** The service's Discounts list (issue 35): what the rule engine (src-shared/discounts) applies. */
  discounts: { key: 'id' },
} as const satisfies { [N in keyof TillSchema]?: ReplicaKeys };

export type ReplicaTableName = keyof typeof REPLICA_KEYS;

// Every table of the list is kept by generation (db/generations.ts): converted when a database is opened, read through its pinned view.
registerGenerationalTables(
  Object.entries(REPLICA_KEYS).map(([name, keys]: [string, ReplicaKeys]) => ({
    name,
    key: keys.key,
    unique: keys.keptByParent === undefined,
    ...(keys.generationFirst ? { generationFirst: keys.generationFirst } : {}),
    ...(keys.searchIndex ? { searchIndex: keys.searchIndex } : {}),
    ...(keys.keptByParent && keys.parentKey
      ? { parentSeq: { column: PARENT_SEQ_COLUMN[keys.keptByParent], parent: keys.keptByParent, parentKey: keys.parentKey } }
      : {}),
  })),
);

/**
 * A replica table with the columns the pull writes: every column of the
 * schema (db/schema.ts, checked against the migrations by a test) but the
 * `seq` rowid key, which is the database's own, and the generation and the
 * parent's row (PARENT_SEQ_COLUMN), which the pull sets itself.
 */
export interface ReplicaTable<N extends ReplicaTableName = ReplicaTableName> extends ReplicaKeys {
  name: N;
  columns: readonly string[];
}

/** One staged row of table `N`, by column name: every column the pull writes (all but `seq`), typed as the schema says. */
export type ReplicaRow<N extends ReplicaTableName> = Omit<Selectable<TillSchema[N]>, 'seq' | 'generation' | 'product_seq'>;

function replicaTable<N extends ReplicaTableName>(name: N): ReplicaTable<N> {
  const keys: ReplicaKeys = REPLICA_KEYS[name];
  // `?? []`: a table a new migration adds is in the list before `npm run schema` has written its columns.
  const columns = (TABLE_COLUMNS[name] as readonly string[] | undefined) ?? [];
  const own = (column: string) => column !== 'seq' && column !== GENERATION_COLUMN && column !== PARENT_SEQ_COLUMN.products;
  return { name, ...keys, columns: columns.filter(own) };
}

/** The replica tables by name: `REPLICA.products` is where a product's row is staged. */
export const REPLICA = Object.fromEntries((Object.keys(REPLICA_KEYS) as ReplicaTableName[]).map((name) => [name, replicaTable(name)])) as {
  readonly [N in ReplicaTableName]: ReplicaTable<N>;
};

export const REPLICA_TABLES: readonly ReplicaTable[] = Object.values(REPLICA);

/**
 * The product columns the pull and readCatalog each convert themselves
 * (order, images, is_active, search_text), the rowid and the generation. Every other column
 * is a product's field under its own name and as it is (below).
 */
type ProductColumnConverted = 'seq' | 'sort_order' | 'images' | 'is_active' | 'search_text' | 'generation';

/** A product column that is a field of Product by the same name; a new column that is not fails Pick<Product, …> below until it is listed above. */
type ProductFieldAsIs = Exclude<(typeof TABLE_COLUMNS.products)[number], ProductColumnConverted>;

/**
 * Those fields of a stored product row (it has them under the same names
 * and types as a Product): readCatalog reads them back as they are. A column
 * added and not here fails the return type. Written out member by member: an
 * object filled by a loop over the names was several times slower to make
 * and to copy (issue 37).
 */
export function productFieldsAsIs(from: Pick<Product, ProductFieldAsIs>): Pick<Product, ProductFieldAsIs> {
  return {
    id: from.id,
    market_id: from.market_id,
    branch_id: from.branch_id,
    category_id: from.category_id,
    name_en: from.name_en,
    name_ar: from.name_ar,
    description_en: from.description_en,
    description_ar: from.description_ar,
    duration: from.duration,
    stock: from.stock,
    created_at: from.created_at,
    updated_at: from.updated_at,
    rating_amount: from.rating_amount,
    rating_avg: from.rating_avg,
    sold_amount: from.sold_amount,
    sold_revenue: from.sold_revenue,
    accounting_id: from.accounting_id,
  };
}
