import type { Customer } from '../catalog/index.ts';
import { schemaOf } from './schema-from-table.ts';

/** An item of `GET /users/customers` (spec, "Customer user"), the same at every version (member table, "customer"). */
export const customerUserSchema = schemaOf('customer', '2.5.0');

export interface WireCustomerUser {
  id: string;
  userable_id: string;
  name: string;
  email: string;
  phone_prefix: string;
  phone: string;
  lang: string;
  is_active: boolean;
}

export function normalizeCustomer(input: unknown): Customer {
  const wire = input as WireCustomerUser;
  return {
    id: wire.id,
    userable_id: wire.userable_id,
    name: wire.name,
    email: wire.email,
    phone_prefix: wire.phone_prefix,
    phone: wire.phone,
    lang: wire.lang,
    is_active: wire.is_active,
  };
}
