import type { QuarantinedRecord } from '../../src-shared/wire/index.ts';

/**
 * How many bad records a list may have and still be pulled without them: up
 * to half of the list. A few odd records (a name longer than the till takes,
 * a member of an unexpected type) cost the branch those records only, never
 * its catalog, not even on a first pull; only a list that is mostly
 * unreadable says the service and the till disagree about the list itself,
 * and then the previous replica is kept. See docs/decisions.md.
 */
export function allowedBadRecords(total: number): number {
  return Math.floor(Math.max(0, total) / 2);
}

/** Most of one list broke the contract: the pull fails and the previous replica stays. */
export class TooManyBadRecordsError extends Error {
  override readonly name = 'TooManyBadRecordsError';
  constructor(
    readonly list: string,
    readonly bad: readonly QuarantinedRecord[],
    total: number,
  ) {
    const examples = bad
      .slice(0, 3)
      .map((record) => record.reason)
      .join('; ');
    super(
      `${bad.length} of ${total} ${list} records break the contract (more than half of the list), so the previous catalog is kept: ${examples}${bad.length > 3 ? '; …' : ''}`,
    );
  }
}
