import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API_VERSIONS, type ApiVersion } from '../../../src-shared/api-version.ts';
import { readCatalog, readReplicaMeta } from '../../../src-main/catalog/index.ts';
import { openDatabase, type TillDatabase } from '../../../src-main/db/index.ts';
import { acceptedApiVersion, MissingMarketError, pullCatalog } from '../../../src-main/sync/index.ts';
import { getSetting } from '../../../src-main/settings/index.ts';
import { ServiceClient } from '../../../src-main/upstream/index.ts';
import { FAST_RETRY } from '../../support/emulated-service.ts';
import { runPos } from '../../support/run-pos.ts';
import { startSpecOnlyService, type SpecOnlyOptions, type SpecOnlyService } from '../../support/spec-only-service.ts';
import { tempDir } from '../../support/temp-dir.ts';

let service: SpecOnlyService;
let dir: ReturnType<typeof tempDir>;
const dbs: TillDatabase[] = [];

async function start(options: SpecOnlyOptions = {}) {
  await service?.close();
  service = await startSpecOnlyService(options);
}

beforeEach(async () => {
  dir = tempDir('till-spec-only-');
  await start();
});
afterEach(async () => {
  for (const db of dbs.splice(0)) if (db.open) db.close();
  await service.close();
  dir.cleanup();
});

function open(name = 'till.db'): TillDatabase {
  const db = openDatabase(dir.file(name));
  dbs.push(db);
  return db;
}

function pull(db: TillDatabase, apiVersion: ApiVersion, extra: { marketId?: string; perPage?: number } = {}) {
  const client = new ServiceClient({ baseUrl: service.baseUrl, token: service.token, apiVersion, timeoutMs: 5_000 });
  return pullCatalog({ client, db, retry: FAST_RETRY, ...extra });
}

describe('a service written from the spec alone', () => {
  it.each(['2.0.0', '2.2.1', '2.3.0', '2.5.0'] as const)(
    'gives a sellable catalog at %s: prices and modifiers per product, derived printer ids, the accounting reference',
    async (version) => {
      await start({ acceptedVersions: API_VERSIONS });
      const db = open();
      const summary = await pull(db, version, { marketId: service.marketId });
      expect(summary.apiVersion).toBe(version);
      expect(summary.quarantined).toEqual([]);
      // Neither kitchens nor tables are in the spec: no routing, and a manager defines the tables on the till.
      expect(summary.skipped).toEqual([
        expect.objectContaining({ list: 'kitchens', status: 404, kept: 'empty' }),
        expect.objectContaining({ list: 'tables', status: 404, kept: 'empty' }),
        expect.objectContaining({ list: 'discounts', status: 404, kept: 'empty' }),
      ]);
      expect(readReplicaMeta(db).lastPull?.tables).toBe('local');
      expect(summary.notes.join('\n')).toMatch(/\/me was not read \(HTTP 404\)/);
      const catalog = readCatalog(db);
      expect(catalog.products).toHaveLength(5);
      for (const product of catalog.products) {
        expect(product.prices.some((p) => p.priceable_type === 'PAYMENT_METHOD' && p.priceable_id === 'CASH')).toBe(true);
      }
      const latte = catalog.products.find((p) => p.name_en === 'Latte')!;
      expect(latte.modifiers).toEqual([expect.objectContaining({ name_en: 'Oat milk', name_ar: 'Oat milk', price: 200 })]);
      expect(latte.accounting_id).toBe('Q-2');
      expect(catalog.printers.map((p) => [p.id, p.name])).toEqual([
        ['printer-1', 'Printer 1'],
        ['printer-2', 'Printer 2'],
      ]);
      // The barcodes page was asked with `includes` (required there), so it did not fail.
      expect(service.requests.some((r) => r.startsWith('/api/v2/products/modifiers/barcodes?includes[]='))).toBe(true);
    },
  );

  it('steps down from 2.5.0 to the newest version the service accepts, remembers it and says so', async () => {
    const db = open();
    const summary = await pull(db, '2.5.0', { marketId: service.marketId });
    expect(summary.apiVersion).toBe('2.3.0');
    expect(summary.requestedApiVersion).toBe('2.5.0');
    expect(summary.notes.join('\n')).toMatch(/refused API version 2\.5\.0; this till now uses 2\.3\.0/);
    expect(acceptedApiVersion(db)).toBe('2.3.0');
    expect(readCatalog(db).products).toHaveLength(5);
  });

  it('asks with a smaller per_page when the service refuses the one asked for', async () => {
    await start({ maxPerPage: 2 });
    const db = open();
    const summary = await pull(db, '2.3.0', { marketId: service.marketId, perPage: 500 });
    expect(summary.notes.join('\n')).toMatch(/refused per_page=500; asked again with 2/);
    expect(readCatalog(db).products).toHaveLength(5);
  });

  it('stops with one clear error naming the flags and settings when nothing gives a market', async () => {
    const db = open();
    const error = await pull(db, '2.3.0').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MissingMarketError);
    expect((error as Error).message).toMatch(/--market-id.*market_id/s);
    expect(readCatalog(db).products).toHaveLength(0);
  });

  it('remembers the market given by flag, so the next sync needs none', async () => {
    const db = open();
    await pull(db, '2.3.0', { marketId: service.marketId });
    expect(getSetting(db, 'market_id')).toBe(service.marketId);
    const again = await pull(db, '2.3.0');
    expect(again.scope.market_id).toBe(service.marketId);
  });
});

