import { detailAnswer, listAnswer } from '../answers.ts';
import { notFound } from '../envelope.ts';
import { readListParams } from '../list-params.ts';
import type { RouteSpec } from '../route-spec.ts';
import { serializeKitchen } from '../serialize-kitchen.ts';
import { Validator } from '../validation.ts';

/**
 * The spec shows printer-kitchen and kitchen-category objects but no path;
 * the till reads them as `GET /kitchens` (emulator/README.md, 17).
 */
export const kitchenRoutes: RouteSpec[] = [
  {
    method: 'GET',
    url: '/kitchens',
    permission: 'read',
    handle: (context) => {
      const v = new Validator();
      const params = readListParams(context.input, v);
      v.throwIfFailed();
      return listAnswer(context, params, context.state.tenant.kitchens, (k) => serializeKitchen(k, context.features));
    },
  },
  {
    method: 'GET',
    url: '/kitchens/:kitchenId',
    permission: 'read',
    handle: (context) => {
      const kitchen = context.state.tenant.kitchens.find((k) => k.id === context.params.kitchenId);
      if (!kitchen) throw notFound();
      return detailAnswer(serializeKitchen(kitchen, context.features));
    },
  },
];
