import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API_VERSIONS, isAtLeast, type ApiVersion } from '../../../src-shared/api-version.ts';
import type { ServedProduct } from '../../../emulator/tenant.ts';
import { readCatalog, searchProducts, type CatalogSnapshot } from '../../../src-main/catalog/index.ts';
import { CatalogChangedError, TooManyBadRecordsError, allowedBadRecords, type PullProgress } from '../../../src-main/sync/index.ts';
import { readReplicaMeta } from '../../../src-main/catalog/index.ts';
import { ForbiddenError, ServerError, UnauthenticatedError, VersionError, NetworkError } from '../../../src-main/upstream/index.ts';
import { emulatedService, type EmulatedService } from '../../support/emulated-service.ts';

let service: EmulatedService;
beforeEach(async () => {
  service = await emulatedService({ seed: 11 });
});
afterEach(async () => {
  await service.close();
});

/** What a pull at `version` can know: older contracts carry no order-type prices and no config details. */
function asKnownAt(catalog: CatalogSnapshot, version: ApiVersion): CatalogSnapshot {
  return {
    ...catalog,
    products: catalog.products.map((p) => ({
      ...p,
      prices: isAtLeast(version, '2.2.3') ? p.prices : p.prices.filter((price) => price.priceable_type === 'PAYMENT_METHOD'),
    })),
    payment_method_configs: catalog.payment_method_configs.map((c) =>
      isAtLeast(version, '2.4.0') ? c : { ...c, target: null, method: null, scope: null, sort: null },
    ),
  };
}

