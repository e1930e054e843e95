import { MESSAGES, successBody } from '../envelope.ts';
import { UUID_PATTERN } from '../ids.ts';
import { toCents } from '../money.ts';
import type { RouteSpec } from '../route-spec.ts';
import { rules, Validator } from '../validation.ts';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `POST /orders/payments` (emulator/README.md, 34): a later payment of an
 * order the service already holds, the emulator's reading of the Orders
 * "Update" operation the spec names without a path. Idempotent on `uuid`
 * like the order upload: a uuid already held answers 200 `duplicate` and
 * stores nothing. Not served by the spec-only profile.
 */
export const orderPaymentRoutes: RouteSpec[] = [
  {
    method: 'POST',
    url: '/orders/payments',
    permission: 'write',
    handle: ({ state, body }) => {
      const v = new Validator();
      const input = isObject(body) ? body : {};
      const uuid = input.uuid;
      if (typeof uuid !== 'string' || !UUID_PATTERN.test(uuid)) v.fail('uuid', rules.uuid('uuid'));
      const orderUuid = input.order_uuid;
      if (typeof orderUuid !== 'string' || !state.orders.has(orderUuid)) v.fail('order_uuid', rules.selected('order_uuid'));
      const payments = input.payments;
      if (!Array.isArray(payments) || payments.length === 0) v.fail('payments', rules.minItems('payments', 1));
      else {
        payments.forEach((payment: unknown, index) => {
          const p = isObject(payment) ? payment : {};
          const key = p.payment_method_key;
          if (typeof key !== 'string' || !state.tenant.paymentMethods.some((m) => m.key === key))
            v.fail(`payments.${index}.payment_method_key`, rules.selected(`payments.${index}.payment_method_key`));
          const cents = typeof p.amount === 'string' ? toCents(p.amount) : null;
          if (cents === null || cents <= 0) v.fail(`payments.${index}.amount`, rules.decimal(`payments.${index}.amount`));
        });
      }
      v.throwIfFailed();
      const held = state.settlements.get(uuid as string);
      if (held) return { status: 200, body: successBody(200, MESSAGES.synced, { uuid, status: 'duplicate', id: held.id }) };
      const id = state.newId();
      state.settlements.set(uuid as string, {
        id,
        uuid: uuid as string,
        order_uuid: orderUuid as string,
        payments: (payments as { payment_method_key: string; amount: string }[]).map(({ payment_method_key, amount }) => ({ payment_method_key, amount })),
        receivedAt: state.now(),
        body: input,
      });
      return { status: 201, body: successBody(201, MESSAGES.created, { uuid, status: 'created', id }) };
    },
  },
];
