import type { PageInfo } from '../../src-shared/wire/index.ts';
import type { QueryParams } from './encode-query.ts';
import type { ServiceClient } from './service-client.ts';
import { ProtocolError, ServerError, ServiceError } from './service-errors.ts';
import { backoffDelay, type RetryPolicy } from './retry.ts';
import { checkListLimits } from './list-limits.ts';
import { RequestWindow } from './request-window.ts';
import { retryAfterMs } from './retry-after.ts';

export interface PaginatedRead<T, X extends object = object> {
  path: string;
  /** Filters, includes, search: sent again with every page. */
  query: QueryParams;
  /** What we ask for; the service may cap it, so nothing below relies on it. */
  perPage: number;
  /** Validates one page's body and turns its records canonical. */
  parse(body: unknown, page: number): ReadPage<T, X>;
  /**
   * Instead of `parse`: reads a page's bytes elsewhere (the pull's page
   * reader, on its own thread), started as soon as they arrive, so that the
   * next page is read while the caller stores this one.
   */
  readAhead?(bytes: Uint8Array, page: number): Promise<ReadPage<T, X>>;
  /** Transient failures of one page are retried this way before the read fails. */
  retry?: RetryPolicy;
  /** Pages on the wire at once and when they may leave (shared by a pull's lists); default one at a time. */
  window?: RequestWindow;
  signal?: AbortSignal;
}

/**
 * What reading a page gave: its records, or (`recordCount`) how many it
 * read when it handed them on some other way, and anything else it reports.
 */
export type ReadPage<T, X extends object = object> = { info: PageInfo; records: T[]; recordCount?: number } & X;

/** One page: what `parse` gave, with the page number. */
export type Page<T, X extends object = object> = ReadPage<T, X> & { page: number };

/** Pages that arrived and wait their turn, at most; beyond that no new request leaves until one is read. */
export const MAX_PAGES_WAITING = 1;

export const DEFAULT_PAGE_RETRY: RetryPolicy = { attempts: 4, baseDelayMs: 250, maxDelayMs: 4_000 };

/** A 429 is the service pacing us, not a failure: a page may be told to wait this many times. */
export const MAX_THROTTLED_ANSWERS = 10;
/** Longer `Retry-After` waits fail the pull (the previous catalog stays) instead of freezing it. */
export const MAX_RETRY_AFTER_MS = 5 * 60_000;

/**
 * Reads a list page by page, asking for page numbers with our own query every
 * time: `next_page_url` may drop filters and `per_page` may be capped, so
 * only `current_page` and `last_page` of each answer steer the walk.
 *
 * Up to the window's size of pages are on the wire at once and handed out
 * strictly in page order, each checked as it is handed out. Page 1 goes
 * alone, because only its `last_page` says how many there are; no page past
 * the last page known is ever asked for. The walk stops after the last page
 * the latest answer announces (it moves when records are added or removed
 * upstream while we read): pages asked for beyond a last page that shrank
 * are dropped unread, and the caller's totals check catches what moved.
 */
