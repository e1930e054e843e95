import type { PaymentMethod, PaymentMethodConfig } from '../src-shared/catalog/index.ts';
import type { VersionFeatures } from './version-features.ts';

/** A payment method: the same four members at every version. */
export function serializePaymentMethod(method: PaymentMethod): Record<string, unknown> {
  return { key: method.key, name: method.name, is_online: method.is_online, logo_img: method.logo_img };
}

/**
 * A payment-method config (emulator/README.md, 13): `target`, `method`,
 * `scope`, `sort` are hidden below 2.4.0; from 2.4.0 `method` and `scope`
 * are left out when the target is `PRODUCT` (spec, "Payment-method config object").
 */
export function serializePaymentMethodConfig(config: PaymentMethodConfig, features: VersionFeatures): Record<string, unknown> {
  const out: Record<string, unknown> = { id: config.id, payment_method_key: config.payment_method_key };
  if (!features.configFields) return out;
  out.target = config.target;
  if (config.target !== 'PRODUCT') {
    out.method = config.method;
    out.scope = config.scope;
  }
  out.sort = config.sort;
  return out;
}
