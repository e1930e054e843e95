import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../../../emulator/index.ts';
import type { RunningEmulator } from '../../../emulator/index.ts';
import { specShownMembers } from '../../support/spec-shown-members.ts';
import { get, post, scope } from './service-client.ts';

let emulator: RunningEmulator;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
});
afterAll(() => emulator.close());

const error = (code: number, message: string) => ({ meta: { code, status: 'error', message }, data: null });
const latte = () => emulator.tenant.products.find((p) => p.name_en === 'Caffè latte')!;

describe('authentication', () => {
  it('answers 401 Unauthenticated. without a token, with an unknown one, or without the Bearer scheme', async () => {
    for (const reply of [
      await get(emulator, '/me', { token: null }),
      await get(emulator, '/printers', { token: 'not-a-token' }),
      await get(emulator, '/me', { token: null, headers: { Authorization: emulator.token } }),
    ]) {
      expect(reply.status).toBe(401);
      expect(reply.body).toEqual(error(401, 'Unauthenticated.'));
    }
  });

  it('accepts tokens it issued', async () => {
    const token = emulator.issueToken();
    expect(token).not.toBe(emulator.token);
    expect((await get(emulator, '/me', { token })).status).toBe(200);
  });

  it('answers 403 This action is unauthorized. on reads with a no-permission token', async () => {
    const token = emulator.issueToken({ noPermission: true });
    for (const path of ['/printers', `/products?${scope(emulator)}`, '/payment-methods', `/products/${latte().id}/modifiers`]) {
      const reply = await get(emulator, path, { token });
      expect(reply.status).toBe(403);
      expect(reply.body).toEqual(error(403, 'This action is unauthorized.'));
    }
    // Who the token belongs to is still readable.
    expect((await get(emulator, '/me', { token })).status).toBe(200);
  });

  it('answers 403 Unauthorized. on the POST modifier operations', async () => {
    const token = emulator.issueToken({ noPermission: true });
    const product = latte();
    for (const path of [`/products/${product.id}/modifiers`, `/products/${product.id}/modifiers/${product.modifiers[0]!.id}`]) {
      const reply = await post(emulator, path, { name_en: 'Cinnamon', name_ar: 'قرفة', price: '1.00' }, { token });
      expect(reply.status).toBe(403);
      expect(reply.body).toEqual(error(403, 'Unauthorized.'));
    }
  });

  it('reports the token role on /me', async () => {
    const me = await get(emulator, '/me');
    expect(me.body.data).toEqual({
      user: { id: expect.any(String), name: expect.any(String), role: 'SUBSCRIBER' },
      market: { id: emulator.marketId, name_en: 'Qahwa House', name_ar: 'بيت القهوة', vat_number: expect.stringMatching(/^\d{15}$/) },
      branch: { id: emulator.branchId, name_en: expect.any(String), name_ar: expect.any(String), vat_rate: '15.00', prices_include_tax: true },
    });
    const admin = await get(emulator, '/me', { token: emulator.issueToken({ role: 'ADMIN' }) });
    expect(admin.body.data.user.role).toBe('ADMIN');
  });
});

