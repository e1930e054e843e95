import { detailAnswer } from '../answers.ts';
import { notFound } from '../envelope.ts';
import { findById } from '../find-by-id.ts';
import { findLiveProduct } from '../find-product.ts';
import { searchMatcher } from '../search-matcher.ts';
import type { RouteSpec } from '../route-spec.ts';
import { serializeIngredient, serializeProductIngredient } from '../serialize-ingredient.ts';
import { listing, listRoute } from './list-route.ts';

export const ingredientRoutes: RouteSpec[] = [
  listRoute('/products/:productId/ingredients', {
    list: (context) => {
      const product = findLiveProduct(context.state.tenant, context.params.productId);
      const links = context.state.tenant.productIngredients.filter((link) => link.product_id === product.id);
      return listing(links, (link) => serializeProductIngredient(link, product, context.features));
    },
  }),
  // The spec names ingredients only through their histories; a list and a
  // detail read make the versioned `cost` observable (emulator/README.md, 25).
  listRoute('/ingredients', {
    list: (context, params) => {
      const matches = params.search === null ? null : searchMatcher(params.search);
      const selected = context.state.tenant.ingredients.filter((i) => matches === null || matches(i.name));
      return listing(selected, (ingredient) => serializeIngredient(ingredient, context.features));
    },
  }),
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
