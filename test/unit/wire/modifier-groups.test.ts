import { describe, expect, it } from 'vitest';
import { groupBreaches, optionGroupsOf, requiresChoice, type Modifier } from '../../../src-shared/catalog/index.ts';
import { parseListPage, readListPage } from '../../../src-shared/wire/index.ts';
import { listBody, PRODUCT, productWire } from './samples.ts';

/** The product sample with these modifiers, read as the products list reads it. */
function readModifiers(modifiers: unknown[]): Modifier[] {
  const [read] = parseListPage('products', '2.5.0', listBody([{ ...productWire['2.5.0'], modifiers }]), 1).records;
  return read!.modifiers;
}

const SIZE = { id: 'size', name_en: 'Size', name_ar: 'الحجم', min: 1, max: 1 };

describe('option groups are read from either shape a service plausibly sends (issue 34 item 2)', () => {
  it('flat: a group id and names on each option, with `min`/`max`', () => {
    const sized = (id: string, name: string) => ({
      id,
      name_en: name,
      name_ar: name,
      price: '0.00',
      group_id: 'size',
      group_name_en: 'Size',
      group_name_ar: 'الحجم',
      min: 1,
      max: 1,
    });
    const read = readModifiers([sized('s', 'Small'), sized('l', 'Large'), { id: 'shot', name_en: 'Extra shot', price: '3.00' }]);
    expect(read.map((m) => [m.id, m.group ?? null])).toStrictEqual([
      ['s', SIZE],
      ['l', SIZE],
      ['shot', null],
    ]);
    expect(requiresChoice(read)).toBe(true);
  });

  it('flat: `min_quantity`/`max_quantity`, `is_required` and a group named only by `group_name`', () => {
    const read = readModifiers([
      { id: 'oat', name_en: 'Oat milk', group_name: 'Milk', max_quantity: 1 },
      { id: 'vanilla', name_en: 'Vanilla', group_id: 'g-syrup', is_required: true },
      { id: 'caramel', name_en: 'Caramel', group_id: 'g-syrup', is_required: true, min_quantity: 0, max_quantity: 0 },
    ]);
    expect(read[0]!.group).toStrictEqual({ id: 'name:Milk', name_en: 'Milk', name_ar: 'Milk', min: 0, max: 1 });
    // No `min`: is_required means one; `max` 0 means no limit. The group's rule is its first option's.
    expect(read[1]!.group).toStrictEqual({ id: 'g-syrup', name_en: 'g-syrup', name_ar: 'g-syrup', min: 1, max: null });
    expect(optionGroupsOf(read).map((g) => [g.id, g.min, g.max, g.options.length])).toStrictEqual([
      ['name:Milk', 0, 1, 1],
      ['g-syrup', 1, null, 2],
    ]);
  });

  it('nested: a group record carrying its options (under `options` or `modifiers`)', () => {
    const read = readModifiers([
      {
        id: 'g-size',
        name_en: 'Size',
        name_ar: 'الحجم',
        min: 1,
        max: 1,
        options: [
          { id: 'small', name_en: 'Small', name_ar: 'صغير', price: '0.00' },
          { name_en: 'Large', name_ar: 'كبير', price: '3.00' },
        ],
      },
      { name_en: 'Extras', max_quantity: 3, modifiers: [{ id: 'shot', name_en: 'Extra shot', price: 3 }] },
      { id: 'warm', name_en: 'Warmed up' },
    ]);
    expect(read).toStrictEqual([
      { id: 'small', product_id: PRODUCT, name_en: 'Small', name_ar: 'صغير', price: 0, group: { ...SIZE, id: 'g-size' } },
      { id: `${PRODUCT}:modifier:1.2`, product_id: PRODUCT, name_en: 'Large', name_ar: 'كبير', price: 300, group: { ...SIZE, id: 'g-size' } },
      {
        id: 'shot',
        product_id: PRODUCT,
        name_en: 'Extra shot',
        name_ar: 'Extra shot',
        price: 300,
        group: { id: 'name:Extras', name_en: 'Extras', name_ar: 'Extras', min: 0, max: 3 },
      },
      { id: 'warm', product_id: PRODUCT, name_en: 'Warmed up', name_ar: 'Warmed up', price: 0 },
    ]);
  });

  it('the per-product modifiers list reads a group record as its options', () => {
    const page = readListPage('product_modifiers', '2.5.0', listBody([{ id: 'g', name_en: 'Milk', max: 1, options: [{ id: 'oat' }, { id: 'almond' }] }]), 1, {
      parentId: 'p-1',
    });
    expect(page.quarantined).toStrictEqual([]);
    expect(page.records.map((m) => [m.id, m.product_id, m.group?.id, m.group?.max])).toStrictEqual([
      ['oat', 'p-1', 'g', 1],
      ['almond', 'p-1', 'g', 1],
    ]);
  });

  it('no group members at all: every option is an optional add-on, as before', () => {
    const read = readModifiers([{ id: 'a', name_en: 'Oat milk', min: 1, is_required: true }, { id: 'b' }]);
    expect(read.every((m) => m.group === undefined)).toBe(true);
    expect(optionGroupsOf(read)).toMatchObject([{ id: null, min: 0, max: null }]);
    expect(requiresChoice(read)).toBe(false);
  });

  it('a group rule that cannot be read leaves the product out and reports it, like any bad member', () => {
    const page = readListPage('products', '2.5.0', listBody([{ ...productWire['2.5.0'], modifiers: [{ id: 'a', group_id: 'g', max: 'two' }] }]), 1);
    expect(page.records).toStrictEqual([]);
    expect(page.quarantined[0]!.field).toContain('max');
  });

  it("a minimum above the group's options is lowered to them, and a most below the minimum raised", () => {
    const read = readModifiers([{ id: 'only', group_id: 'g', min: 3, max: 2 }]);
    expect(read[0]!.group).toMatchObject({ min: 3, max: 3 });
    expect(optionGroupsOf(read)).toMatchObject([{ id: 'g', min: 1, max: 3 }]);
  });
});

describe('the group rules a choice breaks', () => {
  const group = (id: string, min: number, max: number | null) => ({ id, name_en: id, name_ar: id, min, max });
  const modifiers = [
    { id: 'small', group: group('size', 1, 1) },
    { id: 'large', group: group('size', 1, 1) },
    { id: 'oat', group: group('milk', 0, 1) },
    { id: 'almond', group: group('milk', 0, 1) },
    ...['shot', 'vanilla', 'caramel', 'cream'].map((id) => ({ id, group: group('extras', 0, 3) })),
    { id: 'warm' },
  ];
  const breaches = (chosen: string[]) => groupBreaches(modifiers, chosen).map((b) => [b.group.id, b.problem]);

  it('a required group not answered, two of a one-of, four of up to 3', () => {
    expect(breaches([])).toStrictEqual([['size', 'too_few']]);
    expect(breaches(['small'])).toStrictEqual([]);
    expect(breaches(['small', 'large', 'oat', 'almond'])).toStrictEqual([
      ['size', 'too_many'],
      ['milk', 'too_many'],
    ]);
    expect(breaches(['large', 'shot', 'vanilla', 'caramel'])).toStrictEqual([]);
    expect(breaches(['large', 'shot', 'vanilla', 'caramel', 'cream', 'warm'])).toStrictEqual([['extras', 'too_many']]);
    expect(breaches(['large', 'shot', 'shot', 'shot', 'shot'])).toStrictEqual([['extras', 'too_many']]);
  });
});