export async function* paginate<T, X extends object = object>(client: ServiceClient, read: PaginatedRead<T, X>): AsyncGenerator<Page<T, X>> {
  const window = read.window ?? new RequestWindow(1);
  // Pages waiting their turn are held as text (see ServiceClient.getDeferred).
  const inFlight = new Map<number, Promise<() => unknown>>();
  // With `readAhead`: each of those pages as read, its reading started when it arrived.
  const reading = new Map<number, Promise<ReadPage<T, X>>>();
  // Of those, how many have arrived and wait to be read.
  let arrived = 0;
  let lastKnown = 1;
  let nextToAsk = 1;
  const ask = () => {
    // More requests only while the answers do not pile up: when pages come faster than they are read
    // (loopback, a fast LAN), more in flight would only hold more of them in memory (issue 12: ≤ 250 MB).
    while (nextToAsk <= lastKnown && inFlight.size < window.size && arrived < MAX_PAGES_WAITING) {
      const pending = fetchPage(client, read, window, nextToAsk);
      // A page dropped unread (the caller stopped, the list shrank) must not crash the process when it fails later.
      pending.then(
        () => arrived++,
        () => undefined,
      );
      if (read.readAhead) {
        const page = nextToAsk;
        const pageRead = pending.then((body) => read.readAhead!(body() as Uint8Array, page));
        // A page dropped unread (the caller stopped, the list shrank): its reading failing later must not crash the process.
        pageRead.catch(() => undefined);
        reading.set(page, pageRead);
      }
      inFlight.set(nextToAsk++, pending);
    }
  };
  try {
    for (let page = 1; ; page++) {
      ask();
      const parsed = await readWhenArrived(inFlight.get(page)!, reading.get(page) ?? read, page, () => {
        inFlight.delete(page);
        reading.delete(page);
        arrived--;
        // The next request leaves before this page is parsed and stored.
        ask();
      });
      const { info } = parsed;
      // One call line: the list bounds hold whatever shape the page reading takes.
      checkListLimits(read.path, info, parsed.recordCount ?? parsed.records.length);
      if (info.current_page !== page) {
        throw new ProtocolError(`GET ${read.path}`, 200, `asked for page ${page} but the answer is page ${info.current_page}`);
      }
      lastKnown = info.last_page;
      const more = page < info.last_page;
      if (more) ask();
      yield { ...parsed, page };
      if (!more) return;
    }
  } finally {
    inFlight.clear();
    reading.clear();
  }
}

/**
 * A page's body once it arrives (`onArrived` runs then), decoded and read
 * by `parse` (or, given the page's `readAhead` reading, what it gave). Its
 * bytes and its raw JSON are this function's alone, garbage
 * once it returns: held in the generator's frame, they lived while the
 * caller stored the page over several turns of the event loop, outlived the
 * young generation and piled up until a full collection (8 MB of a 100k
 * pull's peak, issue 37).
 */
async function readWhenArrived<T, X extends object>(
  arriving: Promise<() => unknown>,
  read: PaginatedRead<T, X> | Promise<ReadPage<T, X>>,
  page: number,
  onArrived: () => void,
): Promise<ReadPage<T, X>> {
  const body = await arriving;
  onArrived();
  // Read elsewhere since it arrived (`readAhead`).
  if (read instanceof Promise) return read;
  const text = body();
  // Decoding a page's text and reading it are each a few milliseconds of this thread (a products page of 500:
  // 4 and 5 ms here), and the host runs the pull beside its checkouts: a turn of the event loop between the two,
  // so that a checkout waits for one of them, not both (issue 37).
  await new Promise<void>((resolve) => setImmediate(resolve));
  return read.parse(text, page);
}

/** One page, retried: 429s wait as long as the service asks; 5xx, resets and timeouts follow the retry policy. */
async function fetchPage(client: ServiceClient, read: PaginatedRead<unknown, object>, window: RequestWindow, page: number): Promise<() => unknown> {
  const policy = read.retry ?? DEFAULT_PAGE_RETRY;
  let failures = 0;
  let throttled = 0;
  for (;;) {
    await window.ready(read.signal);
    read.signal?.throwIfAborted();
    const epoch = window.epoch;
    try {
      const query = { ...read.query, page, per_page: read.perPage };
      const body = read.readAhead ? await client.getDeferredBytes(read.path, query) : await client.getDeferred(read.path, query);
      window.answered();
      return body;
    } catch (error) {
      if (!(error instanceof ServiceError) || !error.retryable || read.signal?.aborted) throw error;
      const header = error instanceof ServerError ? error.retryAfter : null;
      const asked = retryAfterMs(header, window.clock.now());
      if (error.status === 429) {
        if (asked !== null && asked > MAX_RETRY_AFTER_MS) {
          throw new ServerError(error.request, 429, `it asks the till to wait ${Math.ceil(asked / 1000)} s (Retry-After), longer than a pull waits`, header);
        }
        if (++throttled > MAX_THROTTLED_ANSWERS) throw error;
        window.pushedBack(epoch, asked ?? backoffDelay(throttled, policy));
        continue;
      }
      if (++failures >= policy.attempts) throw error;
      // A failing service gets fewer requests at once; only its own Retry-After pauses the others.
      if (error.status !== null && error.status >= 500) window.pushedBack(epoch, asked ?? 0);
      await window.sleep(asked ?? backoffDelay(failures - 1, policy), read.signal);
    }
  }
}
