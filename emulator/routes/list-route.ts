import { listAnswer } from '../answers.ts';
import { readListParams, type ListParams } from '../list-params.ts';
import type { RequestContext, RouteSpec } from '../route-spec.ts';
import { Validator } from '../validation.ts';

/** What one list request pages: the records, how each is written, and which of them to keep (all by default). */
export interface Listing<T> {
  items: readonly T[];
  serialize: (item: T) => unknown;
  keep?: (item: T) => boolean;
}

/** A Listing, its record type inferred from `items` (an object literal would leave `serialize`'s parameter untyped). */
export function listing<T>(items: readonly T[], serialize: (item: T) => unknown, keep?: (item: T) => boolean): Listing<T> {
  return keep ? { items, serialize, keep } : { items, serialize };
}

export interface ListRouteOptions<T, Query> {
  /**
   * The route's own parameters (filters, subscriber scope), read beside the
   * common ones: every failure of both answers one 422, before anything is listed.
   */
  query?: (context: RequestContext, params: ListParams, v: Validator) => Query;
  /** The records to page (it may still throw: a 404 product, a 403 scope). */
  list: (context: RequestContext, params: ListParams, query: Query) => Listing<T>;
}

/** `GET url`, a page of records (`page`, `per_page`, `search`, `includes`, ...), for the read permission. */
export function listRoute<T, Query = undefined>(url: string, options: ListRouteOptions<T, Query>): RouteSpec {
  return {
    method: 'GET',
    url,
    permission: 'read',
    handle: (context) => {
      const v = new Validator();
      const params = readListParams(context.input, v);
      const query = options.query?.(context, params, v) as Query;
      v.throwIfFailed();
      const { items, serialize, keep } = options.list(context, params, query);
      return listAnswer(context, params, items, serialize, keep);
    },
  };
}
