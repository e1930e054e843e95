import { detailAnswer, listAnswer } from '../answers.ts';
import { notFound } from '../envelope.ts';
import { filters, readListParams } from '../list-params.ts';
import type { RouteSpec } from '../route-spec.ts';
import { serializePaymentMethod, serializePaymentMethodConfig } from '../serialize-payment-method.ts';
import { Validator } from '../validation.ts';

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
  {
    method: 'GET',
    url: '/payment-methods/settings',
    permission: 'read',
    handle: (context) => {
      const v = new Validator();
      const params = readListParams(context.input, v);
      v.throwIfFailed();
      return listAnswer(context, params, context.state.tenant.paymentMethodConfigs, (config) =>
        serializePaymentMethodConfig(config, context.features),
      );
    },
  },
  {
    method: 'GET',
    url: '/payment-methods/settings/:configId',
    permission: 'read',
    handle: (context) => {
      const config = context.state.tenant.paymentMethodConfigs.find((c) => c.id === context.params.configId);
      if (!config) throw notFound();
      return detailAnswer(serializePaymentMethodConfig(config, context.features));
    },
  },
];
