import { MESSAGES, successBody } from '../envelope.ts';
import type { RouteSpec } from '../route-spec.ts';
import { validateOrder } from '../validate-order.ts';
import { rules, Validator } from '../validation.ts';

const MAX_ORDERS_PER_SYNC = 50;

type SyncResult =
  { uuid: string | null; status: 'created' | 'duplicate'; id: string } | { uuid: string | null; status: 'rejected'; errors: Record<string, string[]> };

/**
 * `POST /orders/sync` (docs/decisions.md, "The order upload contract"; emulator/README.md, 30): idempotent on
 * `uuid`. An order the service already holds is `duplicate` and nothing new
 * is stored; an invalid one is `rejected` with its errors; the rest are
 * `created`. A malformed batch as a whole is a 422.
 */
export const orderRoutes: RouteSpec[] = [
  {
    method: 'POST',
    url: '/orders/sync',
    permission: 'write',
    handle: ({ state, body }) => {
      const v = new Validator();
      const orders = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).orders : undefined;
      if (orders === undefined || orders === null) v.fail('orders', rules.required('orders'));
      else if (!Array.isArray(orders)) v.fail('orders', rules.array('orders'));
      else if (orders.length === 0) v.fail('orders', rules.required('orders'));
      else if (orders.length > MAX_ORDERS_PER_SYNC) v.fail('orders', rules.maxItems('orders', MAX_ORDERS_PER_SYNC));
      v.throwIfFailed();

      const results: SyncResult[] = [];
      for (const raw of orders as unknown[]) {
        const uuid = typeof raw === 'object' && raw !== null && typeof (raw as { uuid?: unknown }).uuid === 'string' ? (raw as { uuid: string }).uuid : null;
        if (uuid !== null) state.orderArrivals.push(uuid);
        const held = uuid === null ? undefined : state.orders.get(uuid);
        if (held) {
          results.push({ uuid, status: 'duplicate', id: held.id });
          continue;
        }
        const check = validateOrder(raw, state.tenant);
        if (!check.ok) {
          results.push({ uuid, status: 'rejected', errors: check.errors });
          continue;
        }
        const id = state.newId();
        state.orders.set(check.order.uuid, { id, uuid: check.order.uuid, receivedAt: state.now(), order: check.order });
        results.push({ uuid, status: 'created', id });
      }
      return { status: 200, body: successBody(200, MESSAGES.synced, { results }) };
    },
  },
];
