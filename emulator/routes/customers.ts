import { isLive, listAnswer } from '../answers.ts';
import { readListParams } from '../list-params.ts';
import { searchMatcher } from '../search-matcher.ts';
import type { RouteSpec } from '../route-spec.ts';
import { serializeCustomer } from '../serialize-customer.ts';
import { checkScope, readScope } from '../subscriber-scope.ts';
import { Validator } from '../validation.ts';

export const customerRoutes: RouteSpec[] = [
  {
    method: 'GET',
    url: '/users/customers',
    permission: 'read',
    handle: (context) => {
      const v = new Validator();
      const params = readListParams(context.input, v);
      const scope = readScope(context, params, v, false);
      v.throwIfFailed();
      checkScope(context, scope);
      const matches = params.search === null ? null : searchMatcher(params.search);
      const selected = context.state.tenant.customers.filter(
        (c) =>
          isLive(c) &&
          (scope.marketId === undefined || c.userable.market_id === scope.marketId) &&
          (matches === null || matches(c.name) || matches(c.email) || matches(c.phone)),
      );
      const withUserable = params.includes.includes('userable');
      return listAnswer(context, params, selected, (c) => serializeCustomer(c, withUserable));
    },
  },
];
