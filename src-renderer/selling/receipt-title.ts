import type { OrderView } from '../../src-shared/selling/index.ts';
import type { LocaleState } from '../state/index.ts';

/** What a receipt is headed with: a refund, an order still owed, or a paid one, by its number. */
export function receiptTitle(order: OrderView, locale: Pick<LocaleState, 't'>): string {
  if (order.kind === 'REFUND') return locale.t('receipt.refund', { number: order.number });
  return order.status === 'UNPAID' ? locale.t('receipt.unpaid', { number: order.number }) : locale.t('receipt.paid', { number: order.number });
}
