// Issue 19, part 4: lists adapt to what the service says. A real HTTP
// stand-in (test/support/spec-only-service.ts) refuses the page size in
// Laravel's own words or with no number, and refuses an include with a
// strict query builder's 400; the pull and `pos doctor` ask again the same
// way and sell. The setting `sync.includes` stops sending includes at all.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readCatalog } from '../../../src-main/catalog/index.ts';
import { main } from '../../../src-main/cli/main.ts';
import { openDatabase, type TillDatabase } from '../../../src-main/db/index.ts';
import type { DoctorReport } from '../../../src-main/doctor/index.ts';
import { setSetting } from '../../../src-main/settings/index.ts';
import { pullCatalog } from '../../../src-main/sync/index.ts';
import { BadRequestError, ServiceClient } from '../../../src-main/upstream/index.ts';
import { FAST_RETRY } from '../../support/emulated-service.ts';
import { startSpecOnlyService, type SpecOnlyOptions, type SpecOnlyService } from '../../support/spec-only-service.ts';
import { tempDir } from '../../support/temp-dir.ts';

let service: SpecOnlyService | undefined;
let dir: ReturnType<typeof tempDir>;
const dbs: TillDatabase[] = [];

async function start(options: SpecOnlyOptions = {}): Promise<SpecOnlyService> {
  await service?.close();
  service = await startSpecOnlyService({ acceptedVersions: ['2.3.0'], ...options });
  return service;
}

beforeEach(() => {
  dir = tempDir('till-lists-adapt-');
});
afterEach(async () => {
  for (const db of dbs.splice(0)) if (db.open) db.close();
  await service?.close();
  service = undefined;
  dir.cleanup();
});

function open(): TillDatabase {
  const db = openDatabase(dir.file('till.db'));
  dbs.push(db);
  return db;
}

function pull(s: SpecOnlyService, db: TillDatabase, perPage = 500) {
  const client = new ServiceClient({ baseUrl: s.baseUrl, token: s.token, apiVersion: '2.3.0', timeoutMs: 5_000 });
  return pullCatalog({ client, db, retry: FAST_RETRY, marketId: s.marketId, perPage });
}

/** `per_page` of every request to `path` (not the ones under it), in order. */
function perPagesAsked(s: SpecOnlyService, path: string): number[] {
  return s.requests
    .filter((r) => r.split('?')[0] === `/api/v2${path}`)
    .map((r) => Number(new URL(r, 'http://x').searchParams.get('per_page')))
    .filter((n) => n > 0);
}

function expectSellable(db: TillDatabase) {
  const catalog = readCatalog(db);
  expect(catalog.products).toHaveLength(5);
  for (const product of catalog.products) expect(product.prices.some((p) => p.priceable_id === 'CASH')).toBe(true);
}

async function doctor(args: string[]): Promise<{ code: number; out: string; report: DoctorReport }> {
  const lines: string[] = [];
  const code = await main(['doctor', ...args, '--api-version', '2.3.0'], {
    out: (line) => lines.push(line),
    err: (line) => lines.push(line),
    interactive: false,
    env: {},
  });
  return { code, out: lines.join('\n'), report: JSON.parse(lines.at(-1) ?? 'null') as DoctorReport };
}

describe('a page size the service refuses', () => {
  it("takes the maximum named in Laravel's own words and body, and keeps it for the next lists", async () => {
    const s = await start({ maxPerPage: 25, perPageRefusal: 'laravel' });
    const db = open();
    const summary = await pull(s, db);
    expect(summary.notes.join('\n')).toMatch(/categories: the service refused per_page=500; asked again with 25/);
    expectSellable(db);
    // Asked once too large on the first list; every later list asked for 25 at once.
    expect(perPagesAsked(s, '/product-categories')).toEqual([500, 25]);
    for (const path of ['/payment-methods/settings', '/printers', '/products', '/users/customers']) expect(perPagesAsked(s, path)).toEqual([25]);
    expect(s.requests.filter((r) => /\/prices\?/.test(r)).every((r) => r.includes('per_page=25'))).toBe(true);
  });

  it('halves it when the refusal names no number', async () => {
    const s = await start({ maxPerPage: 100, perPageRefusal: 'unnumbered' });
    const db = open();
    const summary = await pull(s, db);
    expect(perPagesAsked(s, '/product-categories')).toEqual([500, 250, 125, 62]);
    expect(summary.notes.join('\n')).toMatch(/asked again with 62/);
    expectSellable(db);
  });
});

