// An emulator profile: one reading of the spec the emulator serves. The
// routes build today's answers (the `full` profile); a profile may hide a
// route the spec does not show (it then answers 404 as a service without it
// would) and reshape the records of a 2xx answer. Reshaping runs after the
// handler, so the routes, the tenant and the fault injection stay the same
// for every profile, and a profile is only a list of differences.

import type { Answer, RequestContext, RouteSpec } from '../route-spec.ts';

export const PROFILE_NAMES = ['full', 'spec-only', 'variant'] as const;
export type ProfileName = (typeof PROFILE_NAMES)[number];

export function isProfileName(text: string): text is ProfileName {
  return (PROFILE_NAMES as readonly string[]).includes(text);
}

export type JsonRecord = Record<string, unknown>;

/** Reshapes one record of an answer (a list item, or a detail's `data`). */
export type RecordShaper = (record: JsonRecord, context: RequestContext) => JsonRecord;

export interface ProfileRules {
  /** Routes (method and url, as in ROUTES) that answer 404 in this profile. */
  hidden?: readonly string[];
  /** Record shapers by route (`GET /products`). */
  records?: Readonly<Record<string, RecordShaper>>;
  /** Whole-answer shapers by route, for answers that are not records (the Orders Sync answer). */
  answers?: Readonly<Record<string, (answer: Answer, context: RequestContext) => Answer>>;
}

export interface EmulatorProfile {
  readonly name: ProfileName;
  serves(route: RouteSpec): boolean;
  shape(route: RouteSpec, context: RequestContext, answer: Answer): Answer;
}

export const routeKey = (route: Pick<RouteSpec, 'method' | 'url'>): string => `${route.method} ${route.url}`;

function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A profile from its rules: records of a list are `data.data[]`, of a detail `data`. */
export function defineProfile(name: ProfileName, rules: ProfileRules): EmulatorProfile {
  const hidden = new Set(rules.hidden ?? []);
  return {
    name,
    serves: (route) => !hidden.has(routeKey(route)),
    shape(route, context, answer) {
      if (answer.status < 200 || answer.status >= 300) return answer;
      const key = routeKey(route);
      const whole = rules.answers?.[key];
      if (whole) return whole(answer, context);
      const shaper = rules.records?.[key];
      if (!shaper || !isRecord(answer.body)) return answer;
      const data = answer.body.data;
      if (isRecord(data) && Array.isArray(data.data)) {
        const items = data.data.map((item) => (isRecord(item) ? shaper(item, context) : item));
        return { ...answer, body: { ...answer.body, data: { ...data, data: items } } };
      }
      if (isRecord(data)) return { ...answer, body: { ...answer.body, data: shaper(data, context) } };
      return answer;
    },
  };
}

/** `record` with only `members`, in that order (those it has). */
export function only(record: JsonRecord, members: readonly string[]): JsonRecord {
  const out: JsonRecord = {};
  for (const member of members) if (Object.hasOwn(record, member)) out[member] = record[member];
  return out;
}

/** `record` with `from` renamed `to` (in place of the old member's position). */
export function rename(record: JsonRecord, renames: Readonly<Record<string, string>>): JsonRecord {
  const out: JsonRecord = {};
  for (const [key, value] of Object.entries(record)) out[renames[key] ?? key] = value;
  return out;
}

/** `record` without `members`. */
export function without(record: JsonRecord, members: readonly string[]): JsonRecord {
  const out: JsonRecord = { ...record };
  for (const member of members) delete out[member];
  return out;
}

/** What a profile does to each catalog record kind the product reads return. */
export interface CatalogShapers {
  product: RecordShaper;
  modifier: RecordShaper;
  price: RecordShaper;
  barcode: RecordShaper;
  printer: RecordShaper;
}

/** The same shaper on a record kind's list read and its detail read. */
export function catalogRecordRules(shape: CatalogShapers): Record<string, RecordShaper> {
  return {
    'GET /products': shape.product,
    'GET /products/:productId': shape.product,
    'GET /products/:productId/modifiers': shape.modifier,
    'GET /products/:productId/modifiers/:productModifierId': shape.modifier,
    'GET /products/:productId/prices': shape.price,
    'GET /products/:productId/prices/:priceId': shape.price,
    'GET /products/modifiers/barcodes': shape.barcode,
    'GET /printers': shape.printer,
    'GET /printers/:printerId': shape.printer,
  };
}
