import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emulatedService, type EmulatedService } from '../../support/emulated-service.ts';
import { runPos } from '../../support/run-pos.ts';

let service: EmulatedService;
beforeAll(async () => {
  service = await emulatedService({ seed: 5 });
});
afterAll(async () => {
  await service.close();
});

const syncArgs = (db: string, ...extra: string[]) => ['sync', '--db', db, '--base-url', service.emulator.baseUrl, '--token', service.emulator.token, ...extra];

describe('pos sync, catalog and search', () => {
  it('pulls the catalog and prints counts as the last JSON line', async () => {
    const db = service.dir.file('cli.db');
    const result = await runPos(syncArgs(db, '--json'));
    expect(result.code, result.stderr).toBe(0);
    const summary = JSON.parse(result.stdout.trim().split('\n').at(-1)!) as {
      ok: boolean;
      counts: Record<string, number>;
      changes: Record<string, { deleted: number; written: number }>;
    };
    expect(summary.ok).toBe(true);
    expect(summary.counts.products).toBe(service.emulator.tenant.products.length);
    expect(summary.counts.categories).toBe(service.emulator.tenant.categories.length);
    // A first pull: every product written, nothing gone (counted for the JSON only).
    expect(summary.changes.products).toEqual({ deleted: 0, written: summary.counts.products });
    expect(result.stderr).toMatch(/products: \d+ records in \d+ page/);

    const catalog = await runPos(['catalog', '--db', db, '--json']);
    expect(catalog.code).toBe(0);
    const parsed = JSON.parse(catalog.stdout) as Record<string, unknown[]>;
    expect(Object.keys(parsed)).toEqual(expect.arrayContaining(['categories', 'products', 'payment_methods', 'payment_method_configs', 'printers']));
    expect(parsed.products!.length).toBe(summary.counts.products);
    // Printed money is decimal strings of the currency's places, as the wire writes it (the replica holds minor units).
    const priced = parsed.products as { prices: { value: unknown }[]; modifiers: { price: unknown }[] }[];
    const amounts = priced.flatMap((p) => [...p.prices.map((price) => price.value), ...p.modifiers.map((m) => m.price)]);
    expect(amounts.length).toBeGreaterThan(0);
    expect(amounts.filter((amount) => typeof amount !== 'string' || !/^-?\d+\.\d{2}$/.test(amount))).toEqual([]);
    expect(parsed.printers![0]).toMatchObject({
      id: expect.any(String),
      name: expect.any(String),
      settings: expect.objectContaining({ MULTILINGUAL: expect.any(Boolean) }),
    });

    const search = await runPos(['search', '--db', db, 'لاتيه', '--json']);
    expect(search.code).toBe(0);
    const hits = JSON.parse(search.stdout) as { name_ar: string }[];
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every((h) => h.name_ar.includes('لاتيه'))).toBe(true);
  });

  it('pulls at an old API version into the same shape', async () => {
    const db = service.dir.file('old.db');
    const result = await runPos(syncArgs(db, '--api-version', '2.0.0', '--json'));
    expect(result.code, result.stderr).toBe(0);
    const catalog = JSON.parse((await runPos(['catalog', '--db', db, '--json'])).stdout) as { products: Record<string, unknown>[] };
    expect(catalog.products[0]).toHaveProperty('category_id');
    expect(catalog.products[0]).toHaveProperty('duration');
    expect(catalog.products[0]).not.toHaveProperty('product_category_id');
  });

  it('fails with one clear line and exit 1 when the service refuses the token', async () => {
    const result = await runPos(['sync', '--db', service.dir.file('x.db'), '--base-url', service.emulator.baseUrl, '--token', 'wrong']);
    expect(result.code).toBe(1);
    const lines = result.stderr
      .trim()
      .split('\n')
      .filter((l) => l.startsWith('pos sync:'));
    expect(lines).toEqual(['pos sync: The service did not accept the token (401 Unauthenticated.): sign in again or pass a new token.']);
  });

  it('rejects bad arguments with exit 2 and the usage', async () => {
    const version = await runPos(syncArgs(service.dir.file('y.db'), '--api-version', '3.0.0'));
    expect(version.code).toBe(2);
    expect(version.stderr).toContain('--api-version "3.0.0" is not one this client knows; use one of 2.0.0');
    const unknown = await runPos(['sync', '--dbb', 'x']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("Unknown option '--dbb'");
    const url = await runPos(['sync', '--db', 'x.db', '--base-url', 'ftp://nope', '--token', 't']);
    expect(url.code).toBe(2);
    expect(url.stderr).toContain('must start with http:// or https://');
    for (const bad of ['17', 'four']) {
      const concurrency = await runPos(syncArgs(service.dir.file('y.db'), '--concurrency', bad));
      expect(concurrency.code).toBe(2);
      expect(concurrency.stderr.split('\n')[0]).toBe(`pos sync: --concurrency must be a whole number from 1 to 16, got "${bad}"`);
    }
    const demo = await runPos(['demo', '--no-wait', '--concurrency', 'x']);
    expect(demo.code).toBe(2);
    expect(demo.stderr.split('\n')[0]).toBe('pos demo: --concurrency must be a whole number from 1 to 16, got "x"');
    const command = await runPos(['frobnicate']);
    expect(command.code).toBe(2);
    expect(command.stderr).toContain('unknown command "frobnicate"');
  });

  it('says to sync first when there is no replica', async () => {
    const result = await runPos(['catalog', '--db', service.dir.file('none.db'), '--json']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('run "pos sync --db');
  });
});