describe('SUBSCRIBER rules', () => {
  it('require filter[market_id] and filter[branch_id] on /products', async () => {
    const none = await get(emulator, '/products');
    expect(none.status).toBe(422);
    expect(none.body).toEqual({
      ...error(422, 'The filter.market id field is required.'),
      errors: {
        'filter.market_id': ['The filter.market id field is required.'],
        'filter.branch_id': ['The filter.branch id field is required.'],
      },
    });
    const marketOnly = await get(emulator, `/products?filter[market_id]=${emulator.marketId}`);
    expect(marketOnly.status).toBe(422);
    expect(Object.keys(marketOnly.body.errors)).toEqual(['filter.branch_id']);
  });

  it('require filter[market_id] on /users/customers', async () => {
    const reply = await get(emulator, '/users/customers');
    expect(reply.status).toBe(422);
    expect(Object.keys(reply.body.errors)).toEqual(['filter.market_id']);
  });

  it('answer 403 for a market or branch that is not the caller’s', async () => {
    const otherMarket = await get(emulator, `/products?filter[market_id]=someone-else&filter[branch_id]=${emulator.branchId}`);
    expect(otherMarket.status).toBe(403);
    expect(otherMarket.body).toEqual(error(403, 'This action is unauthorized.'));
    const otherBranch = await get(emulator, `/products?filter[market_id]=${emulator.marketId}&filter[branch_id]=elsewhere`);
    expect(otherBranch.status).toBe(403);
    expect((await get(emulator, '/users/customers?filter[market_id]=someone-else')).status).toBe(403);
  });

  it('do not apply to other roles', async () => {
    const token = emulator.issueToken({ role: 'ADMIN' });
    const reply = await get(emulator, '/products', { token });
    expect(reply.status).toBe(200);
    expect(reply.body.data.total).toBe(emulator.tenant.products.length);
  });

  it('return branch-bound products only for the caller’s branch', async () => {
    const reply = await get(emulator, `/products?${scope(emulator)}&per_page=500`);
    const branchIds = new Set(reply.body.data.data.map((p: { branch_id: string | null }) => p.branch_id));
    expect([...branchIds].sort()).toEqual([emulator.branchId, null].sort());
  });
});

describe('product filters', () => {
  const list = async (query: string) => (await get(emulator, `/products?${scope(emulator)}&per_page=500&${query}`, { version: '2.5.0' })).body;

  it('filter by category, activity, ids and search', async () => {
    const tea = await list('filter[product_category_id]=3');
    expect(tea.data.total).toBe(emulator.tenant.products.filter((p) => p.category_id === 3).length);
    const inactive = await list('filter[is_active]=0');
    expect(inactive.data.data.map((p: { name_en: string }) => p.name_en).sort()).toEqual(['Iced rose latte', 'Pumpkin spice latte']);
    const [a, b] = emulator.tenant.products;
    const ids = await list(`filter[products_ids][]=${a!.id}&filter[products_ids][]=${b!.id}`);
    expect(ids.data.data.map((p: { id: string }) => p.id)).toEqual([a!.id, b!.id]);
    const search = await list('search=LATTE');
    expect(search.data.total).toBeGreaterThan(5);
    expect(search.data.data.every((p: { name_en: string }) => /latte/i.test(p.name_en))).toBe(true);
    const arabic = await list(`search=${encodeURIComponent('كرواسون')}`);
    expect(arabic.data.total).toBeGreaterThanOrEqual(5);
  });

  it('reject malformed filters with 422', async () => {
    const reply = await list('filter[product_category_id]=tea&filter[is_active]=true&includes=modifiers');
    expect(reply.meta.code).toBe(422);
    expect(reply.errors).toEqual({
      includes: ['The includes field must be an array.'],
      'filter.product_category_id': ['The filter.product category id field must be an integer.'],
      'filter.is_active': ['The filter.is active field must be true or false.'],
    });
  });

  it('filter payment methods by is_online', async () => {
    const online = (await get(emulator, '/payment-methods?filter[is_online]=1')).body.data.data;
    expect(online.map((m: { key: string }) => m.key)).toEqual(emulator.tenant.paymentMethods.filter((m) => m.is_online).map((m) => m.key));
    expect(online.length).toBeGreaterThan(0);
    const offline = (await get(emulator, '/payment-methods?filter[is_online]=0&per_page=50')).body.data.data;
    expect(offline.map((m: { key: string }) => m.key)).toEqual(expect.arrayContaining(['CASH', 'MADA', 'VISA', 'MASTERCARD', 'APPLE_PAY', 'PAY_LATER']));
  });
});

describe('customers', () => {
  it('list the customer users, with userable on request', async () => {
    const plain = await get(emulator, `/users/customers?filter[market_id]=${emulator.marketId}`);
    expect(plain.status).toBe(200);
    const first = plain.body.data.data[0];
    expect(Object.keys(first)).toEqual(specShownMembers('customer', '2.0.0'));
    expect(first.role).toBe('USER_CUSTOMER');
    const withUserable = await get(emulator, `/users/customers?filter[market_id]=${emulator.marketId}&includes[]=userable`);
    expect(withUserable.body.data.data[0].userable).toEqual({ id: first.userable_id, market_id: emulator.marketId, points: expect.any(Number) });
  });
});

