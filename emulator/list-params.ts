import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from './pagination.ts';
import { Validator, asBoolean, asInteger, rules } from './validation.ts';

/** The common list parameters (spec, "Common list parameters"), checked. */
export interface ListParams {
  page: number;
  /** Already capped at MAX_PER_PAGE. */
  perPage: number;
  search: string | null;
  includes: string[];
  filter: Record<string, unknown>;
}

type Input = Record<string, unknown>;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An empty query value counts as absent (Laravel converts empty strings to null). */
function present(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}

/**
 * Query and JSON body merged (the spec allows either, emulator/README.md, 7):
 * the query wins on conflict, member by member inside `filter`.
 */
export function mergeListInput(query: unknown, body: unknown): Input {
  const q = isObject(query) ? query : {};
  const b = isObject(body) ? body : {};
  const merged: Input = { ...b, ...q };
  if (isObject(b.filter) && isObject(q.filter)) merged.filter = { ...b.filter, ...q.filter };
  return merged;
}

/** Arrays from the query parser may have holes (`includes[3]=x`); a JSON array is taken as is. */
function compact(values: unknown[]): unknown[] {
  return values.filter((value) => value !== undefined);
}

function positiveInteger(input: Input, field: string, v: Validator): number | undefined {
  const raw = input[field];
  if (!present(raw)) return undefined;
  const value = asInteger(raw);
  if (value === undefined) v.fail(field, rules.integer(field));
  else if (value < 1) v.fail(field, rules.min(field, 1));
  return value;
}

function optionalString(input: Input, field: string, v: Validator): string | null {
  const raw = input[field];
  if (!present(raw)) return null;
  if (typeof raw !== 'string') {
    v.fail(field, rules.string(field));
    return null;
  }
  return raw;
}

/**
 * Reads and checks the common list parameters; failures go to `v` (the
 * caller throws once every parameter, filters included, has been read).
 */
export function readListParams(input: Input, v: Validator): ListParams {
  const page = positiveInteger(input, 'page', v);
  const perPage = positiveInteger(input, 'per_page', v);
  const search = optionalString(input, 'search', v);
  // Accepted for the contract; the emulator keeps its stored order (emulator/README.md, 24).
  optionalString(input, 'sort', v);
  optionalString(input, 'key_by', v);
  const includes = new Set<string>();
  if (present(input.includes)) {
    if (!Array.isArray(input.includes)) v.fail('includes', rules.array('includes'));
    else {
      compact(input.includes).forEach((value, index) => {
        if (typeof value === 'string') includes.add(value);
        else v.fail(`includes.${index}`, rules.string(`includes.${index}`));
      });
    }
  }
  let filter: Record<string, unknown> = {};
  if (present(input.filter)) {
    if (isObject(input.filter)) filter = input.filter;
    else v.fail('filter', rules.array('filter'));
  }
  return {
    page: page !== undefined && page >= 1 ? page : 1,
    // Capped silently (emulator/README.md, 2).
    perPage: perPage !== undefined && perPage >= 1 ? Math.min(perPage, MAX_PER_PAGE) : DEFAULT_PER_PAGE,
    search,
    includes: [...includes],
    filter,
  };
}

/** The common list parameters of a route with no filters of its own; throws the 422 envelope. */
export function readPlainListParams(input: Input): ListParams {
  const v = new Validator();
  const params = readListParams(input, v);
  v.throwIfFailed();
  return params;
}

/** A reader of one scalar `filter[<name>]`: absent is undefined; a value `convert` refuses fails with `rule`. */
function scalarFilter<T>(convert: (raw: unknown) => T | undefined, rule: (field: string) => string) {
  return (params: ListParams, name: string, v: Validator): T | undefined => {
    const raw = params.filter[name];
    if (!present(raw)) return undefined;
    const value = convert(raw);
    if (value === undefined) v.fail(`filter.${name}`, rule(`filter.${name}`));
    return value;
  };
}

/** Typed readers of `filter[<name>]`; failures are named `filter.<name>` like Laravel's. */
export const filters = {
  string: scalarFilter((raw) => (typeof raw === 'string' ? raw : undefined), rules.string),
  integer: scalarFilter(asInteger, rules.integer),
  boolean: scalarFilter(asBoolean, rules.boolean),
  strings(params: ListParams, name: string, v: Validator): string[] | undefined {
    const raw = params.filter[name];
    if (!present(raw)) return undefined;
    if (!Array.isArray(raw)) {
      v.fail(`filter.${name}`, rules.array(`filter.${name}`));
      return undefined;
    }
    const out: string[] = [];
    compact(raw).forEach((value, index) => {
      if (typeof value === 'string' || typeof value === 'number') out.push(String(value));
      else v.fail(`filter.${name}.${index}`, rules.string(`filter.${name}.${index}`));
    });
    return out;
  },
};
