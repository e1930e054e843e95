import { listAnswer } from '../answers.ts';
import { filters, readListParams } from '../list-params.ts';
import type { RouteSpec } from '../route-spec.ts';
import { serializePaymentMethod, serializePaymentMethodConfig } from '../serialize-payment-method.ts';
import { Validator } from '../validation.ts';
import { listAndDetailRoutes } from './list-and-detail.ts';

export const paymentMethodRoutes: RouteSpec[] = [
  {
    method: 'GET',
    url: '/payment-methods',
    permission: 'read',
    handle: (context) => {
      const v = new Validator();
      const params = readListParams(context.input, v);
      const isOnline = filters.boolean(params, 'is_online', v);
      v.throwIfFailed();
      const selected = context.state.tenant.paymentMethods.filter((m) => isOnline === undefined || m.is_online === isOnline);
      return listAnswer(context, params, selected, serializePaymentMethod);
    },
  },
  ...listAndDetailRoutes(
    '/payment-methods/settings',
    'configId',
    (context) => context.state.tenant.paymentMethodConfigs,
    (config, context) => serializePaymentMethodConfig(config, context.features),
  ),
];
