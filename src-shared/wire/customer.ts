import type { z } from 'zod';
import type { Customer } from '../catalog/index.ts';
import { bool, epochMsOrNull, id, number, record, text, textOrNull } from './primitives.ts';

/** What `includes[]=userable` adds (emulator/README.md, 15). */
const userableSchema = record({ id, market_id: id, points: number });

/** An item of `GET /users/customers` (spec, "Customer user"), the same at every version. */
export const customerUserSchema = record({
  id,
  userable_id: id,
  role: text,
  name: text,
  username: textOrNull,
  email: text,
  phone_prefix: text,
  phone: text,
  lang: text,
  fcm_token: textOrNull,
  is_active: bool,
  email_verified_at: epochMsOrNull,
  phone_verified_at: epochMsOrNull,
  created_at: epochMsOrNull,
  updated_at: epochMsOrNull,
  deleted_at: epochMsOrNull,
  profile_img: text,
  userable: userableSchema.optional(),
});

export type WireCustomerUser = z.output<typeof customerUserSchema>;

export function normalizeCustomer(wire: WireCustomerUser): Customer {
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