describe('modifiers', () => {
  it('lists and reads a product’s modifiers, 404 for unknown ones', async () => {
    const product = latte();
    const list = await get(emulator, `/products/${product.id}/modifiers`);
    expect(list.body.data.data.map((m: { id: string }) => m.id)).toEqual(product.modifiers.map((m) => m.id));
    const one = await get(emulator, `/products/${product.id}/modifiers/${product.modifiers[1]!.id}`);
    // An option in a group carries the group's members on the wire (group_id, its names, min, max), not the tenant's `group` object.
    const { group, ...option } = product.modifiers[1]!;
    expect(one.body.data).toEqual(
      group ? { ...option, group_id: group.id, group_name_en: group.name_en, group_name_ar: group.name_ar, min: group.min, max: group.max } : option,
    );
    expect((await get(emulator, `/products/${product.id}/modifiers/nope`)).body).toEqual(error(404, 'Resource not found.'));
    expect((await get(emulator, '/products/nope/modifiers')).status).toBe(404);
  });

  it('creates (201) and updates (200) a modifier by POST, 422 on a bad body', async () => {
    const product = latte();
    const created = await post(emulator, `/products/${product.id}/modifiers`, { name_en: 'Cinnamon', name_ar: 'قرفة', price: '1.50' });
    expect(created.status).toBe(201);
    expect(created.body.meta).toEqual({ code: 201, status: 'success', message: 'Data Created Successfully' });
    expect(created.body.data).toEqual({ id: expect.any(String), product_id: product.id, name_en: 'Cinnamon', name_ar: 'قرفة', price: '1.50' });
    expect(product.modifiers.at(-1)!.id).toBe(created.body.data.id);

    const updated = await post(emulator, `/products/${product.id}/modifiers/${created.body.data.id}`, { price: '2.00' });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ name_en: 'Cinnamon', price: '2.00' });

    const bad = await post(emulator, `/products/${product.id}/modifiers`, { name_en: 'Nutmeg', price: '2' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ name_ar: ['The name ar field is required.'], price: ['The price field must have 2 decimal places.'] });
  });
});

describe('products', () => {
  it('reads one product, and a deleted one is gone', async () => {
    const product = emulator.tenant.products[10]!;
    const one = await get(emulator, `/products/${product.id}?includes[]=prices`, { version: '2.5.0' });
    expect(one.body.data).toMatchObject({ id: product.id, name_en: product.name_en, prices: expect.any(Array) });
    product.deleted_at = Date.now();
    try {
      expect((await get(emulator, `/products/${product.id}`)).body).toEqual(error(404, 'Resource not found.'));
      const listed = await get(emulator, `/products?${scope(emulator)}&per_page=500`);
      expect(listed.body.data.data.some((p: { id: string }) => p.id === product.id)).toBe(false);
    } finally {
      product.deleted_at = null;
    }
  });

  it('shows renames and additions made to the tenant between reads', async () => {
    const product = emulator.tenant.products[0]!;
    const before = product.name_en;
    product.name_en = 'Double espresso';
    const extra = { ...emulator.tenant.products[1]!, id: 'c0ffee00-0000-4000-8000-000000000001', name_en: 'Ristretto', modifiers: [], prices: [] };
    emulator.tenant.products.push(extra);
    try {
      const listed = (await get(emulator, `/products?${scope(emulator)}&per_page=500`)).body.data.data;
      expect(listed[0].name_en).toBe('Double espresso');
      expect(listed.at(-1).name_en).toBe('Ristretto');
      expect((await get(emulator, `/products/${extra.id}`)).status).toBe(200);
    } finally {
      product.name_en = before;
      emulator.tenant.products.pop();
    }
    expect((await get(emulator, `/products/${extra.id}`)).status).toBe(404);
  });
});
