import { MESSAGES, successBody } from './envelope.ts';
import type { ListParams } from './list-params.ts';
import { paginate, selectPage } from './pagination.ts';
import type { Answer, RequestContext } from './route-spec.ts';

const keepAll = () => true;

/** 200 with the requested page of the `items` that `keep` accepts, in the pagination envelope. */
export function listAnswer<T>(
  context: RequestContext,
  params: ListParams,
  items: readonly T[],
  serialize: (item: T) => unknown,
  keep: (item: T) => boolean = keepAll,
): Answer {
  const selection = selectPage(items, keep, params.page, params.perPage);
  return {
    status: 200,
    body: successBody(200, MESSAGES.loaded, paginate(selection, params.page, params.perPage, context.path, serialize)),
  };
}

/** 200 with one record. */
export function detailAnswer(data: unknown): Answer {
  return { status: 200, body: successBody(200, MESSAGES.loaded, data) };
}

/** Records Laravel's default scope lists: soft-deleted ones are hidden (emulator/README.md, 4). */
export function isLive(record: { deleted_at?: number | null }): boolean {
  return record.deleted_at === null || record.deleted_at === undefined;
}
