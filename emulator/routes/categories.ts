import { detailAnswer, isLive } from '../answers.ts';
import { notFound } from '../envelope.ts';
import type { RouteSpec } from '../route-spec.ts';
import { serializeCategory } from '../serialize-category.ts';
import { listing, listRoute } from './list-route.ts';

export const categoryRoutes: RouteSpec[] = [
  listRoute('/product-categories', {
    list: (context) => listing(context.state.tenant.categories.filter(isLive), (category) => serializeCategory(category, context.features)),
  }),
  {
    method: 'GET',
    url: '/product-categories/:productCategoryId',
    permission: 'read',
    handle: (context) => {
      const raw = context.params.productCategoryId ?? '';
      const id = /^\d+$/.test(raw) ? Number(raw) : NaN;
      const category = context.state.tenant.categories.find((c) => c.id === id && isLive(c));
      if (!category) throw notFound();
      return detailAnswer(serializeCategory(category, context.features));
    },
  },
];
