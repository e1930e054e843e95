import type { QuarantinedRecord } from '../../src-shared/wire/index.ts';

/**
 * How many bad records a list may have and still be pulled without them:
 * 1% of the list, at least 1, at most 50. More than that says the service
 * and the till disagree about the list itself, not about a few records.
 */
export function allowedBadRecords(total: number): number {
  return Math.min(50, Math.max(1, Math.floor(total / 100)));
}

/** Too many records of one list broke the contract: the pull fails and the previous replica stays. */
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
      `${bad.length} of ${total} ${list} records break the contract (more than ${allowedBadRecords(total)} allowed), so the previous catalog is kept: ${examples}${bad.length > 3 ? '; …' : ''}`,
    );
  }
}
