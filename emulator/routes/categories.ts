import { detailAnswer, isLive, listAnswer } from '../answers.ts';
import { notFound } from '../envelope.ts';
import { readPlainListParams } from '../list-params.ts';
import type { RouteSpec } from '../route-spec.ts';
import { serializeCategory } from '../serialize-category.ts';

export const categoryRoutes: RouteSpec[] = [
  {
    method: 'GET',
    url: '/product-categories',
    permission: 'read',
    handle: (context) => {
      const params = readPlainListParams(context.input);
      const live = context.state.tenant.categories.filter(isLive);
      return listAnswer(context, params, live, (category) => serializeCategory(category, context.features));
    },
  },
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
