import { detailAnswer, listAnswer } from '../answers.ts';
import { notFound } from '../envelope.ts';
import { findById } from '../find-by-id.ts';
import { findLiveProduct } from '../find-product.ts';
import { readPlainListParams } from '../list-params.ts';
import { searchMatcher } from '../search-matcher.ts';
import type { RouteSpec } from '../route-spec.ts';
import { serializeIngredient, serializeProductIngredient } from '../serialize-ingredient.ts';

export const ingredientRoutes: RouteSpec[] = [
  {
    method: 'GET',
    url: '/products/:productId/ingredients',
    permission: 'read',
    handle: (context) => {
      const params = readPlainListParams(context.input);
      const product = findLiveProduct(context.state.tenant, context.params.productId);
      const links = context.state.tenant.productIngredients.filter((link) => link.product_id === product.id);
      return listAnswer(context, params, links, (link) => serializeProductIngredient(link, product, context.features));
    },
  },
  {
    // The spec names ingredients only through their histories; a list and a
    // detail read make the versioned `cost` observable (emulator/README.md, 25).
    method: 'GET',
    url: '/ingredients',
    permission: 'read',
    handle: (context) => {
      const params = readPlainListParams(context.input);
      const matches = params.search === null ? null : searchMatcher(params.search);
      const selected = context.state.tenant.ingredients.filter((i) => matches === null || matches(i.name));
      return listAnswer(context, params, selected, (ingredient) => serializeIngredient(ingredient, context.features));
    },
  },
  {
    method: 'GET',
    url: '/ingredients/:ingredientId',
    permission: 'read',
    handle: (context) => {
      const ingredient = findById(context.state.tenant.ingredients, context.params.ingredientId ?? '');
      if (!ingredient) throw notFound();
      return detailAnswer(serializeIngredient(ingredient, context.features));
    },
  },
];
