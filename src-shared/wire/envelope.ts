import { z } from 'zod';
import { int, list, oneOf, record, text } from './primitives.ts';

/** `meta` of a successful answer (spec, "General conventions" 1 and 2). */
export const successMetaSchema = record({
  code: int,
  status: oneOf(['success']),
  message: text,
});

/** The success envelope `{meta, data}` around any `data`. */
export function successEnvelopeSchema<T extends z.ZodType>(data: T) {
  return record({ meta: successMetaSchema, data });
}

/** A `links` entry of the pagination envelope. */
export const pageLinkSchema = record({
  url: z.string({ error: 'a string or null' }).nullable(),
  label: text,
  active: z.boolean({ error: 'a boolean' }),
});

/**
 * The pagination envelope of every list read (spec, "Pagination envelope").
 * `from` and `to` also accept null: the spec types them as integers, but a
 * Laravel paginator answers null for both on an empty page, and an empty list
 * (a branch without printers) must not fail a pull.
 */
export function paginationSchema<T extends z.ZodType>(item: T) {
  return record({
    current_page: int,
    data: list(item),
    first_page_url: text,
    from: z.number({ error: 'an integer or null' }).int({ error: 'an integer or null' }).nullable(),
    last_page: int,
    last_page_url: text,
    links: list(pageLinkSchema),
    next_page_url: z.string({ error: 'a string or null' }).nullable(),
    path: text,
    per_page: int,
    prev_page_url: z.string({ error: 'a string or null' }).nullable(),
    to: z.number({ error: 'an integer or null' }).int({ error: 'an integer or null' }).nullable(),
    total: int,
  });
}

/** What the sync needs from a page to walk the list: the service may cap per_page and drop filters from its urls. */
export interface PageInfo {
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
}
