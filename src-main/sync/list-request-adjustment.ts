import { isParameterRefusal, type BadRequestError, type QueryParams, type ValidationError } from '../upstream/index.ts';

// The spec leaves two list parameters open: the largest `per_page` a
// service takes, and what `includes` values it wants (or refuses). A 422, or
// a strict service's 400, that is about either is not a dead pull: the list
// is asked for again the way the refusal says. Services word it their own
// way ("per_page", Laravel's "The per page field must not be greater than
// 25.", spatie's "Requested include(s) `prices` are not allowed"), under
// `errors` or only in the message, so both are read. Kept apart from the
// paging itself so that the paging can change without touching this.

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

type Refusal = ValidationError | BadRequestError;

/** "per_page", "perPage", "per page", "per-page", "page size", "page_size". */
const PER_PAGE = /\bper[\s_-]?page\b|\bpage[\s_-]?size\b/i;
/** "includes", "includes.0", "includes[]", "include(s)", "include". */
const INCLUDES = /\binclude/i;

/** Every message of the refusal that is about the parameter (its field, or its words in a message). */
function messagesAbout(error: Refusal, about: RegExp): string[] {
  const out: string[] = [];
  for (const [key, messages] of Object.entries(error.errors)) {
    if (about.test(key)) out.push(...messages, key);
    else out.push(...messages.filter((message) => about.test(message)));
  }
  // A service that sends no per-field errors says it in its message (the error's own wording names the request).
  if (out.length === 0) {
    const said = error.serviceMessage;
    if (about.test(said)) out.push(said);
  }
  return out;
}

/** The largest page size a message names ("must not be greater than 25", "max: 100", "between 1 and 100"). */
function namedMaximum(messages: readonly string[]): number | null {
  for (const message of messages) {
    const match = /(?:greater than|more than|larger than|exceed|max(?:imum)?(?: is| of)?:?|at most|between \d+ and|up to|<=?)\s*(\d+)/i.exec(message) ?? null;
    if (match) return Number(match[1]);
  }
  return null;
}

const word = (value: string) => value.replace(/["'`()[\]]/g, '').trim();

/** The include values a message names as allowed ("one of: product, modifier", "in: a,b", "Allowed include(s) are `a, b`"). */
function allowedValues(messages: readonly string[]): string[] {
  for (const message of messages) {
    const list =
      /(?:\bone of\b|\bin\s*:|\ballowed(?: values| includes?(?:\(s\))?)?(?: are| is)?\b|\bvalid values(?: are)?\b|\bavailable(?: includes?(?:\(s\))?)?(?: are| is)?\b)\s*:?\s*([\w.,\s"'`-]+?)\.?$/i.exec(
        message,
      );
    if (list) {
      const values = list[1]!
        .split(/[,\s]+/)
        .map(word)
        .filter((value) => /^[\w.-]+$/.test(value) && value !== 'and' && value !== 'or' && !/^(?:are|is)$/i.test(value));
      if (values.length > 0) return values;
    }
  }
  return [];
}

/** Of the includes asked for, those a message names as refused (the text before any "allowed" list). */
function refusedValues(messages: readonly string[], current: readonly string[]): string[] {
  const refused = new Set<string>();
  for (const message of messages) {
    const before = message.split(/\b(?:allowed|one of|valid values|available)\b/i)[0]!;
    for (const value of current) {
      if (value !== '' && new RegExp(`(?:^|[^\\w.-])${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:$|[^\\w-])`, 'i').test(before)) refused.add(value);
    }
  }
  return current.filter((value) => refused.has(value));
}

/** How to ask again after `error`, or null when the error is not about a parameter we can change. */
export function adjustAfterRefusal(error: unknown, request: ListRequest): Adjustment | null {
  if (!isParameterRefusal(error)) return null;
  // A 400 is named: it is how a strict service says it, and the person syncing may want to know.
  const said = error.status === 400 ? ' (400)' : '';

  const perPage = messagesAbout(error, PER_PAGE);
  if (perPage.length > 0) {
    const maximum = namedMaximum(perPage);
    const next = maximum !== null && maximum >= 1 && maximum < request.perPage ? maximum : Math.floor(request.perPage / 2);
    if (next < 1 || next >= request.perPage) return null;
    return { request: { ...request, perPage: next }, note: `the service refused per_page=${request.perPage}${said}; asked again with ${next}` };
  }

  const includes = messagesAbout(error, INCLUDES);
  if (includes.length > 0) {
    const asked = request.query.includes;
    const current = Array.isArray(asked) ? asked.map(String) : [];
    const same = (values: readonly string[]) => Array.isArray(asked) && current.length === values.length && values.every((v, i) => current[i] === v);
    const allowed = allowedValues(includes);
    const refused = refusedValues(includes, current);
    let next: string[] | null;
    if (refused.length > 0) {
      // Drop what it refuses; what is left (or what it allows) is asked for. The pull reads a dropped part per product.
      const kept = current.filter((value) => !refused.includes(value) && (allowed.length === 0 || allowed.includes(value)));
      next = kept;
    } else if (allowed.length > 0 && !same(allowed)) next = allowed;
    else if (!same([''])) next = [''];
    else next = null;
    if (next === null) return null;
    const query: QueryParams = { ...request.query };
    if (next.length === 0) delete query.includes;
    else query.includes = next;
    return {
      request: { ...request, query },
      note: `the service refused includes=${JSON.stringify(asked ?? null)}${said}; asked again with ${next.length === 0 ? 'no includes' : JSON.stringify(next)}`,
    };
  }
  return null;
}
