import type { PaymentMethod } from '../catalog/index.ts';
import { schemaOf } from './schema-from-table.ts';

/** A payment method, the same at every version; `key` is its identifier (member table, "payment_method"). */
export const paymentMethodSchema = schemaOf('payment_method', '2.5.0');

export interface WirePaymentMethod {
  key: string;
  name: string;
  is_online: boolean;
  logo_img: string | null;
}

export function normalizePaymentMethod(input: unknown): PaymentMethod {
  const wire = input as WirePaymentMethod;
  return { key: wire.key, name: wire.name, is_online: wire.is_online, logo_img: wire.logo_img };
}
