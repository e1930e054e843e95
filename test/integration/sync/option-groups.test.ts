// Option groups (issue 34 item 2) end to end below the screen: the pull
// reads a product's groups from each shape the emulator serves (the default
// profile names the group on each option; `variant` nests options under a
// group record on the products list and renames the members on the
// per-product list), the replica keeps them, and the till host refuses a
// line that breaks a group's rule, saying which group in both languages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCatalog, saleProducts } from '../../../src-main/catalog/index.ts';
import { TillService } from '../../../src-main/host/index.ts';
import { setSetting } from '../../../src-main/settings/index.ts';
import { optionGroupsOf } from '../../../src-shared/catalog/index.ts';
import { TillError } from '../../../src-shared/errors/index.ts';
import { translate, type MessageKey } from '../../../src-shared/i18n/index.ts';
import { emulatedService, type EmulatedService } from '../../support/emulated-service.ts';

const CAFE_GROUPS = [
  ['Size', 1, 1, ['Small', 'Medium', 'Large']],
  ['Milk', 0, 1, ['Oat milk', 'Almond milk']],
  ['Extras', 0, 3, ['Extra shot', 'Sugar-free vanilla syrup', 'Sugar-free caramel syrup', 'Decaf']],
];

describe.each([
  ['full', 'groups named on each option', false],
  ['variant', 'group records with nested options', false],
  ['variant', 'per-product reads, other member names', true],
] as const)('the %s profile (%s)', (profile, _shape, perProduct) => {
  let service: EmulatedService;
  beforeAll(async () => {
    service = await emulatedService({ seed: 34, profile });
  });
  afterAll(async () => {
    await service.close();
  });

  it("the replica holds the cappuccino's groups, and a croissant's options stay optional add-ons", async () => {
    const db = service.open(`groups-${profile}-${perProduct}.db`);
    // No `includes[]=modifiers`: each product's modifiers come from GET /products/{id}/modifiers.
    if (perProduct) setSetting(db, 'sync.includes', ['prices']);
    const result = await service.pull(db);
    expect(result.quarantined).toEqual([]);
    const products = readCatalog(db).products;
    const cappuccino = products.find((p) => p.name_en === 'Cappuccino')!;
    const groups = optionGroupsOf(cappuccino.modifiers);
    expect(groups.map((g) => [g.name_en, g.min, g.max, g.options.map((o) => o.name_en)])).toStrictEqual(CAFE_GROUPS);
    // The per-product list of `variant` names a group once (`group_name`), for both languages.
    expect(groups[0]!.name_ar).toBe(perProduct ? 'Size' : 'الحجم');
    // What the till sells from carries the same groups.
    const [sale] = saleProducts(db, [cappuccino.id]);
    expect(optionGroupsOf(sale!.modifiers).map((g) => g.id)).toStrictEqual(groups.map((g) => g.id));
    const croissant = products.find((p) => p.name_en === 'Butter croissant')!;
    expect(optionGroupsOf(croissant.modifiers).map((g) => [g.id, g.min, g.max])).toStrictEqual([[null, 0, null]]);
  });
});

describe('the host refuses a line that breaks a group rule (a screen may send anything)', () => {
  let service: EmulatedService;
  let till: TillService;
  let ids: Record<string, string>;
  let cappuccinoId: string;
  beforeAll(async () => {
    service = await emulatedService({ seed: 34 });
    const db = service.open('refusals.db');
    await service.pull(db);
    till = new TillService({ db, now: () => Date.UTC(2026, 10, 29, 9, 0) });
    await till.addCashier({ name: 'Mona', role: 'manager', pin: '2468' });
    await till.openShift({ float: 0 });
    const cappuccino = readCatalog(db).products.find((p) => p.name_en === 'Cappuccino')!;
    cappuccinoId = cappuccino.id;
    ids = Object.fromEntries(cappuccino.modifiers.map((m) => [m.name_en, m.id]));
  });
  afterAll(async () => {
    await service.close();
  });

  async function refusal(call: Promise<unknown>): Promise<TillError> {
    const error = await call.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TillError);
    return error as TillError;
  }

  const words = (error: TillError) => ({
    en: translate('en', `reason.${error.reason!.code}` as MessageKey, error.reason!.params),
    ar: translate('ar', `reason.${error.reason!.code}` as MessageKey, error.reason!.params),
  });

  it('no size: refused, naming the size group in English and Arabic', async () => {
    const error = await refusal(till.addItem({ product_id: cappuccinoId, modifier_ids: [ids['Oat milk']!] }));
    expect([error.code, error.reason?.code]).toEqual(['option_choice', 'optionGroup.required']);
    expect(words(error)).toEqual({ en: 'Cappuccino: choose Size first (required).', ar: 'كابتشينو: اختر الحجم أولاً (مطلوب).' });
  });

  it('two sizes, two milks, four extras: refused, naming the group', async () => {
    const twoSizes = await refusal(till.addItem({ product_id: cappuccinoId, modifier_ids: [ids.Small!, ids.Large!] }));
    expect(words(twoSizes).en).toBe('Cappuccino: at most 1 of Size.');
    const twoMilks = await refusal(till.addItem({ product_id: cappuccinoId, modifier_ids: [ids.Small!, ids['Oat milk']!, ids['Almond milk']!] }));
    expect(words(twoMilks)).toEqual({ en: 'Cappuccino: at most 1 of Milk.', ar: 'كابتشينو: 1 على الأكثر من الحليب.' });
    const shot = ids['Extra shot']!;
    const fourExtras = await refusal(till.addItem({ product_id: cappuccinoId, modifier_ids: [ids.Small!, shot, shot, shot, shot] }));
    expect(words(fourExtras).en).toBe('Cappuccino: at most 3 of Extras.');
    expect((await till.cart()).lines).toHaveLength(0);
  });

  it('a size, one milk and three extras go in; an edit that drops the size is refused and the line is kept', async () => {
    const chosen = [ids.Medium!, ids['Oat milk']!, ids['Extra shot']!, ids['Extra shot']!, ids.Decaf!];
    const cart = await till.addItem({ product_id: cappuccinoId, modifier_ids: chosen });
    expect(cart.lines[0]!.modifiers.map((m) => m.name_en)).toEqual(['Medium', 'Oat milk', 'Extra shot', 'Extra shot', 'Decaf']);
    const lineId = cart.lines[0]!.line_id;
    const error = await refusal(till.updateItem({ line_id: lineId, modifier_ids: [ids['Oat milk']!] }));
    expect(error.code).toBe('option_choice');
    expect((await till.cart()).lines[0]!.modifiers.map((m) => m.name_en)).toEqual(['Medium', 'Oat milk', 'Extra shot', 'Extra shot', 'Decaf']);
    await till.voidCart({});
  });

  it("a tab's round is held to the same rules", async () => {
    const tab = await till.tabs.openTab({ label: 'Groups', table_id: null, guests: null });
    const error = await refusal(
      till.tabs.addRound({ tab_id: tab.id, version: tab.version, lines: [{ product_id: cappuccinoId, quantity: 1, modifier_ids: [], notes: null }] }),
    );
    expect(error.code).toBe('option_choice');
  });
});
