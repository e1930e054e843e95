import type { Barcode, Category, Me, ProductIngredient } from '../src-shared/catalog/index.ts';
import { DAY_MS, DEFAULT_SEED, DEMO_ASSETS, DEMO_EPOCH } from './demo-constants.ts';
import { demoCustomers } from './demo-customers.ts';
import { demoIngredients, modifierIngredient, recipeFor } from './demo-ingredients.ts';
import { DEMO_MENU } from './demo-menu.ts';
import type { MenuCategory } from './demo-menu.ts';
import { DEMO_GROUPS, MODIFIER_TEMPLATES } from './demo-modifiers.ts';
import type { DemoGroupKey, ModifierKey, ModifierTemplate } from './demo-modifiers.ts';
import { demoConfigs, demoPaymentMethods } from './demo-payment-methods.ts';
import { demoKitchens, demoPrinters } from './demo-printers.ts';
import { demoTables } from './demo-tables.ts';
import { demoDiscounts } from './demo-discounts.ts';
import { ean13, GS1_PREFIX } from './ean13.ts';
import { createUuidFactory } from './ids.ts';
import { fromCents, toCents } from './money.ts';
import { createPrng, deriveSeed } from '../src-shared/random/index.ts';
import type { Prng } from '../src-shared/random/index.ts';
import type { ServedModifier, ServedPrice, ServedProduct, Tenant } from './tenant.ts';

/** The delivery app whose prices a category carries, and its markup in percent. */
const DELIVERY_APP: Record<MenuCategory['kind'], { key: string; markup: number }> = {
  drink: { key: 'HUNGERSTATION', markup: 15 },
  food: { key: 'JAHEZ', markup: 20 },
  retail: { key: 'HUNGERSTATION', markup: 15 },
};

