import { afterEach, describe, expect, it } from 'vitest';
import { readServiceDiscounts } from '../../../src-main/catalog/index.ts';
import { emulatedService, type EmulatedService } from '../../support/emulated-service.ts';

// Issue 35, item 1: the service's Discounts list (no fields shown by the
// spec) is pulled into the replica, read tolerantly in every profile's
// shape; what cannot be read is left out and reported, never the list.

let service: EmulatedService | null = null;
afterEach(async () => {
  await service?.close();
  service = null;
});

describe("the service's discounts", () => {
  it.each(['full', 'variant'] as const)('are read from GET /discounts (%s profile), the same whatever the shape', async (profile) => {
    service = await emulatedService({ seed: 5, profile });
    const db = service.open();
    const summary = await service.pull(db);
    expect(summary.skipped).toEqual([]);
    expect(summary.quarantined).toEqual([]);
    const discounts = readServiceDiscounts(db);
    const byName = new Map(discounts.map((d) => [d.name_en, d]));
    expect(discounts).toHaveLength(9);
    expect(byName.get('Staff 10%')).toMatchObject({ kind: 'PERCENT', value: 1000, max_amount: null, product_ids: [], category_ids: [], automatic: false });
    expect(byName.get('5.00 off over 30.00')).toMatchObject({ kind: 'AMOUNT', value: 500, min_order: 3000 });
    expect(byName.get('Family 20% (up to 15.00)')).toMatchObject({ kind: 'PERCENT', value: 2000, max_amount: 1500 });
    expect(byName.get('Butter croissant half price')?.product_ids).toHaveLength(1);
    expect(byName.get('Iced drinks 15%')?.category_ids).toEqual([2]);
    expect(byName.get('Afternoon coffee 3.00 off')).toMatchObject({ days: [0, 1, 2, 3, 4], hours_from: '15:00', hours_to: '18:00', category_ids: [1] });
    expect(byName.get('Flyer 15%')?.code).toBe('FLYER15');
    expect(byName.get('Ramadan 2030 10%')).toMatchObject({ automatic: true, valid_from: '2030-01-04 00:00:00', valid_to: '2030-02-02 23:59:59' });
    expect(byName.get('Opening week')?.is_active).toBe(false);
    expect(discounts.every((d) => d.branch_ids.length === 1 && d.name_ar !== d.name_en)).toBe(true);
  });

  it('leaves out and reports a discount it cannot read, and keeps the rest', async () => {
    service = await emulatedService({ seed: 5 });
    const tenant = service.emulator.tenant;
    tenant.discounts.push(
      { id: 'bad-kind', name_en: 'Buy one get one', type: 'BOGO', value: '1' },
      { id: 'no-value', name_en: 'Nothing said' },
      { id: 'bad-date', name_en: 'Odd date', type: 'PERCENT', value: '5', starts_at: 'next tuesday' },
    );
    const db = service.open();
    const summary = await service.pull(db);
    expect(summary.quarantined.map((q) => q.id).sort()).toEqual(['bad-date', 'bad-kind', 'no-value']);
    expect(readServiceDiscounts(db)).toHaveLength(9);
  });

  it('a service without a Discounts list (spec-only: 404) leaves the till with none, and the pull goes on', async () => {
    service = await emulatedService({ seed: 5, profile: 'spec-only' });
    const db = service.open();
    const summary = await service.pull(db, { marketId: service.emulator.marketId, branchId: service.emulator.branchId });
    expect(summary.skipped).toEqual(expect.arrayContaining([expect.objectContaining({ list: 'discounts', status: 404, kept: 'empty' })]));
    expect(readServiceDiscounts(db)).toEqual([]);
  });
});
