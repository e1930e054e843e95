import type { z } from 'zod';
import type { PaymentMethod } from '../catalog/index.ts';
import { bool, id, record, text, textOrNull } from './primitives.ts';

/** A payment method, the same at every version; `key` is its identifier. */
export const paymentMethodSchema = record({
  key: id,
  name: text,
  is_online: bool,
  logo_img: textOrNull,
});

export type WirePaymentMethod = z.output<typeof paymentMethodSchema>;

export function normalizePaymentMethod(wire: WirePaymentMethod): PaymentMethod {
  return { key: wire.key, name: wire.name, is_online: wire.is_online, logo_img: wire.logo_img };
}
