import type { PageInfo } from '../../src-shared/wire/index.ts';
import { ProtocolError } from './service-errors.ts';

/**
 * Bounds on one paginated list, far above any real branch (the benchmarks
 * pull 100,000 products) and far below what would exhaust the till: a
 * service announcing more is broken or hostile, and the pull stops with a
 * clear error instead of walking pages forever.
 */
export const LIST_LIMITS = { maxPages: 20_000, maxRecords: 2_000_000, maxRecordsPerPage: 5_000 };

export function checkListLimits(path: string, info: PageInfo, recordsOnPage: number, limits = LIST_LIMITS): void {
  const problem =
    !Number.isSafeInteger(info.last_page) || info.last_page > limits.maxPages
      ? `announces ${info.last_page} pages (at most ${limits.maxPages} are read)`
      : Number.isSafeInteger(info.total) && info.total > limits.maxRecords
        ? `announces ${info.total} records (at most ${limits.maxRecords} are read)`
        : recordsOnPage > limits.maxRecordsPerPage
          ? `sent ${recordsOnPage} records on one page (at most ${limits.maxRecordsPerPage})`
          : null;
  if (problem) throw new ProtocolError(`GET ${path}`, 200, `the list ${problem}`);
}
