import { ValidationError, type QueryParams } from '../upstream/index.ts';

// The spec leaves two list parameters open: the largest `per_page` a
// service takes, and what `includes` values it wants where it marks
// `includes` required. A 422 that names either is not a dead pull: the list
// is asked for again the way the error says. Kept apart from the paging
// itself so that the paging can change without touching this.

export interface ListRequest {
  query: QueryParams;
  perPage: number;
}

export interface Adjustment {
  request: ListRequest;
  /** Said to the person syncing. */
  note: string;
}

/** At most this many adjustments per list: a service that keeps refusing is refusing. */
export const MAX_ADJUSTMENTS = 6;

function messagesAbout(error: ValidationError, field: string): string[] {
  const out: string[] = [];
  for (const [key, messages] of Object.entries(error.errors)) {
    if (key === field || key.startsWith(`${field}.`) || key.startsWith(`${field}[`)) out.push(...messages, key);
  }
  if (out.length === 0 && error.message.includes(field)) out.push(error.message);
  return out;
}

/** The largest page size a message names ("may not be greater than 100", "max: 100", "between 1 and 100"). */
function namedMaximum(messages: readonly string[]): number | null {
  for (const message of messages) {
    const match = /(?:greater than|more than|max(?:imum)?(?: is| of)?:?|at most|between \d+ and|up to)\s*(\d+)/i.exec(message) ?? null;
    if (match) return Number(match[1]);
  }
  return null;
}

/** The include values a message names ("one of: product, modifier", "in: a,b", quoted words). */
function namedValues(messages: readonly string[]): string[] {
  for (const message of messages) {
    const list = /(?:\bone of\b|\bin\s*:|\ballowed(?: values)?(?: are)?\b|\bvalid values(?: are)?\b)\s*:?\s*([\w.,\s"'`-]+?)\.?$/i.exec(message);
    if (list) {
      const values = list[1]!
        .split(/[,\s]+/)
        .map((value) => value.replace(/["'`]/g, '').trim())
        .filter((value) => /^[\w.-]+$/.test(value) && value !== 'and' && value !== 'or');
      if (values.length > 0) return values;
    }
  }
  return [];
}

/** How to ask again after `error`, or null when the error is not about a parameter we can change. */
export function adjustAfterRefusal(error: unknown, request: ListRequest): Adjustment | null {
  if (!(error instanceof ValidationError)) return null;

  const perPage = messagesAbout(error, 'per_page');
  if (perPage.length > 0) {
    const maximum = namedMaximum(perPage);
    const next = maximum !== null && maximum >= 1 && maximum < request.perPage ? maximum : Math.floor(request.perPage / 2);
    if (next < 1 || next >= request.perPage) return null;
    return { request: { ...request, perPage: next }, note: `the service refused per_page=${request.perPage}; asked again with ${next}` };
  }

  const includes = messagesAbout(error, 'includes');
  if (includes.length > 0) {
    const current = request.query.includes;
    const named = namedValues(includes);
    const same = (values: readonly string[]) => Array.isArray(current) && current.length === values.length && values.every((v, i) => current[i] === v);
    // What the error names; failing that, one empty value (a present, non-empty array).
    const next = named.length > 0 && !same(named) ? named : !same(['']) ? [''] : null;
    if (next === null) return null;
    return {
      request: { ...request, query: { ...request.query, includes: next } },
      note: `the service refused includes=${JSON.stringify(current ?? null)}; asked again with ${JSON.stringify(next)}`,
    };
  }
  return null;
}
