import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NEWEST_API_VERSION } from '../../../src-shared/api-version.ts';
import { readListPage, WireValidationError } from '../../../src-shared/wire/index.ts';
import { REPLICA_TABLES } from '../../../src-main/catalog/index.ts';
import type { TillDatabase } from '../../../src-main/db/index.ts';
import { CATALOG_RESOURCES, type Stage } from '../../../src-main/sync/catalog-resources.ts';
import { PageReaderError, PageReaderThread } from '../../../src-main/sync/page-reader/page-reader.ts';
import { encodeQuery, ProtocolError } from '../../../src-main/upstream/index.ts';
import { emulatedService, type EmulatedService } from '../../support/emulated-service.ts';

// Issue 37, thirteenth pass: the long lists' pages (products, barcodes) can
// be read and staged on a thread of their own, their rows sent back as
// packed values. Whatever thread reads a page, the replica must come out
// the same row for row, and a page the till cannot read must fail the pull
// with the error the pull's own thread would have thrown.

let service: EmulatedService;
const reader = new PageReaderThread();
beforeEach(async () => {
  service = await emulatedService({ seed: 37 });
});
afterEach(async () => {
  await service.close();
});
afterAll(async () => {
  await reader.close();
});

const PRODUCTS = CATALOG_RESOURCES.find((resource) => resource.name === 'products')!;

/** Every replica table's rows, every generation, in rowid order: what two pulls must agree on. */
function replicaRows(db: TillDatabase): Record<string, unknown[]> {
  return Object.fromEntries(REPLICA_TABLES.map((table) => [table.name, db.prepare(`SELECT * FROM main.${table.name} ORDER BY rowid`).raw().all()]));
}

/** The bytes of one products page as the emulator sends it, `edit` applied to its body first. */
async function productsPage(page: number, edit: (body: { data: { data: Record<string, unknown>[] } }) => void = () => undefined): Promise<Uint8Array> {
  const { baseUrl, token, marketId, branchId } = service.emulator;
  const query = encodeQuery({ ...PRODUCTS.query({ marketId, branchId }), page, per_page: 20 });
  const answer = await fetch(`${baseUrl}${PRODUCTS.path}?${query}`, { headers: { Authorization: `Bearer ${token}`, 'X-API-Version': NEWEST_API_VERSION } });
  const body = (await answer.json()) as { data: { data: Record<string, unknown>[] } };
  edit(body);
  return new TextEncoder().encode(JSON.stringify(body));
}

const read = (bytes: Uint8Array, page = 1) => reader.read({ list: 'products', version: NEWEST_API_VERSION, page, decimals: 2, bytes }, '/products');

describe("a long list's pages read on the page reader's thread", () => {
  it("make the same replica, row for row, as pages read on the pull's thread, odd records and Arabic names included", async () => {
    const live = service.emulator.tenant.products.filter((p) => p.deleted_at === null);
    for (const product of live.slice(0, 3)) (product as unknown as { is_active: unknown }).is_active = 'sometimes';
    live[3]!.name_ar = 'قهوة عربية بالهيل والزعفران، تقدم مع التمر';
    live[4]!.name_en = 'Crème brûlée — “house” 🍮';

    const threaded = service.open('threaded.db');
    const inline = service.open('inline.db');
    const onThread = await service.pull(threaded, { perPage: 20, sliceRows: 64, readPagesOffThread: true });
    const here = await service.pull(inline, { perPage: 20, sliceRows: 64, readPagesOffThread: false });

    expect(onThread.quarantined).toEqual(here.quarantined);
    expect(onThread.quarantined).toHaveLength(3);
    expect(onThread.counts).toEqual(here.counts);
    expect(onThread.precisionLost).toBe(here.precisionLost);
    expect(replicaRows(threaded)).toEqual(replicaRows(inline));

    // Again over each replica (a second generation beside the first, the first deleted after): still the same.
    await service.pull(threaded, { perPage: 20, sliceRows: 64, readPagesOffThread: true });
    await service.pull(inline, { perPage: 20, sliceRows: 64, readPagesOffThread: false });
    expect(replicaRows(threaded)).toEqual(replicaRows(inline));
  });

  it("stages a page's values exactly as `stage` puts them, soft-deleted records left out and counted", async () => {
    const bytes = await productsPage(1, (body) => {
      body.data.data[0]!.deleted_at = 1_700_000_000;
    });
    const expected = readListPage('products', NEWEST_API_VERSION, JSON.parse(new TextDecoder().decode(bytes)), 1, { decimals: 2 });
    const tables = PRODUCTS.tables;
    const tableOf: number[] = [];
    const rows: unknown[][] = [];
    const put: Stage = (table, row) => {
      tableOf.push(tables.indexOf(table));
      rows.push(table.columns.map((column) => (row as Record<string, unknown>)[column]));
    };
    for (const record of expected.records.slice(1)) PRODUCTS.stage(record, 0, put);

    const page = await read(bytes);
    expect(page.info).toEqual(expected.info);
    expect(page.recordCount).toBe(expected.records.length);
    expect(page.staged).not.toBeNull();
    expect(page.staged!.deleted).toBe(1);
    expect([...page.staged!.tableOf]).toEqual(tableOf);
    expect(page.staged!.rows).toEqual(rows);
  });

  it("hands back the records of a page with a product to complete from its own routes, for the pull's thread", async () => {
    const bytes = await productsPage(1, (body) => {
      delete body.data.data[2]!.prices;
    });
    const page = await read(bytes);
    expect(page.staged).toBeNull();
    expect(page.records).toHaveLength(page.recordCount);
    expect(page.records[2]).toMatchObject({ missing_includes: ['prices'] });
  });

  it('fails a page that is not JSON, or not a page, with the error the pull would have thrown', async () => {
    const notJson = await read(new TextEncoder().encode('<html>maintenance</html>')).catch((error: unknown) => error);
    expect(notJson).toBeInstanceOf(ProtocolError);
    expect((notJson as Error).message).toBe(
      'The answer to GET /products is not what the service sends (HTTP 200 with a body that is not JSON): check the base URL.',
    );

    const bytes = await productsPage(1, (body) => {
      (body.data as unknown as { last_page: unknown }).last_page = 'many';
    });
    const expected = (() => {
      try {
        readListPage('products', NEWEST_API_VERSION, JSON.parse(new TextDecoder().decode(bytes)), 1, { decimals: 2 });
      } catch (error) {
        return error as WireValidationError;
      }
      throw new Error('the page was read');
    })();
    const refused = await read(bytes).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(WireValidationError);
    expect({ ...(refused as WireValidationError), message: (refused as Error).message }).toEqual({ ...expected, message: expected.message });
  });

  it('fails the pages it held when its thread ends, and starts another for the next', async () => {
    const bytes = await productsPage(1);
    const held = expect(read(bytes.slice())).rejects.toBeInstanceOf(PageReaderError);
    await reader.close();
    await held;
    const next = await read(bytes);
    expect(next.staged).not.toBeNull();
  });
});