describe('an include the service refuses', () => {
  it.each([400, 422] as const)('a %i naming `prices` drops it, and prices come from their own route', async (status) => {
    const s = await start({ productIncludes: { allowed: ['modifiers'], status } });
    const db = open();
    const summary = await pull(s, db);
    expect(summary.notes.join('\n')).toContain(
      `products: the service refused includes=["modifiers","prices"]${status === 400 ? ' (400)' : ''}; asked again with ["modifiers"]`,
    );
    expect(s.requests.some((r) => r.startsWith('/api/v2/products?includes[]=modifiers&filter'))).toBe(true);
    expectSellable(db);
  });

  it("a strict service's 400 says what it refused, not 'check the base URL'", async () => {
    const strict = await start({ productIncludes: { allowed: [], status: 400 } });
    const error = await new ServiceClient({ baseUrl: strict.baseUrl, token: strict.token, apiVersion: '2.3.0' })
      .get('/products', { includes: ['prices'] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as Error).message).toMatch(/Requested include\(s\) `prices` are not allowed/);
    expect((error as Error).message).not.toMatch(/check the base URL/);
  });

  it('the setting sync.includes = none sends no includes to /products at all', async () => {
    const s = await start({ productIncludes: { allowed: [], status: 400 } });
    const db = open();
    setSetting(db, 'sync.includes', []);
    const summary = await pull(s, db);
    expect(summary.notes.join('\n')).not.toMatch(/refused includes/);
    const products = s.requests.filter((r) => r.split('?')[0] === '/api/v2/products');
    expect(products.length).toBeGreaterThan(0);
    for (const request of products) expect(request).not.toContain('includes');
    expectSellable(db);
  });
});

describe('pos doctor adjusts as the pull does', () => {
  it('is READY where the pull works: Laravel page-size cap and a strict include, with --per-page', async () => {
    const s = await start({ maxPerPage: 25, perPageRefusal: 'laravel', productIncludes: { allowed: ['modifiers'], status: 400 } });
    const { code, report, out } = await doctor(['--base-url', s.baseUrl, '--token', s.token, '--market-id', s.marketId, '--per-page', '40', '--json']);
    expect(report.blockers).toEqual([]);
    expect(code).toBe(0);
    expect(report.ready).toBe(true);
    const products = report.lists.find((l) => l.list === 'products')!;
    expect(products.error).toBeNull();
    expect(report.lists.find((l) => l.list === 'categories')!.adjusted).toEqual(['the service refused per_page=40; asked again with 25']);
    expect(products.adjusted).toEqual(['the service refused includes=["modifiers","prices"] (400); asked again with ["modifiers"]']);
    expect(perPagesAsked(s, '/product-categories')).toEqual([40, 25]);
    expect(perPagesAsked(s, '/printers')).toEqual([25]);
    expect(out).not.toMatch(/check the base URL/);
  });

  it("reports the accounting member under a provider's name as understood, the way the pull reads it", async () => {
    const s = await start();
    const { report } = await doctor(['--base-url', s.baseUrl, '--token', s.token, '--market-id', s.marketId, '--json']);
    const members = report.lists.find((l) => l.list === 'products')!.members!;
    expect(members.understood).toContain('accounting_id (as qoyod_id)');
    expect(members.ignored).not.toContain('qoyod_id');
    expect(members.defaulted).not.toContain('accounting_id');
    // And the pull does read it.
    const db = open();
    await pull(s, db);
    expect(readCatalog(db).products.map((p) => p.accounting_id)).toEqual(['Q-1', 'Q-2', 'Q-3', 'Q-4', 'Q-5']);
  });

  it('refuses a wrong --per-page or --includes with its usage', async () => {
    const s = await start();
    const lines: string[] = [];
    const io = { out: (l: string) => lines.push(l), err: (l: string) => lines.push(l), interactive: false, env: {} };
    expect(await main(['doctor', '--base-url', s.baseUrl, '--token', s.token, '--per-page', '0'], io)).toBe(2);
    expect(await main(['doctor', '--base-url', s.baseUrl, '--token', s.token, '--includes', 'pri ces'], io)).toBe(2);
    expect(lines.join('\n')).toMatch(/--per-page must be a whole number/);
  });
});
