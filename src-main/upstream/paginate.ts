import type { PageInfo } from '../../src-shared/wire/index.ts';
import type { QueryParams } from './encode-query.ts';
import type { ServiceClient } from './service-client.ts';
import { ProtocolError, ServiceError } from './service-errors.ts';
import { withRetry, type RetryPolicy } from './retry.ts';
import { checkListLimits } from './list-limits.ts';

export interface PaginatedRead<T, X extends object = object> {
  path: string;
  /** Filters, includes, search: sent again with every page. */
  query: QueryParams;
  /** What we ask for; the service may cap it, so nothing below relies on it. */
  perPage: number;
  /** Validates one page's body and turns its records canonical. */
  parse(body: unknown, page: number): { info: PageInfo; records: T[] } & X;
  /** Transient failures of one page are retried this way before the read fails. */
  retry?: RetryPolicy;
  signal?: AbortSignal;
}

/** One page: what `parse` gave (records, and anything else it reports), with the page number. */
export type Page<T, X extends object = object> = { page: number; info: PageInfo; records: T[] } & X;

export const DEFAULT_PAGE_RETRY: RetryPolicy = { attempts: 4, baseDelayMs: 250, maxDelayMs: 4_000 };

/**
 * Reads a list page by page, asking for page numbers with our own query every
 * time: `next_page_url` may drop filters and `per_page` may be capped, so
 * only `current_page` and `last_page` of each answer steer the walk. Stops
 * after the last page the latest answer announces (it moves when records are
 * added or removed upstream while we read). The next page is fetched while
 * the caller stores the current one.
 */
export async function* paginate<T, X extends object = object>(client: ServiceClient, read: PaginatedRead<T, X>): AsyncGenerator<Page<T, X>> {
  const fetchPage = (page: number): Promise<unknown> => {
    const pending = withRetry(
      () => {
        read.signal?.throwIfAborted();
        return client.get(read.path, { ...read.query, page, per_page: read.perPage });
      },
      read.retry ?? DEFAULT_PAGE_RETRY,
      (error) => error instanceof ServiceError && error.retryable && !read.signal?.aborted,
    );
    // If the caller stops early, a prefetch failing later must not crash the process.
    pending.catch(() => undefined);
    return pending;
  };
  let pending = fetchPage(1);
  for (let page = 1; ; page++) {
    const body = await pending;
    const parsed = read.parse(body, page);
    const { info } = parsed;
    // One call line: the list bounds hold whatever shape the page reading takes.
    checkListLimits(read.path, info, parsed.records.length);
    if (info.current_page !== page) {
      throw new ProtocolError(`GET ${read.path}`, 200, `asked for page ${page} but the answer is page ${info.current_page}`);
    }
    const more = page < info.last_page;
    if (more) pending = fetchPage(page + 1);
    yield { ...parsed, page };
    if (!more) return;
  }
}
