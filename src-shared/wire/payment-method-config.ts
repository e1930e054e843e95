import { z } from 'zod';
import { isAtLeast } from '../api-version.ts';
import type { ApiVersion } from '../api-version.ts';
import type { PaymentMethodConfig } from '../catalog/index.ts';
import { id, int, record, text } from './primitives.ts';
import { perVersion } from './per-version.ts';

const hidden = record({ id, payment_method_key: id });

/** From 2.4.0: `method` and `scope` are sent only when the target is the market. */
const shown = z.discriminatedUnion(
  'target',
  [
    record({ id, payment_method_key: id, target: z.literal('MARKET'), sort: int, method: text, scope: text }),
    record({ id, payment_method_key: id, target: z.literal('PRODUCT'), sort: int }),
  ],
  { error: '"MARKET" or "PRODUCT"' },
);

export const paymentMethodConfigSchema = perVersion((version: ApiVersion) =>
  isAtLeast(version, '2.4.0') ? shown : hidden,
);

export type WirePaymentMethodConfig = z.output<ReturnType<typeof paymentMethodConfigSchema>>;

export function normalizePaymentMethodConfig(wire: WirePaymentMethodConfig): PaymentMethodConfig {
  // Before 2.4.0 the service hides the fields: null says "not known", not "none".
  if (!('target' in wire)) {
    return { id: wire.id, payment_method_key: wire.payment_method_key, target: null, method: null, scope: null, sort: null };
  }
  return {
    id: wire.id,
    payment_method_key: wire.payment_method_key,
    target: wire.target,
    method: wire.target === 'MARKET' ? wire.method : null,
    scope: wire.target === 'MARKET' ? wire.scope : null,
    sort: wire.sort,
  };
}