describe('the catalog pull', () => {
  it('fills the replica with the whole demo tenant, with progress per page', async () => {
    const db = service.open();
    const events: PullProgress[] = [];
    const summary = await service.pull(db, { perPage: 25, onProgress: (e) => events.push(e) });
    const catalog = readCatalog(db);
    // Not asked for, what changed is not counted (the till's own pull: nothing it shows reads it).
    expect(summary.changes).toBeNull();
    const tenant = service.emulator.tenant;
    expect(catalog.products.map((p) => p.id).sort()).toEqual(
      tenant.products
        .filter((p) => p.deleted_at === null)
        .map((p) => p.id)
        .sort(),
    );
    expect(catalog.categories).toHaveLength(tenant.categories.filter((c) => c.deleted_at === null).length);
    expect(catalog.categories.length).toBeGreaterThanOrEqual(8);
    expect(catalog.products.length).toBeGreaterThanOrEqual(120);
    expect(catalog.printers).toHaveLength(3);
    expect(summary.counts.products).toBe(catalog.products.length);
    const productPages = events.filter((e): e is Extract<PullProgress, { phase: 'list' }> => e.phase === 'list' && e.resource === 'products');
    expect(productPages.length).toBe(Math.ceil(catalog.products.length / 25));
    expect(productPages.map((e) => e.page)).toEqual(productPages.map((_, i) => i + 1));
    expect(productPages.at(-1)).toMatchObject({ page: productPages.length, lastPage: productPages.length, received: catalog.products.length });
    expect(events.at(-1)).toEqual({ phase: 'publish' });
    expect(readReplicaMeta(db).me?.market.id).toBe(service.emulator.marketId);
    // Canonical: the newest names, whatever the wire said.
    const sample = catalog.products[0]!;
    expect(Object.keys(sample)).toEqual(expect.arrayContaining(['category_id', 'duration', 'is_active', 'modifiers', 'prices']));
  });

  it('asks for more per page than the service gives and still reads every record', async () => {
    const db = service.open();
    await service.pull(db, { perPage: 5000 });
    expect(readCatalog(db).products.length).toBe(service.emulator.tenant.products.filter((p) => p.deleted_at === null).length);
  });

  it('gives the same canonical replica at every API version', async () => {
    const newest = service.open('newest.db');
    await service.pull(newest, { apiVersion: '2.5.0' });
    const reference = readCatalog(newest);
    for (const version of API_VERSIONS) {
      const db = service.open(`v${version}.db`);
      await service.pull(db, { apiVersion: version });
      expect(readCatalog(db), `pulled at ${version}`).toEqual(asKnownAt(reference, version));
    }
  });

  it('shows deletions, renames and additions between two pulls', async () => {
    const db = service.open();
    await service.pull(db);
    const tenant = service.emulator.tenant;
    const [gone, renamed] = tenant.products;
    const added: ServedProduct = {
      ...structuredClone(tenant.products[2]!),
      id: 'new-product-1',
      name_en: 'Saffron latte',
      name_ar: 'لاتيه بالزعفران',
      modifiers: [],
      prices: structuredClone(tenant.products[2]!.prices).map((p, i) => ({ ...p, id: `new-price-${i}`, product_id: 'new-product-1' })),
    };
    tenant.products.splice(tenant.products.indexOf(gone!), 1);
    renamed!.name_en = 'Renamed cortado';
    tenant.products.push(added);
    const summary = await service.pull(db, { countChanges: true });
    const catalog = readCatalog(db);
    expect(catalog.products.find((p) => p.id === gone!.id)).toBeUndefined();
    expect(catalog.products.find((p) => p.id === renamed!.id)?.name_en).toBe('Renamed cortado');
    expect(catalog.products.find((p) => p.id === 'new-product-1')?.name_ar).toBe('لاتيه بالزعفران');
    // Only what changed was rewritten, and search follows the rename.
    expect(summary.changes?.products).toEqual({ deleted: 1, written: 2 });
    expect(searchProducts(db, 'renamed cort').map((h) => h.id)).toEqual([renamed!.id]);
    expect(searchProducts(db, 'زعفران').map((h) => h.id)).toContain('new-product-1');
  });

  it('drops soft-deleted records like vanished ones', async () => {
    const db = service.open();
    await service.pull(db);
    const product = service.emulator.tenant.products[5]!;
    product.deleted_at = Date.now();
    await service.pull(db);
    expect(readCatalog(db).products.some((p) => p.id === product.id)).toBe(false);
  });

  it('keeps the previous replica whole when a page keeps failing mid-pull', async () => {
    const db = service.open();
    await service.pull(db, { perPage: 20 });
    const before = readCatalog(db);
    service.emulator.tenant.products[0]!.name_en = 'Changed upstream';
    service.emulator.faults.failPages = ['products:3'];
    await expect(service.pull(db, { perPage: 20 })).rejects.toThrow(ServerError);
    expect(readCatalog(db)).toEqual(before);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
  });

  it('keeps the previous replica when every connection is reset', async () => {
    const db = service.open();
    await service.pull(db);
    const before = readCatalog(db);
    service.emulator.faults.resetRate = 1;
    const error = await service.pull(db).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toMatch(/Could not reach the service.*connection/);
    expect(readCatalog(db)).toEqual(before);
  });

  it('rides out transient errors by retrying the page', async () => {
    const db = service.open();
    service.emulator.faults.errorRate = 0.2;
    await service.pull(db, { retry: { attempts: 8, baseDelayMs: 1, maxDelayMs: 5 }, perPage: 20 });
    expect(readCatalog(db).products.length).toBe(service.emulator.tenant.products.length);
  });

  it('leaves out a record that breaks a rule, reports it, and keeps its previous version', async () => {
    const db = service.open();
    await service.pull(db, { perPage: 50 });
    const before = readCatalog(db);
    const broken = service.emulator.tenant.products.find((p) => p.deleted_at === null && p.prices.length > 0)!;
    const name = broken.name_en;
    (broken as unknown as { name_en: unknown }).name_en = 42;
    broken.name_ar = 'changed while broken';
    const summary = await service.pull(db, { perPage: 50 });
    expect(summary.quarantined).toHaveLength(1);
    expect(summary.quarantined[0]).toMatchObject({ list: 'products', id: broken.id, field: 'name_en' });
    expect(summary.quarantined[0]!.reason).toMatch(/products page \d+, record .*: field "name_en" must be a string, got 42/);
    // The replica still has the product as it was, prices included.
    expect(readCatalog(db)).toEqual(before);
    expect(readCatalog(db).products.find((p) => p.id === broken.id)!.name_en).toBe(name);
  });

  it('fails the pull and keeps the whole previous replica when more than half of a list is bad', async () => {
    const db = service.open();
    await service.pull(db, { perPage: 50 });
    const before = readCatalog(db);
    const live = service.emulator.tenant.products.filter((p) => p.deleted_at === null);
    const allowed = allowedBadRecords(service.emulator.tenant.products.length);
    for (const product of live.slice(0, allowed + 1)) (product as unknown as { name_en: unknown }).name_en = 42;
    const error = await service.pull(db, { perPage: 50 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TooManyBadRecordsError);
    expect((error as Error).message).toContain(`${allowed + 1} of ${service.emulator.tenant.products.length} products records break the contract`);
    expect((error as Error).message).toContain('name_en');
    expect(readCatalog(db)).toEqual(before);
  });

  it('keeps a bad record out of a first pull when nothing was there before', async () => {
    const db = service.open();
    const broken = service.emulator.tenant.products.find((p) => p.deleted_at === null)!;
    (broken as unknown as { is_active: unknown }).is_active = 'yes';
    const summary = await service.pull(db, { perPage: 50 });
    expect(summary.quarantined.map((q) => q.id)).toEqual([broken.id]);
    expect(readCatalog(db).products.some((p) => p.id === broken.id)).toBe(false);
  });

  it('reads a list again when its total changes during the pull', async () => {
    const db = service.open();
    const tenant = service.emulator.tenant;
    let grown = false;
    const events: PullProgress[] = [];
    await service.pull(db, {
      perPage: 30,
      onProgress: (e) => {
        events.push(e);
        if (!grown && e.phase === 'list' && e.resource === 'products' && e.page === 1) {
          grown = true;
          tenant.products.unshift({ ...structuredClone(tenant.products[0]!), id: 'arrived-mid-pull', modifiers: [], prices: [] });
        }
      },
    });
    expect(events.some((e) => e.phase === 'restart' && e.resource === 'products')).toBe(true);
    const ids = readCatalog(db).products.map((p) => p.id);
    expect(ids).toContain('arrived-mid-pull');
    expect(ids.length).toBe(tenant.products.length);
  });

  it('gives up with the old replica kept when a list never settles', async () => {
    // A product arrives upstream whenever the service answers for products page 2: every read of the list
    // sees its total move between page 1 and the pages after (whatever the pages in flight, whenever they come).
    await service.close();
    let churning = false;
    let n = 0;
    service = await emulatedService({
      seed: 11,
      onRequest: (resource, page) => {
        if (!churning || resource !== 'products' || page !== 2) return;
        const tenant = service.emulator.tenant;
        tenant.products.push({ ...structuredClone(tenant.products[0]!), id: `churn-${n++}`, modifiers: [], prices: [] });
      },
    });
    const db = service.open();
    await service.pull(db);
    const before = readCatalog(db);
    churning = true;
    const error = await service.pull(db, { perPage: 30 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CatalogChangedError);
    expect((error as Error).message).toMatch(/kept changing.*previous catalog is kept/);
    expect(readCatalog(db)).toEqual(before);
  });

  it('finds Arabic without harakat, by prefix, and by barcode', async () => {
    const tenant = service.emulator.tenant;
    const template = tenant.products[0]!;
    tenant.products.push({ ...structuredClone(template), id: 'vocalized', name_en: 'Arabic coffee pot', name_ar: 'دَلَّة قَهْوَة عَرَبِيَّة', modifiers: [], prices: [] });
    const db = service.open();
    await service.pull(db);
    expect(searchProducts(db, 'قهوه عربيه').map((h) => h.id)).toContain('vocalized');
    expect(searchProducts(db, 'دل').map((h) => h.id)).toContain('vocalized');
    expect(searchProducts(db, 'arab cof').map((h) => h.id)).toEqual(['vocalized']);
    const barcode = tenant.barcodes[0]!;
    expect(searchProducts(db, barcode.barcode)[0]).toMatchObject({ id: barcode.product_id, barcode: barcode.barcode });
  });
});

describe('service errors reach the user clearly', () => {
  it('401: an unknown token says to sign in again', async () => {
    const db = service.open();
    const error = await service.pull(db, { client: service.client(undefined, 'not-a-token') }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnauthenticatedError);
    expect((error as Error).message).toBe('The service did not accept the token (401 Unauthenticated.): sign in again or pass a new token.');
  });

  it('403: a token without permission names the refusal', async () => {
    const db = service.open();
    const error = await service.pull(db, { client: service.client(undefined, service.emulator.issueToken({ noPermission: true })) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ForbiddenError);
    expect((error as Error).message).toContain('403 This action is unauthorized.');
  });

  it('426 and 410 name the replacement endpoints', async () => {
    const old = await service
      .client('2.4.0')
      .get('/import/products')
      .catch((e: unknown) => e);
    expect(old).toBeInstanceOf(VersionError);
    expect((old as VersionError).status).toBe(426);
    expect((old as Error).message).toMatch(/needs a newer API version \(426 .*\).*import_url=http/);
    const gone = await service
      .client('2.5.0')
      .get('/import/products')
      .catch((e: unknown) => e);
    expect((gone as VersionError).status).toBe(410);
    expect((gone as VersionError).links.removed_in).toBe('2.5.0');
    expect((gone as Error).message).toMatch(/was removed from this API version \(410/);
  });
});
