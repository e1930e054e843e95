import type { Order } from '../../../src-shared/wire/index.ts';
import { oneLine } from './connectivity.ts';
import type { BatchOutcome } from '../../orders/index.ts';

/** One line for a rejected order: the service's first message, and how many more there are. */
export function rejectionReason(errors: Record<string, string[]>): string {
  const messages = Object.entries(errors).flatMap(([field, list]) => list.map((message) => `${field}: ${message}`));
  if (messages.length === 0) return 'Rejected by the service (it gave no reason).';
  const more = messages.length > 1 ? ` (and ${messages.length - 1} more)` : '';
  return oneLine(`Rejected by the service: ${messages[0]}${more}`);
}

const ORDER_FIELD = /^orders\.(\d+)(?:\.(.+))?$/;

/**
 * The orders a whole-batch 422 names (Laravel keys such as
 * `orders.3.items.0.product_id`), each with its own errors, keyed as in a
 * per-order rejection (`items.0.product_id`).
 */
export function rejectionsNamedBy(errors: Record<string, string[]>, orders: Order[]): BatchOutcome['rejected'] {
  const perOrder = new Map<string, Record<string, string[]>>();
  for (const [field, messages] of Object.entries(errors)) {
    const match = ORDER_FIELD.exec(field);
    const order = match ? orders[Number(match[1])] : undefined;
    if (!match || !order) continue;
    const own = perOrder.get(order.uuid) ?? {};
    own[match[2] ?? 'order'] = messages;
    perOrder.set(order.uuid, own);
  }
  return [...perOrder].map(([uuid, own]) => ({ uuid, serviceStatus: 'rejected' as const, errors: own, reason: rejectionReason(own) }));
}
