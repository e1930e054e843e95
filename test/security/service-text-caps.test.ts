// Finding: service names of 5 MiB were accepted. Names are capped at 2,000
// characters and descriptions at 20,000 (bounds that protect memory, far
// above a real menu: the contract states none); a longer record is
// quarantined (left out, counted, its previous version kept), never cut and
// never fatal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCatalog } from '../../src-main/catalog/index.ts';
import { emulatedService, type EmulatedService } from '../support/emulated-service.ts';

let service: EmulatedService;
beforeAll(async () => {
  service = await emulatedService({ seed: 23 });
});
afterAll(async () => {
  await service.close();
});

describe('length caps on service text', () => {
  it('quarantines a product whose name is 5 MiB, reports it, and pulls the rest of the catalog', async () => {
    const db = service.open('caps.db');
    await service.pull(db, { perPage: 50 });
    const live = service.emulator.tenant.products.filter((p) => p.deleted_at === null);
    const [huge, long] = live;
    const previousName = huge!.name_en;
    huge!.name_en = 'N'.repeat(5 * 1024 * 1024);

    const summary = await service.pull(db, { perPage: 50 });
    expect(summary.quarantined.map((q) => q.id)).toEqual([huge!.id]);
    expect(summary.quarantined[0]).toMatchObject({ list: 'products', field: 'name_en' });
    expect(summary.quarantined[0]!.reason).toMatch(/at most 2000 characters/);
    // The report stays small: the 5 MiB value is not copied into it.
    expect(JSON.stringify(summary).length).toBeLessThan(1024 * 1024);

    const catalog = readCatalog(db);
    expect(catalog.products.find((p) => p.id === huge!.id)!.name_en).toBe(previousName);
    expect(catalog.products.length).toBe(live.length);
    expect(catalog.products.every((p) => p.name_en.length <= 2_000)).toBe(true);

    // A description of 20,001 characters: the same.
    huge!.name_en = previousName;
    long!.description_en = 'd'.repeat(20_001);
    const next = await service.pull(db, { perPage: 50 });
    expect(next.quarantined.map((q) => q.id)).toEqual([long!.id]);
    expect(next.quarantined[0]!.reason).toMatch(/at most 20000 characters/);
  });
});
