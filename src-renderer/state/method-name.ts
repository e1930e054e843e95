import { isMessageKey, type MessageKey } from '../../src-shared/i18n/index.ts';
import { CASH_METHOD_KEY } from '../../src-shared/pricing/index.ts';
import type { PaymentMethodView } from '../../src-shared/selling/index.ts';

/**
 * A payment method's name for the cashier: the well-known methods in the
 * till's language, anything else as the service names it (the catalog has
 * one name per method, usually English).
 */
export function methodName(methods: readonly PaymentMethodView[], key: string, t: (key: MessageKey) => string): string {
  const known = `method.${key}`;
  if (isMessageKey(known)) return t(known);
  return methods.find((m) => m.key === key)?.name ?? key;
}

/** A price list's name: the CASH list is the counter's own prices; any other is the method's. */
export function priceListName(methods: readonly PaymentMethodView[], key: string, t: (key: MessageKey) => string): string {
  return key === CASH_METHOD_KEY ? t('pricelist.CASH') : methodName(methods, key, t);
}
