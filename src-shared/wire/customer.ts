import type { Customer } from '../catalog/index.ts';
import { schemaOf } from './schema-from-table.ts';

/** An item of `GET /users/customers` (spec, "Customer user"), the same at every version (member table, "customer"). */
export const customerUserSchema = schemaOf('customer', '2.5.0');

/**
 * The wire's customer has the canonical record's members (src-shared/catalog
 * Customer, defined once there): normalizing keeps them and drops members
 * the till does not know.
 */
export function normalizeCustomer(input: unknown): Customer {
  const { id, userable_id, name, email, phone_prefix, phone, lang, is_active } = input as Customer;
  return { id, userable_id, name, email, phone_prefix, phone, lang, is_active };
}
