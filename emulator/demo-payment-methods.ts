import type { PaymentMethod, PaymentMethodConfig } from '../src-shared/catalog/index.ts';
import { DEMO_ASSETS } from './demo-constants.ts';

/** Cash, the card schemes, pay later, two delivery apps and an online gateway. */
export function demoPaymentMethods(): PaymentMethod[] {
  const logo = (key: string) => `${DEMO_ASSETS}/payment-methods/${key.toLowerCase()}.png`;
  return [
    { key: 'CASH', name: 'Cash', is_online: false, logo_img: null },
    { key: 'MADA', name: 'mada', is_online: false, logo_img: logo('MADA') },
    { key: 'VISA', name: 'Visa', is_online: false, logo_img: logo('VISA') },
    { key: 'MASTERCARD', name: 'Mastercard', is_online: false, logo_img: logo('MASTERCARD') },
    { key: 'APPLE_PAY', name: 'Apple Pay', is_online: false, logo_img: logo('APPLE_PAY') },
    { key: 'PAY_LATER', name: 'Pay later', is_online: false, logo_img: null },
    { key: 'HUNGERSTATION', name: 'HungerStation', is_online: false, logo_img: logo('HUNGERSTATION') },
    { key: 'JAHEZ', name: 'Jahez', is_online: false, logo_img: logo('JAHEZ') },
    { key: 'MOYASAR_ONLINE', name: 'Moyasar online payment', is_online: true, logo_img: logo('MOYASAR_ONLINE') },
  ];
}

/** One market-wide config per method, plus product-level pricing for the delivery apps. */
export function demoConfigs(methods: PaymentMethod[], newId: () => string): PaymentMethodConfig[] {
  const configs: PaymentMethodConfig[] = methods.map((m, index) => ({
    id: newId(),
    payment_method_key: m.key,
    target: 'MARKET',
    method: 'FIXED',
    scope: 'ALL',
    sort: index + 1,
  }));
  for (const key of ['HUNGERSTATION', 'JAHEZ']) {
    configs.push({ id: newId(), payment_method_key: key, target: 'PRODUCT', method: null, scope: null, sort: configs.length + 1 });
  }
  return configs;
}
