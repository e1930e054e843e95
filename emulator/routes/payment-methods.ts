import { filters } from '../list-params.ts';
import type { RouteSpec } from '../route-spec.ts';
import { serializePaymentMethod, serializePaymentMethodConfig } from '../serialize-payment-method.ts';
import { listAndDetailRoutes } from './list-and-detail.ts';
import { listing, listRoute } from './list-route.ts';

export const paymentMethodRoutes: RouteSpec[] = [
  listRoute('/payment-methods', {
    query: (_context, params, v) => filters.boolean(params, 'is_online', v),
    list: (context, _params, isOnline) =>
      listing(
        context.state.tenant.paymentMethods.filter((m) => isOnline === undefined || m.is_online === isOnline),
        serializePaymentMethod,
      ),
  }),
  ...listAndDetailRoutes(
    '/payment-methods/settings',
    'configId',
    (context) => context.state.tenant.paymentMethodConfigs,
    (config, context) => serializePaymentMethodConfig(config, context.features),
  ),
];