/** Marked up and rounded up to the next half riyal, as delivery menus usually are. */
export function markedUp(price: string, percent: number): string {
  const cents = toCents(price) ?? 0;
  return fromCents(Math.ceil((cents * (100 + percent)) / 100 / 50) * 50);
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export function demoCategories(): Category[] {
  return DEMO_MENU.map((c) => ({
    id: c.id,
    icon: c.icon,
    name_en: c.en,
    name_ar: c.ar,
    deleted_at: null,
    sectors: [{ id: c.id, sector_id: 1, category_id: c.id }],
  }));
}

const GROUP_ORDER: readonly (DemoGroupKey | undefined)[] = [...(Object.keys(DEMO_GROUPS) as DemoGroupKey[]), undefined];

/** A product's options, each group's together in the groups' order (size, milk, extras), then the add-ons in no group. */
export function modifiersFor(keys: readonly ModifierKey[], productId: string, newId: () => string): ServedModifier[] {
  const templates: ModifierTemplate[] = keys.map((key) => MODIFIER_TEMPLATES[key]);
  const ordered = GROUP_ORDER.flatMap((group) => templates.filter((template) => template.group === group));
  return ordered.map((template) => {
    const modifier: ServedModifier = { id: newId(), product_id: productId, name_en: template.en, name_ar: template.ar, price: template.price };
    if (template.group) {
      const group = DEMO_GROUPS[template.group];
      modifier.group = { id: group.id, name_en: group.en, name_ar: group.ar, min: group.min, max: group.max };
    }
    return modifier;
  });
}

/**
 * A product's prices: cash at the menu price, its delivery app marked up,
 * and the category's order-type adjustment (drinks 1.00 off for takeaway,
 * food 10 % more for delivery).
 */
function pricesFor(product: ServedProduct, price: string, kind: MenuCategory['kind'], newId: () => string): ServedPrice[] {
  const app = DELIVERY_APP[kind];
  const base = { product_id: product.id, modifier_id: null };
  const prices: ServedPrice[] = [
    { id: newId(), ...base, priceable_type: 'PAYMENT_METHOD', priceable_id: 'CASH', value: price, value_type: 'NOMINAL' },
    { id: newId(), ...base, priceable_type: 'PAYMENT_METHOD', priceable_id: app.key, value: markedUp(price, app.markup), value_type: 'NOMINAL' },
  ];
  if (kind === 'drink') {
    prices.push({ id: newId(), ...base, priceable_type: 'ORDER_TYPE', priceable_id: 'TAKEAWAY', value: '-1.00', value_type: 'NOMINAL' });
  } else if (kind === 'food') {
    prices.push({ id: newId(), ...base, priceable_type: 'ORDER_TYPE', priceable_id: 'DELIVERY', value: '10.00', value_type: 'PERCENT' });
  }
  // A larger drink costs more on the delivery app too: a price of the size option itself.
  for (const size of product.modifiers.filter((m) => m.group?.id === DEMO_GROUPS.size.id && m.price !== '0.00')) {
    prices.push({
      id: newId(),
      product_id: product.id,
      modifier_id: size.id,
      priceable_type: 'PAYMENT_METHOD',
      priceable_id: app.key,
      value: markedUp(size.price, app.markup),
      value_type: 'NOMINAL',
    });
  }
  return prices;
}

function ratingAvg(prng: Prng): string {
  return fromCents(prng.int(350, 500));
}

/**
 * The demo tenant: a Riyadh cafe with the hand-written bilingual menu of
 * `demo-menu.ts`, its payment methods, printers and a few customers. Ids are
 * drawn from `seed`, so the same seed gives the same tenant.
 */
export function createDemoTenant(seed: number = DEFAULT_SEED): Tenant {
  const prng = createPrng(deriveSeed(seed, 'demo-tenant'));
  const newId = createUuidFactory(prng);
  const marketId = newId();
  const branchId = newId();
  const me: Me = {
    user: { id: newId(), name: 'Noura Al-Shehri', role: 'SUBSCRIBER' },
    market: { id: marketId, name_en: 'Qahwa House', name_ar: 'بيت القهوة', vat_number: '310123456700003' },
    branch: { id: branchId, name_en: 'Olaya branch', name_ar: 'فرع العليا', vat_rate: '15.00', prices_include_tax: true },
  };

  const { ingredients, idOf } = demoIngredients(newId);

  const products: ServedProduct[] = [];
  const barcodes: Barcode[] = [];
  const productIngredients: ProductIngredient[] = [];
  let order = 0;
  for (const category of DEMO_MENU) {
    for (const [en, ar, descEn, descAr, price, options = {}] of category.items) {
      order++;
      const id = newId();
      const created = DEMO_EPOCH + order * 60_000;
      const soldAmount = options.inactive ? 0 : prng.int(20, 2400);
      const product: ServedProduct = {
        id,
        market_id: marketId,
        // Packaged goods are stocked per branch; prepared items are sold market-wide.
        branch_id: options.packaged ? branchId : null,
        category_id: category.id,
        name_en: en,
        name_ar: ar,
        description_en: descEn,
        description_ar: descAr,
        duration: category.minutes,
        stock: options.packaged ? prng.int(12, 240) : null,
        order,
        images: options.packaged ? null : [`${DEMO_ASSETS}/menu/${slug(en)}.jpg`],
        is_active: !options.inactive,
        created_at: created,
        updated_at: created + prng.int(0, 90) * DAY_MS,
        deleted_at: null,
        rating_amount: options.inactive ? 0 : prng.int(5, 480),
        rating_avg: options.inactive ? '0.00' : ratingAvg(prng),
        sold_amount: soldAmount,
        sold_revenue: (soldAmount * (toCents(price) ?? 0)) / 100,
        accounting_id: options.inactive ? null : `ACC-${1000 + order}`,
        modifiers: [],
        prices: [],
      };
      product.modifiers = modifiersFor(options.mods ?? category.mods, id, newId);
      product.prices = pricesFor(product, price, category.kind, newId);
      products.push(product);
      if (options.packaged) {
        barcodes.push({ id: newId(), barcode: ean13(`${GS1_PREFIX}${String(100_000_000 + order * 7919).slice(-9)}`), product_id: id, modifier_id: null });
      }
      for (const [key, quantity] of recipeFor(category.id, en)) {
        productIngredients.push({ id: newId(), product_id: id, modifier_id: null, ingredient_id: idOf(key), quantity });
      }
      // Milk swaps and extra shots are stocked as ingredients of the modifier.
      for (const modifier of product.modifiers) {
        const use = modifierIngredient(modifier.name_en);
        if (use) productIngredients.push({ id: newId(), product_id: id, modifier_id: modifier.id, ingredient_id: idOf(use[0]), quantity: use[1] });
      }
    }
  }

  const paymentMethods = demoPaymentMethods();
  const printers = demoPrinters(branchId, newId);
  const kitchens = demoKitchens(branchId, printers, newId);
  const customers = demoCustomers(marketId, newId);
  const tables = demoTables(branchId, newId);
  const croissant = products.find((p) => p.name_en === 'Butter croissant') ?? products[0]!;
  return {
    me,
    categories: demoCategories(),
    products,
    barcodes,
    paymentMethods,
    paymentMethodConfigs: demoConfigs(paymentMethods, newId),
    printers,
    kitchens,
    customers,
    tables,
    discounts: demoDiscounts(marketId, branchId, { croissant: croissant.id }, newId),
    ingredients,
    productIngredients,
  };
}
