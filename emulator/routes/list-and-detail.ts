import { detailAnswer } from '../answers.ts';
import { notFound } from '../envelope.ts';
import type { RequestContext, RouteSpec } from '../route-spec.ts';
import { listing, listRoute } from './list-route.ts';

/**
 * The read-only pair most resources share: `GET url` pages the records with
 * the common list parameters only, `GET url/:idParam` answers one or 404
 * (the parameter's name is part of the route key the profiles address).
 */
export function listAndDetailRoutes<T extends { id: string }>(
  url: string,
  idParam: string,
  recordsOf: (context: RequestContext) => readonly T[],
  serialize: (record: T, context: RequestContext) => unknown,
): RouteSpec[] {
  return [
    listRoute(url, { list: (context) => listing(recordsOf(context), (record) => serialize(record, context)) }),
    {
      method: 'GET',
      url: `${url}/:${idParam}`,
      permission: 'read',
      handle: (context) => {
        const record = recordsOf(context).find((r) => r.id === context.params[idParam]);
        if (!record) throw notFound();
        return detailAnswer(serialize(record, context));
      },
    },
  ];
}
