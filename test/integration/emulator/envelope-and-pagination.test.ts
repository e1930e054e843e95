import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../../../emulator/index.ts';
import type { RunningEmulator } from '../../../emulator/index.ts';
import { get, getWithJsonBody, scope } from './service-client.ts';

let emulator: RunningEmulator;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
});
afterAll(() => emulator.close());

const PAGE_KEYS = [
  'current_page',
  'data',
  'first_page_url',
  'from',
  'last_page',
  'last_page_url',
  'links',
  'next_page_url',
  'path',
  'per_page',
  'prev_page_url',
  'to',
  'total',
];

describe('envelopes', () => {
  it('wraps a detail read in meta and data with the read message', async () => {
    const reply = await get(emulator, '/me');
    expect(reply.status).toBe(200);
    expect(Object.keys(reply.body)).toEqual(['meta', 'data']);
    expect(reply.body.meta).toEqual({ code: 200, status: 'success', message: 'Data Loaded Successfully' });
  });

  it('answers an unknown path with the 404 error envelope', async () => {
    const reply = await get(emulator, '/no-such-thing');
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ meta: { code: 404, status: 'error', message: 'Resource not found.' }, data: null });
  });

  it('answers a missing category with 404 Resource not found.', async () => {
    for (const id of ['9999', 'abc']) {
      const reply = await get(emulator, `/product-categories/${id}`);
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual({ meta: { code: 404, status: 'error', message: 'Resource not found.' }, data: null });
    }
  });

  it('reads one category by id', async () => {
    const reply = await get(emulator, '/product-categories/3');
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({ id: 3, icon: '🍵', name_en: 'Tea', name_ar: 'شاي', deleted_at: null });
  });
});

describe('the pagination envelope', () => {
  it('has every member, in Laravel order, with page-only urls', async () => {
    const reply = await get(emulator, `/products?${scope(emulator)}&per_page=10&page=2`);
    expect(reply.status).toBe(200);
    expect(reply.body.meta).toEqual({ code: 200, status: 'success', message: 'Data Loaded Successfully' });
    const page = reply.body.data;
    expect(Object.keys(page)).toEqual(PAGE_KEYS);
    const path = `${emulator.baseUrl}/products`;
    const total = emulator.tenant.products.filter((p) => p.deleted_at === null).length;
    expect(page).toMatchObject({
      current_page: 2,
      first_page_url: `${path}?page=1`,
      from: 11,
      last_page: Math.ceil(total / 10),
      last_page_url: `${path}?page=${Math.ceil(total / 10)}`,
      next_page_url: `${path}?page=3`,
      path,
      per_page: 10,
      prev_page_url: `${path}?page=1`,
      to: 20,
      total,
    });
    expect(page.data).toHaveLength(10);
  });

  it('labels links like Laravel and marks the current page', async () => {
    const reply = await get(emulator, `/products?${scope(emulator)}&per_page=20&page=2`);
    const { links, last_page } = reply.body.data;
    const path = `${emulator.baseUrl}/products`;
    expect(last_page).toBeLessThan(14);
    expect(links[0]).toEqual({ url: `${path}?page=1`, label: '&laquo; Previous', active: false });
    expect(links.at(-1)).toEqual({ url: `${path}?page=3`, label: 'Next &raquo;', active: false });
    expect(links.slice(1, -1)).toEqual(
      Array.from({ length: last_page }, (_, i) => ({ url: `${path}?page=${i + 1}`, label: String(i + 1), active: i + 1 === 2 })),
    );
  });

  it('gives a single page previous, page and next entries with null urls', async () => {
    const reply = await get(emulator, '/printers');
    const page = reply.body.data;
    expect(page.last_page).toBe(1);
    expect(page.links).toEqual([
      { url: null, label: '&laquo; Previous', active: false },
      { url: `${emulator.baseUrl}/printers?page=1`, label: '1', active: true },
      { url: null, label: 'Next &raquo;', active: false },
    ]);
    expect(page).toMatchObject({ prev_page_url: null, next_page_url: null, from: 1, to: 3, total: 3 });
  });

  it('windows many pages with "..." like Laravel', async () => {
    const labels = async (page: number) => {
      const reply = await get(emulator, `/products?${scope(emulator)}&per_page=2&page=${page}`);
      return { last: reply.body.data.last_page as number, labels: (reply.body.data.links as { label: string }[]).map((l) => l.label).slice(1, -1) };
    };
    const first = await labels(1);
    const last = first.last;
    expect(last).toBeGreaterThan(20);
    expect(first.labels).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '...', String(last - 1), String(last)]);
    const middle = await labels(30);
    expect(middle.labels).toEqual(['1', '2', '...', '27', '28', '29', '30', '31', '32', '33', '...', String(last - 1), String(last)]);
    const end = await labels(last);
    expect(end.labels).toEqual(['1', '2', '...', ...Array.from({ length: 10 }, (_, i) => String(last - 9 + i))]);
  });

  it('defaults per_page to 15 and caps it at 500 without saying so', async () => {
    const byDefault = await get(emulator, '/payment-methods');
    expect(byDefault.body.data.per_page).toBe(15);
    const big = await startEmulator({ products: 1200 });
    try {
      const capped = await get(big, `/products?${scope(big)}&per_page=1000`);
      expect(capped.status).toBe(200);
      expect(capped.body.data.per_page).toBe(500);
      expect(capped.body.data.data).toHaveLength(500);
      expect(capped.body.data.last_page).toBe(3);
      expect(capped.body.data.total).toBe(1200);
    } finally {
      await big.close();
    }
  });

  it('answers a page past the end with no records and from/to 0', async () => {
    const reply = await get(emulator, '/printers?page=5');
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({ current_page: 5, data: [], from: 0, to: 0, total: 3, last_page: 1 });
  });

  it('rejects a bad page or per_page with 422 and Laravel messages', async () => {
    const reply = await get(emulator, '/printers?page=0&per_page=abc');
    expect(reply.status).toBe(422);
    expect(reply.body).toEqual({
      meta: { code: 422, status: 'error', message: 'The page field must be at least 1.' },
      data: null,
      errors: { page: ['The page field must be at least 1.'], per_page: ['The per page field must be an integer.'] },
    });
  });

  it('takes list parameters from a JSON body on GET, the query winning', async () => {
    const body = { page: 2, per_page: 5, filter: { market_id: emulator.marketId, branch_id: emulator.branchId } };
    const fromBody = await getWithJsonBody(emulator, '/products', body);
    expect(fromBody.status).toBe(200);
    expect(fromBody.body.data).toMatchObject({ current_page: 2, per_page: 5, from: 6, to: 10 });
    const queryWins = await getWithJsonBody(emulator, '/products?per_page=3', body);
    expect(queryWins.body.data).toMatchObject({ current_page: 2, per_page: 3 });
  });

  it('hides soft-deleted records from lists and detail reads', async () => {
    const category = emulator.tenant.categories.find((c) => c.id === 9)!;
    category.deleted_at = Date.now();
    try {
      const list = await get(emulator, '/product-categories');
      expect(list.body.data.data.map((c: { id: number }) => c.id)).not.toContain(9);
      expect((await get(emulator, '/product-categories/9')).status).toBe(404);
    } finally {
      category.deleted_at = null;
    }
    expect((await get(emulator, '/product-categories/9')).status).toBe(200);
  });
});
