import { describe, expect, it } from 'vitest';
import { API_VERSIONS, isAtLeast } from '../../../src-shared/api-version.ts';
import { printerSettings, type Kitchen } from '../../../src-shared/catalog/index.ts';
import { parseListPage } from '../../../src-shared/wire/index.ts';
import { listBody } from './samples.ts';

const KITCHEN = 'k-1';
const canonical: Kitchen = {
  id: KITCHEN,
  branch_id: 'b-1',
  name_en: 'Bar',
  name_ar: 'البار',
  printers: [{ id: 'pk-1', printer_id: 'printer-1', kitchen_id: KITCHEN }],
  categories: [
    { id: 'kc-1', kitchen_id: KITCHEN, category_id: 1 },
    { id: 'kc-2', kitchen_id: KITCHEN, category_id: 2 },
  ],
};

/** The kitchen as the service sends it at `renamed` (2.3.0+) or before (emulator/README.md, 17). */
function wire(renamed: boolean) {
  const kitchenKey = renamed ? 'kitchen_id' : 'kitchen_group_id';
  const categoryKey = renamed ? 'category_id' : 'product_category_id';
  return {
    id: KITCHEN,
    branch_id: 'b-1',
    name_en: 'Bar',
    name_ar: 'البار',
    printers: canonical.printers.map((p) => ({ id: p.id, printer_id: p.printer_id, [kitchenKey]: p.kitchen_id })),
    categories: canonical.categories.map((c) => ({ id: c.id, [kitchenKey]: c.kitchen_id, [categoryKey]: c.category_id })),
  };
}

describe.each(API_VERSIONS)('kitchens at contract %s', (version) => {
  const renamed = isAtLeast(version, '2.3.0');

  it('normalize to the canonical kitchen (kitchen_id, category_id)', () => {
    expect(parseListPage('kitchens', version, listBody([wire(renamed)]), 1).records).toStrictEqual([canonical]);
  });

  it("read the other version's names too (kitchen records are not shown by the spec)", () => {
    expect(parseListPage('kitchens', version, listBody([wire(!renamed)]), 1).records).toStrictEqual([canonical]);
  });
});

describe('printers', () => {
  const settings = printerSettings(['MULTILINGUAL', 'PRODUCT_SHOW', 'PRINT_AUTO']);

  it('keep an address the service sends as the binding default, and have none otherwise', () => {
    const withAddress = parseListPage(
      'printers',
      '2.5.0',
      listBody([{ id: 'p', name: 'Cashier', branch_id: null, settings, address: 'tcp://10.0.0.5:9100' }]),
      1,
    );
    expect(withAddress.records[0]).toStrictEqual({ id: 'p', name: 'Cashier', settings, address: 'tcp://10.0.0.5:9100' });
    for (const address of [undefined, null, '']) {
      const without = parseListPage(
        'printers',
        '2.5.0',
        listBody([{ id: 'p', name: 'Cashier', branch_id: null, settings, ...(address === undefined ? {} : { address }) }]),
        1,
      );
      expect(without.records[0]).toStrictEqual({ id: 'p', name: 'Cashier', settings });
    }
  });
});
