/**
 * The pagination envelope (spec, "Pagination envelope"), laid out like
 * Laravel's LengthAwarePaginator: same members in the same order, and
 * `links` built like its UrlWindow (every page up to 13 pages, then the
 * first two, a window around the current page and the last two with "..."
 * between). Urls carry only `?page=N` (emulator/README.md, 3).
 */
export interface PageLink {
  url: string | null;
  label: string;
  active: boolean;
}

export interface PageEnvelope<T> {
  current_page: number;
  data: T[];
  first_page_url: string;
  from: number;
  last_page: number;
  last_page_url: string;
  links: PageLink[];
  next_page_url: string | null;
  path: string;
  per_page: number;
  prev_page_url: string | null;
  to: number;
  total: number;
}

export const DEFAULT_PER_PAGE = 15;
export const MAX_PER_PAGE = 500;
const ON_EACH_SIDE = 3;

function range(from: number, to: number): number[] {
  const out: number[] = [];
  for (let page = from; page <= to; page++) out.push(page);
  return out;
}

/** Page numbers and "..." gaps, as Laravel's UrlWindow lays them out. */
function window(current: number, last: number): (number | '...')[] {
  if (last < ON_EACH_SIDE * 2 + 8) return range(1, last);
  const size = ON_EACH_SIDE + 4;
  if (current <= size) return [...range(1, size + ON_EACH_SIDE), '...', last - 1, last];
  if (current > last - size) return [1, 2, '...', ...range(last - (size + ON_EACH_SIDE - 1), last)];
  return [1, 2, '...', ...range(current - ON_EACH_SIDE, current + ON_EACH_SIDE), '...', last - 1, last];
}

/** The records of one page and how many matched in all. */
export interface Selection<T> {
  total: number;
  items: T[];
}

/**
 * One pass over `items`: counts what `keep` accepts and collects only the
 * requested page, so a page of a 100,000-product catalog never copies the
 * whole filtered list.
 */
export function selectPage<T>(items: readonly T[], keep: (item: T) => boolean, page: number, perPage: number): Selection<T> {
  const start = (page - 1) * perPage;
  const end = start + perPage;
  const selected: T[] = [];
  let total = 0;
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    if (!keep(item)) continue;
    if (total >= start && total < end) selected.push(item);
    total++;
  }
  return { total, items: selected };
}

/**
 * One page as the envelope; `serialize` runs on that page's records only.
 * `path` is the list's absolute URL without a query.
 */
export function paginate<T, W>(selection: Selection<T>, page: number, perPage: number, path: string, serialize: (item: T) => W): PageEnvelope<W> {
  const { total } = selection;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const start = (page - 1) * perPage;
  const data = selection.items.map(serialize);
  const url = (n: number) => `${path}?page=${n}`;
  const prev = page > 1 ? url(page - 1) : null;
  const next = page < lastPage ? url(page + 1) : null;
  const links: PageLink[] = [{ url: prev, label: '&laquo; Previous', active: false }];
  for (const entry of window(page, lastPage)) {
    links.push(entry === '...' ? { url: null, label: '...', active: false } : { url: url(entry), label: String(entry), active: entry === page });
  }
  links.push({ url: next, label: 'Next &raquo;', active: false });
  return {
    current_page: page,
    data,
    first_page_url: url(1),
    // The spec types `from`/`to` as integers; an empty page says 0 for both (emulator/README.md, 19).
    from: data.length > 0 ? start + 1 : 0,
    last_page: lastPage,
    last_page_url: url(lastPage),
    links,
    next_page_url: next,
    path,
    per_page: perPage,
    prev_page_url: prev,
    to: data.length > 0 ? start + data.length : 0,
    total,
  };
}
