import type { ApiVersion } from '../api-version.ts';
import type { PaymentMethodConfig } from '../catalog/index.ts';
import { schemaOf } from './schema-from-table.ts';
import { perVersion } from './per-version.ts';

/** From 2.4.0 `target` and `sort` are shown, `method` and `scope` only when the target is the market. */
export const paymentMethodConfigSchema = perVersion((version: ApiVersion) => schemaOf('payment_method_config', version));

export interface WirePaymentMethodConfig {
  id: string;
  payment_method_key: string;
  target?: 'MARKET' | 'PRODUCT';
  method?: string;
  scope?: string;
  sort?: number;
}

export function normalizePaymentMethodConfig(input: unknown): PaymentMethodConfig {
  const wire = input as WirePaymentMethodConfig;
  // Before 2.4.0 the service hides the fields: null says "not known", not "none".
  if (wire.target === undefined) {
    return { id: wire.id, payment_method_key: wire.payment_method_key, target: null, method: null, scope: null, sort: null };
  }
  const market = wire.target === 'MARKET';
  return {
    id: wire.id,
    payment_method_key: wire.payment_method_key,
    target: wire.target,
    method: market ? (wire.method ?? null) : null,
    scope: market ? (wire.scope ?? null) : null,
    sort: wire.sort ?? null,
  };
}
