// `pos doctor` against the emulator's three profiles and against the
// independent spec-only service: a verdict, exit 0 only when a till could
// pull and sell, the blockers named (401: the token; 403: the list), and
// nothing written anywhere.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../../emulator/index.ts';
import { main } from '../../../src-main/cli/main.ts';
import type { DoctorReport } from '../../../src-main/doctor/index.ts';
import { startSpecOnlyService, type SpecOnlyService } from '../../support/spec-only-service.ts';
import { runPos } from '../../support/run-pos.ts';

async function doctor(args: string[]): Promise<{ code: number; out: string; report: DoctorReport | null }> {
  const lines: string[] = [];
  const code = await main(['doctor', ...args], { out: (line) => lines.push(line), err: (line) => lines.push(line), interactive: false, env: {} });
  const out = lines.join('\n');
  let report: DoctorReport | null;
  try {
    report = JSON.parse(lines.at(-1) ?? '') as DoctorReport;
  } catch {
    report = null;
  }
  return { code, out, report };
}

const of = (e: { baseUrl: string; token: string }) => ['--base-url', e.baseUrl, '--token', e.token];

let full: RunningEmulator;
let specOnly: RunningEmulator;
let variant: RunningEmulator;
beforeAll(async () => {
  [full, specOnly, variant] = await Promise.all([
    startEmulator({ port: 0, seed: 12 }),
    startEmulator({ port: 0, seed: 12, profile: 'spec-only' }),
    startEmulator({ port: 0, seed: 12, profile: 'variant' }),
  ]);
});
afterAll(async () => {
  await Promise.all([full.close(), specOnly.close(), variant.close()]);
});

describe('pos doctor', () => {
  it('says READY for the full emulator, with members understood for every list, and reads only', async () => {
    const posts = full.orderPosts;
    const { code, report } = await doctor([...of(full), '--json']);
    expect(code).toBe(0);
    expect(report).toMatchObject({ ready: true, api_version: '2.5.0', market_id: full.marketId, blockers: [] });
    expect(report!.me.status).toBe(200);
    const products = report!.lists.find((l) => l.list === 'products')!;
    expect(products.records).toBeGreaterThan(0);
    expect(products.members!.understood).toEqual(expect.arrayContaining(['id', 'name_en', 'category_id']));
    expect(report!.pricing.inline).toBe(true);
    expect(full.orderPosts).toBe(posts);
  });

  it('prints a human report with the verdict', async () => {
    const { code, out } = await doctor(of(full));
    expect(code).toBe(0);
    expect(out).toMatch(/^Service http:\/\/127\.0\.0\.1:\d+\/api\/v2, API 2\.5\.0/);
    expect(out).toMatch(/products \(\/products, required\): 200: \d+ records/);
    expect(out).toContain('understood:');
    expect(out).toContain('Verdict: READY');
  });

  it('against spec-only: blocks without a market and names the flag; ready with one, prices from their route', async () => {
    const without = await doctor([...of(specOnly), '--json']);
    expect(without.code).toBe(1);
    expect(without.report!.me.status).toBe(404);
    expect(without.report!.blockers.join('\n')).toContain('no market: /me names none; pass --market-id ID');
    const withMarket = await doctor([...of(specOnly), '--market-id', specOnly.marketId, '--branch-id', specOnly.branchId, '--json']);
    expect(withMarket.code, withMarket.report?.blockers.join('\n')).toBe(0);
    expect(withMarket.report!.pricing).toMatchObject({ inline: false, route_status: 200 });
    expect(withMarket.report!.lists.find((l) => l.list === 'kitchens')).toMatchObject({ required: false, status: 404 });
    const printers = withMarket.report!.lists.find((l) => l.list === 'printers')!;
    expect(printers.members!.defaulted).toEqual(expect.arrayContaining(['name']));
  });

  it('against variant: ready, reading other names and ignoring extra members', async () => {
    const { code, report } = await doctor([...of(variant), '--json']);
    expect(code, report?.blockers.join('\n')).toBe(0);
    expect(report!.me.facts).toMatchObject({ market_id: variant.marketId, vat_number: expect.stringMatching(/^3\d{13}3$/) });
    const products = report!.lists.find((l) => l.list === 'products')!;
    expect(products.members!.ignored).toEqual(expect.arrayContaining(['sku', 'etag', '_type']));
    const printers = report!.lists.find((l) => l.list === 'printers')!;
    expect(printers.members!.understood).toEqual(expect.arrayContaining(['name (as name_en)', 'settings']));
    expect(printers.members!.ignored).toEqual(expect.arrayContaining(['connection', 'etag']));
  });

  it('says the token is wrong on a 401, and names the list a 403 forbids', async () => {
    const wrong = await doctor(['--base-url', full.baseUrl, '--token', 'nope', '--json']);
    expect(wrong.code).toBe(1);
    expect(wrong.report!.blockers[0]).toMatch(/^the token is wrong or expired: the service answered 401/);
    const forbidden = await doctor(['--base-url', full.baseUrl, '--token', full.issueToken({ noPermission: true }), '--json']);
    expect(forbidden.code).toBe(1);
    expect(forbidden.report!.blockers.join('\n')).toContain('categories: this token may not read categories (/product-categories): 403');
  });
});

describe('pos doctor against an independent spec-only service', () => {
  let service: SpecOnlyService;
  beforeAll(async () => {
    service = await startSpecOnlyService({ statuses: { '/users/customers': 403 } });
  });
  afterAll(async () => {
    await service.close();
  });

  it('names the version it refused and the one it accepts, and an optional list this token may not read', async () => {
    const { code, report } = await doctor([...of(service), '--market-id', service.marketId, '--branch-id', service.branchId, '--json']);
    expect(report!.api_version).toBe('2.3.0');
    expect(report!.version_note).toMatch(/^the service refused API version 2\.5\.0.*it accepts 2\.3\.0/);
    expect(report!.warnings.join('\n')).toContain('customers: this token may not read customers (/users/customers): 403');
    expect(code, report!.blockers.join('\n')).toBe(0);
  });

  it('exits 2 with the usage on a wrong call (as a process)', async () => {
    const result = await runPos(['doctor', '--base-url', service.baseUrl]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('pos doctor: --token is required');
    expect(result.stderr).toMatch(/usage: pos doctor .*--base-url URL --token TOKEN/);
  });
  it('warns of a few unreadable records on a first page and blocks only when most of it is unreadable', async () => {
    const odd = await startEmulator({ port: 0, seed: 35 });
    try {
      const firstPage = odd.tenant.products.filter((p) => p.deleted_at === null).slice(0, 50);
      for (const product of firstPage.slice(0, 2)) (product as unknown as { is_active: unknown }).is_active = 'sometimes';
      const few = await doctor([...of(odd), '--json']);
      expect(few.code).toBe(0);
      expect(few.report!.warnings.join('\n')).toMatch(/products: 2 of \d+ records on the first page would be left out/);
      for (const product of firstPage) (product as unknown as { is_active: unknown }).is_active = 'sometimes';
      const most = await doctor([...of(odd), '--json']);
      expect(most.code).not.toBe(0);
      expect(most.report!.blockers.join('\n')).toMatch(/products: \d+ of \d+ records on the first page break the contract, more than half/);
    } finally {
      await odd.close();
    }
  });
});
