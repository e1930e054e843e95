import type { ProductCard } from '../../src-shared/selling/index.ts';

/**
 * What the virtualized grid reads: a total, the products it has so far by
 * index, and a way to ask for a range. `version` changes whenever more
 * products arrive, so the grid re-renders without the source being deeply
 * reactive (100,000 proxied objects would cost more than they give).
 */
export interface ProductSource {
  readonly total: number | null;
  readonly version: number;
  get(index: number): ProductCard | undefined;
  /** Loads what is missing in [from, to); never throws (errors go to `onError`). */
  ensure(from: number, to: number): void;
}

/** A fixed list: search results. */
export class ListSource implements ProductSource {
  readonly version = 0;
  constructor(private readonly items: readonly ProductCard[]) {}
  get total(): number {
    return this.items.length;
  }
  get(index: number): ProductCard | undefined {
    return this.items[index];
  }
  ensure(): void {}
}

/** Products a category's page holds: the grid asks for this many at once. */
export const PRODUCT_PAGE_SIZE = 120;

export type PageLoader = (offset: number, limit: number) => Promise<{ items: ProductCard[]; total: number }>;

/**
 * One category's products, fetched a page at a time as the grid scrolls to
 * them. Pages far from the last request are dropped so that scrolling
 * through 100,000 products keeps memory flat; a page in flight is never
 * asked for twice.
 */
export class PagedSource implements ProductSource {
  total = $state<number | null>(null);
  version = $state(0);
  // Caches behind `version`: the screen follows `version`, not these, so they need no reactivity.
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  private readonly pages = new Map<number, ProductCard[]>();
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  private readonly loading = new Set<number>();
  private closed = false;

  constructor(
    private readonly load: PageLoader,
    private readonly onError: (error: unknown) => void,
    readonly pageSize = PRODUCT_PAGE_SIZE,
    private readonly keepPages = 24,
  ) {}

  get(index: number): ProductCard | undefined {
    return this.pages.get(Math.floor(index / this.pageSize))?.[index % this.pageSize];
  }

  /** Stops applying answers that arrive after the grid moved to another category. */
  close(): void {
    this.closed = true;
  }

  ensure(from: number, to: number): void {
    const last = this.total === null ? from : Math.min(to, this.total);
    const firstPage = Math.floor(from / this.pageSize);
    const lastPage = Math.max(firstPage, Math.floor(Math.max(last - 1, from) / this.pageSize));
    for (let page = firstPage; page <= lastPage; page++) {
      if (!this.pages.has(page) && !this.loading.has(page)) void this.fetch(page);
    }
    this.evict(firstPage, lastPage);
  }

  private async fetch(page: number): Promise<void> {
    this.loading.add(page);
    try {
      const { items, total } = await this.load(page * this.pageSize, this.pageSize);
      if (this.closed) return;
      this.pages.set(page, items);
      this.total = total;
      this.version++;
    } catch (error) {
      if (!this.closed) this.onError(error);
    } finally {
      this.loading.delete(page);
    }
  }

  private evict(firstPage: number, lastPage: number): void {
    if (this.pages.size <= this.keepPages) return;
    const centre = (firstPage + lastPage) / 2;
    const farthest = [...this.pages.keys()].sort((a, b) => Math.abs(b - centre) - Math.abs(a - centre));
    for (const page of farthest.slice(0, this.pages.size - this.keepPages)) this.pages.delete(page);
  }
}
