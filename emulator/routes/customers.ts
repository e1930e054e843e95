import { isLive } from '../answers.ts';
import { searchMatcher } from '../search-matcher.ts';
import type { RouteSpec } from '../route-spec.ts';
import { serializeCustomer } from '../serialize-customer.ts';
import { checkScope, readScope } from '../subscriber-scope.ts';
import { listing, listRoute } from './list-route.ts';

export const customerRoutes: RouteSpec[] = [
  listRoute('/users/customers', {
    query: (context, params, v) => readScope(context, params, v, false),
    list: (context, params, scope) => {
      checkScope(context, scope);
      const matches = params.search === null ? null : searchMatcher(params.search);
      const selected = context.state.tenant.customers.filter(
        (c) =>
          isLive(c) &&
          (scope.marketId === undefined || c.userable.market_id === scope.marketId) &&
          (matches === null || matches(c.name) || matches(c.email) || matches(c.phone)),
      );
      const withUserable = params.includes.includes('userable');
      return listing(selected, (c) => serializeCustomer(c, withUserable));
    },
  }),
];
