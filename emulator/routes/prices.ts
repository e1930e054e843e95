import { detailAnswer } from '../answers.ts';
import { notFound } from '../envelope.ts';
import { findLiveProduct } from '../find-product.ts';
import type { RouteSpec } from '../route-spec.ts';
import { isPriceServed, serializePrice } from '../serialize-price.ts';
import { listing, listRoute } from './list-route.ts';

export const priceRoutes: RouteSpec[] = [
  listRoute('/products/:productId/prices', {
    list: (context) => {
      const product = findLiveProduct(context.state.tenant, context.params.productId);
      const branch = context.state.tenant.me.branch;
      const served = product.prices.filter((price) => isPriceServed(price, context.features));
      return listing(served, (price) => serializePrice(price, product, branch, context.features));
    },
  }),
  {
    method: 'GET',
    url: '/products/:productId/prices/:priceId',
    permission: 'read',
    handle: (context) => {
      const product = findLiveProduct(context.state.tenant, context.params.productId);
      const price = product.prices.find((p) => p.id === context.params.priceId);
      // A price the caller's version cannot express does not exist for it.
      if (!price || !isPriceServed(price, context.features)) throw notFound();
      return detailAnswer(serializePrice(price, product, context.state.tenant.me.branch, context.features));
    },
  },
];
