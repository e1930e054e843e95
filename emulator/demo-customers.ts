import { DAY_MS, DEMO_EPOCH } from './demo-constants.ts';
import type { TenantCustomer } from './tenant.ts';

/** A tiny SVG avatar with the customer's initial, as a data URI (the spec allows a data URI or a URL). */
function avatar(initial: string, colour: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="${colour}"/><text x="32" y="42" font-size="28" text-anchor="middle" fill="#fff">${initial}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

export function demoCustomers(marketId: string, newId: () => string): TenantCustomer[] {
  const people = [
    {
      name: 'Abdullah Al-Qahtani',
      username: 'abdullah.q',
      email: 'abdullah.alqahtani@mail.example',
      phone: '501234567',
      lang: 'ar',
      points: 120,
      colour: '#0f766e',
    },
    { name: 'سارة العتيبي', username: null, email: 'sara.alotaibi@mail.example', phone: '552345678', lang: 'ar', points: 45, colour: '#9333ea' },
    { name: 'Mohammed Al-Harbi', username: 'moharbi', email: 'mohammed.alharbi@mail.example', phone: '563456789', lang: 'en', points: 0, colour: '#b45309' },
    { name: 'Lina Haddad', username: 'lina.h', email: 'lina.haddad@mail.example', phone: '544567890', lang: 'en', points: 310, colour: '#be123c' },
  ];
  return people.map((p, index) => {
    const created = DEMO_EPOCH + (index + 1) * 3 * DAY_MS;
    const userableId = newId();
    return {
      id: newId(),
      userable_id: userableId,
      role: 'USER_CUSTOMER',
      name: p.name,
      username: p.username,
      email: p.email,
      phone_prefix: '966',
      phone: p.phone,
      lang: p.lang,
      fcm_token: null,
      is_active: true,
      email_verified_at: index % 2 === 0 ? created + DAY_MS : null,
      phone_verified_at: created,
      created_at: created,
      updated_at: created + 7 * DAY_MS,
      deleted_at: null,
      profile_img: avatar(p.name.charAt(0), p.colour),
      userable: { id: userableId, market_id: marketId, points: p.points },
    };
  });
}