describe('lists asked for the way the service says', () => {
  it('asks the barcodes page again with the includes a 422 names', async () => {
    await start({ barcodeIncludes: ['modifier'] });
    const db = open();
    const summary = await pull(db, '2.3.0', { marketId: service.marketId });
    expect(summary.notes.join('\n')).toMatch(/barcodes: the service refused includes=\["product"\]; asked again with \["modifier"\]/);
    expect(readCatalog(db).barcodes).toEqual([{ id: 'barcode:6281000000017', barcode: '6281000000017', product_id: service.productIds[0], modifier_id: null }]);
  });

  it('quarantines a product whose prices cannot be read, keeping its previous version', async () => {
    const db = open();
    await pull(db, '2.3.0', { marketId: service.marketId });
    const before = readCatalog(db);
    const victim = service.productIds[2]!;
    await start({ statuses: { [`/products/${victim}/prices`]: 500 } });
    const summary = await pull(db, '2.3.0');
    expect(summary.quarantined).toEqual([expect.objectContaining({ list: 'products', id: victim })]);
    expect(summary.quarantined[0]!.reason).toMatch(/its prices could not be read/);
    expect(readCatalog(db)).toEqual(before);
  });

  it('fails the pull when no product can be priced at all (the prices route is missing)', async () => {
    const db = open();
    await start({ statuses: Object.fromEntries(service.productIds.map((id) => [`/products/${id}/prices`, 404])) });
    await expect(pull(db, '2.3.0', { marketId: service.marketId })).rejects.toThrow(/5 of 5 products records break the contract/);
  });
});

describe('auxiliary lists degrade', () => {
  it('a forbidden customers list keeps the customers the till had; an absent one syncs empty', async () => {
    const db = open();
    await pull(db, '2.3.0', { marketId: service.marketId });
    expect(readCatalog(db).customers).toHaveLength(1);

    await start({ statuses: { '/users/customers': 403 } });
    const forbidden = await pull(db, '2.3.0');
    expect(forbidden.skipped).toContainEqual(expect.objectContaining({ list: 'customers', status: 403, kept: 'previous' }));
    expect(readCatalog(db).customers).toHaveLength(1);

    await start({ statuses: { '/users/customers': 404 } });
    const absent = await pull(db, '2.3.0');
    expect(absent.skipped).toContainEqual(expect.objectContaining({ list: 'customers', status: 404, kept: 'empty' }));
    expect(readCatalog(db).customers).toHaveLength(0);
  });

  it('a required list that fails still fails the pull and keeps the replica', async () => {
    const db = open();
    await pull(db, '2.3.0', { marketId: service.marketId });
    const before = readCatalog(db);
    await start({ statuses: { '/printers': 403 } });
    await expect(pull(db, '2.3.0')).rejects.toThrow(/403/);
    expect(readCatalog(db)).toEqual(before);
  });
});

describe('pos sync and selling against it', () => {
  it('syncs (with skipped and quarantined in --json), then sells with no /me at all', async () => {
    const db = dir.file('cli.db');
    const sync = await runPos([
      'sync',
      '--db',
      db,
      '--base-url',
      service.baseUrl,
      '--token',
      service.token,
      '--market-id',
      service.marketId,
      '--branch-id',
      service.branchId,
      '--json',
    ]);
    expect(sync.stderr).toMatch(/Skipped kitchens \(HTTP 404/);
    expect(sync.stderr).toMatch(/Skipped tables \(HTTP 404/);
    expect(sync.stderr).toMatch(/Note: the service refused API version 2\.5\.0/);
    expect(sync.code).toBe(0);
    const report = JSON.parse(sync.stdout) as Record<string, unknown>;
    expect(report).toMatchObject({
      ok: true,
      api_version: '2.3.0',
      api_version_requested: '2.5.0',
      market_id: service.marketId,
      quarantined: [],
      precision_lost: 0,
    });
    expect(report.skipped).toEqual([
      expect.objectContaining({ list: 'kitchens', kept: 'empty' }),
      expect.objectContaining({ list: 'tables', kept: 'empty' }),
      expect.objectContaining({ list: 'discounts', kept: 'empty' }),
    ]);

    const sale = await runPos(['simulate', '--db', db, '--orders', '3', '--seed', '7', '--json']);
    expect(sale.stderr).toBe('');
    expect(sale.code).toBe(0);
    expect(sale.stdout.trim().split('\n')).toHaveLength(3);
    const outbox = await runPos(['outbox', '--db', db, '--json']);
    expect(JSON.parse(outbox.stdout)).toMatchObject({ pending: 3 });
  });

  it('without a market, pos sync exits 1 naming the flags and settings', async () => {
    const sync = await runPos(['sync', '--db', dir.file('none.db'), '--base-url', service.baseUrl, '--token', service.token]);
    expect(sync.code).toBe(1);
    expect(sync.stderr).toMatch(/--market-id/);
    expect(sync.stderr).toMatch(/market_id/);
  });
});
