import type { TenantCustomer } from './tenant.ts';

/** A customer user in the spec's member order; `includes[]=userable` adds the related customer record. */
export function serializeCustomer(c: TenantCustomer, withUserable: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: c.id,
    userable_id: c.userable_id,
    role: c.role,
    name: c.name,
    username: c.username,
    email: c.email,
    phone_prefix: c.phone_prefix,
    phone: c.phone,
    lang: c.lang,
    fcm_token: c.fcm_token,
    is_active: c.is_active,
    email_verified_at: c.email_verified_at,
    phone_verified_at: c.phone_verified_at,
    created_at: c.created_at,
    updated_at: c.updated_at,
    deleted_at: c.deleted_at,
    profile_img: c.profile_img,
  };
  if (withUserable) out.userable = { id: c.userable.id, market_id: c.userable.market_id, points: c.userable.points };
  return out;
}
