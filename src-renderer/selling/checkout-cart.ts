import { CASH_METHOD_KEY, PAY_LATER_METHOD_KEY } from '../../src-shared/pricing/index.ts';
import type { OrderView, TillInputs } from '../../src-shared/selling/index.ts';
import { approvalSheets, moneyText, percentText, type ApprovalWords } from '../staff/index.ts';
import { isolate, type LocaleState, type TillState } from '../state/index.ts';

/** A checkout as the screen sends it, before any manager's approval is added. */
export type CheckoutInput = Omit<TillInputs['checkout'], 'approval'>;

/**
 * Pays the counter's cart: one checkout call, its discounts over the limit
 * or money left to pay later approved in the sheet first (the host decides).
 * Both the payment dialog and the one-tap exact cash beside Pay come here,
 * so neither can skip an approval the other asks for. Resolves with the
 * paid order once the host emptied its cart, or undefined (said already).
 */
export async function checkoutCart(till: TillState, locale: LocaleState, input: CheckoutInput, payLaterWho: () => string): Promise<OrderView | undefined> {
  const payLaterOwed = input.payments.filter((p) => p.method_key === PAY_LATER_METHOD_KEY).reduce((sum, p) => sum + p.amount, 0);
  const order = await approvalSheets.request(till, {
    method: 'checkout',
    input,
    words: (check): ApprovalWords =>
      check.action === 'pay-later'
        ? { key: 'approval.ask.payLater', params: { amount: moneyText(payLaterOwed, locale), name: isolate(payLaterWho()) } }
        : {
            key: 'approval.ask.checkoutDiscount',
            params: { amount: moneyText(till.cart?.discount_total ?? 0, locale), limit: percentText(check.limits.discount_percent) },
          },
    send: (api, approval) => api.checkout({ ...input, ...approval }),
  });
  if (!order) return undefined;
  // The host emptied its cart in the same transaction; show that.
  await till.changeCart((api) => api.cart());
  return order;
}

/** The whole cart paid in cash, exactly its total: the customer handed over the right money. */
export function exactCash(total: number): CheckoutInput {
  return { payments: [{ method_key: CASH_METHOD_KEY, amount: total }], cash_tendered: total };
}
