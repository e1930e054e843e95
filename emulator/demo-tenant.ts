import type {
  Barcode,
  Category,
  Ingredient,
  Kitchen,
  Me,
  Modifier,
  PaymentMethod,
  PaymentMethodConfig,
  Price,
  PrinterSettings,
  Product,
  ProductIngredient,
} from '../src-shared/catalog/index.ts';
import { MODIFIER_TEMPLATES } from './demo-modifiers.ts';
import type { ModifierKey } from './demo-modifiers.ts';
import { DEMO_MENU } from './demo-menu.ts';
import type { MenuCategory } from './demo-menu.ts';
import { ean13, GS1_PREFIX } from './ean13.ts';
import { createUuidFactory } from './ids.ts';
import { fromCents, toCents } from './money.ts';
import { createPrng, deriveSeed } from './prng.ts';
import type { Prng } from './prng.ts';
import type { Tenant, TenantCustomer, TenantPrinter } from './tenant.ts';

/** When the demo cafe's records were made: fixed, so a seed gives the same tenant on every run. */
export const DEMO_EPOCH = Date.UTC(2025, 0, 5, 6, 0, 0);
export const DEFAULT_SEED = 1;

const DAY = 86_400_000;
const ASSETS = 'https://assets.till.example';

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
  return text.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
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

export function modifiersFor(keys: readonly ModifierKey[], productId: string, newId: () => string): Modifier[] {
  return keys.map((key) => {
    const template = MODIFIER_TEMPLATES[key];
    return { id: newId(), product_id: productId, name_en: template.en, name_ar: template.ar, price: template.price };
  });
}

/**
 * A product's prices: cash at the menu price, its delivery app marked up,
 * and the category's order-type adjustment (drinks 1.00 off for takeaway,
 * food 10 % more for delivery).
 */
function pricesFor(product: Product, price: string, kind: MenuCategory['kind'], newId: () => string): Price[] {
  const app = DELIVERY_APP[kind];
  const base = { product_id: product.id, modifier_id: null };
  const prices: Price[] = [
    { id: newId(), ...base, priceable_type: 'PAYMENT_METHOD', priceable_id: 'CASH', value: price, value_type: 'NOMINAL' },
    { id: newId(), ...base, priceable_type: 'PAYMENT_METHOD', priceable_id: app.key, value: markedUp(price, app.markup), value_type: 'NOMINAL' },
  ];
  if (kind === 'drink') {
    prices.push({ id: newId(), ...base, priceable_type: 'ORDER_TYPE', priceable_id: 'TAKEAWAY', value: '-1.00', value_type: 'NOMINAL' });
  } else if (kind === 'food') {
    prices.push({ id: newId(), ...base, priceable_type: 'ORDER_TYPE', priceable_id: 'DELIVERY', value: '10.00', value_type: 'PERCENT' });
  }
  // A large drink costs more on the delivery app too: a price of the modifier itself.
  const large = product.modifiers.find((m) => m.name_en === 'Large size');
  if (large) {
    prices.push({
      id: newId(),
      product_id: product.id,
      modifier_id: large.id,
      priceable_type: 'PAYMENT_METHOD',
      priceable_id: app.key,
      value: markedUp(large.price, app.markup),
      value_type: 'NOMINAL',
    });
  }
  return prices;
}

function ratingAvg(prng: Prng): string {
  return fromCents(prng.int(350, 500));
}

export function demoPaymentMethods(): PaymentMethod[] {
  const logo = (key: string) => `${ASSETS}/payment-methods/${key.toLowerCase()}.png`;
  return [
    { key: 'CASH', name: 'Cash', is_online: false, logo_img: null },
    { key: 'MADA', name: 'mada', is_online: false, logo_img: logo('MADA') },
    { key: 'VISA', name: 'Visa', is_online: false, logo_img: logo('VISA') },
    { key: 'MASTERCARD', name: 'Mastercard', is_online: false, logo_img: logo('MASTERCARD') },
    { key: 'APPLE_PAY', name: 'Apple Pay', is_online: false, logo_img: logo('APPLE_PAY') },
    { key: 'PAY_LATER', name: 'Pay later', is_online: false, logo_img: null },
    { key: 'HUNGERSTATION', name: 'HungerStation', is_online: false, logo_img: logo('HUNGERSTATION') },
    { key: 'JAHEZ', name: 'Jahez', is_online: false, logo_img: logo('JAHEZ') },
    { key: 'MOYASAR_ONLINE', name: 'Moyasar online payment', is_online: true, logo_img: logo('MOYASAR_ONLINE') },
  ];
}

/** One market-wide config per method, plus product-level pricing for the delivery apps. */
function demoConfigs(methods: PaymentMethod[], newId: () => string): PaymentMethodConfig[] {
  const configs: PaymentMethodConfig[] = methods.map((m, index) => ({
    id: newId(),
    payment_method_key: m.key,
    target: 'MARKET',
    method: 'FIXED',
    scope: 'ALL',
    sort: index + 1,
  }));
  for (const key of ['HUNGERSTATION', 'JAHEZ']) {
    configs.push({ id: newId(), payment_method_key: key, target: 'PRODUCT', method: null, scope: null, sort: configs.length + 1 });
  }
  return configs;
}

function settings(on: readonly (keyof PrinterSettings)[]): PrinterSettings {
  const all: PrinterSettings = {
    MULTILINGUAL: false,
    PRODUCT_SHOW: false,
    DRAWER_OPEN: false,
    PRINT_POSTPAID: false,
    PRINT_IMAGE: false,
    PRINT_AUTO: false,
    APP_TO_APP: false,
    HAS_SPACE: false,
    RASTER: false,
    PDF: false,
  };
  for (const flag of on) all[flag] = true;
  return all;
}

function demoPrinters(branchId: string, newId: () => string): TenantPrinter[] {
  return [
    { id: newId(), name: 'Cashier', branch_id: branchId, settings: settings(['DRAWER_OPEN', 'PRINT_AUTO', 'MULTILINGUAL', 'PRODUCT_SHOW']) },
    { id: newId(), name: 'Bar', branch_id: branchId, settings: settings(['PRINT_AUTO', 'PRODUCT_SHOW', 'HAS_SPACE']) },
    { id: newId(), name: 'Kitchen', branch_id: branchId, settings: settings(['PRINT_AUTO', 'PRODUCT_SHOW', 'MULTILINGUAL', 'RASTER']) },
  ];
}

/** Drinks go to the bar, prepared food to the kitchen; packaged goods need no ticket. */
function demoKitchens(branchId: string, printers: TenantPrinter[], newId: () => string): Kitchen[] {
  const stations = [
    { printer: 'Bar', en: 'Bar', ar: 'البار', kinds: ['drink'] },
    { printer: 'Kitchen', en: 'Kitchen', ar: 'المطبخ', kinds: ['food'] },
  ];
  return stations.map((station) => {
    const id = newId();
    const printer = printers.find((p) => p.name === station.printer)!;
    return {
      id,
      branch_id: branchId,
      name_en: station.en,
      name_ar: station.ar,
      printers: [{ id: newId(), printer_id: printer.id, kitchen_id: id }],
      categories: DEMO_MENU.filter((c) => station.kinds.includes(c.kind)).map((c) => ({ id: newId(), kitchen_id: id, category_id: c.id })),
    };
  });
}

/** A tiny SVG avatar with the customer's initial, as a data URI (the spec allows a data URI or a URL). */
function avatar(initial: string, colour: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="${colour}"/><text x="32" y="42" font-size="28" text-anchor="middle" fill="#fff">${initial}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

function demoCustomers(marketId: string, newId: () => string): TenantCustomer[] {
  const people = [
    { name: 'Abdullah Al-Qahtani', username: 'abdullah.q', email: 'abdullah.alqahtani@mail.example', phone: '501234567', lang: 'ar', points: 120, colour: '#0f766e' },
    { name: 'سارة العتيبي', username: null, email: 'sara.alotaibi@mail.example', phone: '552345678', lang: 'ar', points: 45, colour: '#9333ea' },
    { name: 'Mohammed Al-Harbi', username: 'moharbi', email: 'mohammed.alharbi@mail.example', phone: '563456789', lang: 'en', points: 0, colour: '#b45309' },
    { name: 'Lina Haddad', username: 'lina.h', email: 'lina.haddad@mail.example', phone: '544567890', lang: 'en', points: 310, colour: '#be123c' },
  ];
  return people.map((p, index) => {
    const created = DEMO_EPOCH + (index + 1) * 3 * DAY;
    const userableId = newId();
    return {
      id: newId(),
      userable_id: userableId,
      role: 'USER_CUSTOMER',
      name: p.name,
      username: p.username,
      email: p.email,
      phone_prefix: '966',
      phone: p.phone,
      lang: p.lang,
      fcm_token: null,
      is_active: true,
      email_verified_at: index % 2 === 0 ? created + DAY : null,
      phone_verified_at: created,
      created_at: created,
      updated_at: created + 7 * DAY,
      deleted_at: null,
      profile_img: avatar(p.name.charAt(0), p.colour),
      userable: { id: userableId, market_id: marketId, points: p.points },
    };
  });
}

/** Stock ingredients with their cost per unit (g or ml, or piece). */
const INGREDIENTS = [
  ['espresso', 'Espresso beans (g)', '0.12'],
  ['milk', 'Whole milk (ml)', '0.01'],
  ['oat', 'Oat milk (ml)', '0.03'],
  ['almond', 'Almond milk (ml)', '0.03'],
  ['condensed', 'Condensed milk (ml)', '0.02'],
  ['caramel', 'Caramel sauce (ml)', '0.04'],
  ['chocolate', 'Dark chocolate (g)', '0.09'],
  ['tea', 'Black tea leaves (g)', '0.15'],
  ['orange', 'Fresh oranges (piece)', '0.75'],
  ['flour', 'Flour (g)', '0.01'],
  ['butter', 'Butter (g)', '0.05'],
  ['egg', 'Eggs (piece)', '0.60'],
  ['halloumi', 'Halloumi (g)', '0.08'],
  ['avocado', 'Avocado (piece)', '3.50'],
  ['bread', 'Sourdough bread (slice)', '0.90'],
] as const;

type IngredientKey = (typeof INGREDIENTS)[number][0];

/** What each kind of item is made of, by the first word of its category. */
function recipeFor(categoryId: number, name: string): [IngredientKey, string][] {
  const milky = !/Espresso|Americano|Saudi|Turkish|V60|Cold brew|Affogato/.test(name);
  switch (categoryId) {
    case 1:
    case 2:
      if (/Chocolate/.test(name)) return [['chocolate', '30.00'], ['milk', '220.00']];
      if (/Matcha|Hibiscus|lemon/i.test(name)) return [];
      return milky ? [['espresso', '18.00'], ['milk', '180.00']] : [['espresso', '18.00']];
    case 3:
      return /Matcha|Chamomile|Hibiscus|Ginger|Green/.test(name) ? [] : [['tea', '4.00']];
    case 4:
      return /orange/i.test(name) ? [['orange', '3.00']] : [];
    case 5:
      return [['flour', '60.00'], ['butter', '25.00']];
    case 8:
      return /Shakshuka|Benedict|Omelette|platter/.test(name) ? [['egg', '2.00'], ['bread', '2.00']] : [];
    default:
      return [];
  }
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

  const ingredients: Ingredient[] = INGREDIENTS.map(([, name, cost]) => ({ id: newId(), name, cost }));
  const ingredientId = new Map(INGREDIENTS.map(([key], index) => [key as IngredientKey, ingredients[index]!.id]));

  const products: Product[] = [];
  const barcodes: Barcode[] = [];
  const productIngredients: ProductIngredient[] = [];
  let order = 0;
  for (const category of DEMO_MENU) {
    for (const [en, ar, descEn, descAr, price, options = {}] of category.items) {
      order++;
      const id = newId();
      const created = DEMO_EPOCH + order * 60_000;
      const soldAmount = options.inactive ? 0 : prng.int(20, 2400);
      const product: Product = {
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
        images: options.packaged ? null : [`${ASSETS}/menu/${slug(en)}.jpg`],
        is_active: !options.inactive,
        created_at: created,
        updated_at: created + prng.int(0, 90) * DAY,
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
        productIngredients.push({ id: newId(), product_id: id, modifier_id: null, ingredient_id: ingredientId.get(key)!, quantity });
      }
      // Milk swaps are stocked as ingredients of the modifier.
      for (const modifier of product.modifiers) {
        const key: IngredientKey | null = modifier.name_en === 'Oat milk' ? 'oat' : modifier.name_en === 'Almond milk' ? 'almond' : modifier.name_en === 'Extra shot' ? 'espresso' : null;
        if (key) {
          productIngredients.push({ id: newId(), product_id: id, modifier_id: modifier.id, ingredient_id: ingredientId.get(key)!, quantity: key === 'espresso' ? '9.00' : '180.00' });
        }
      }
    }
  }

  const paymentMethods = demoPaymentMethods();
  const printers = demoPrinters(branchId, newId);
  return {
    me,
    categories: demoCategories(),
    products,
    barcodes,
    paymentMethods,
    paymentMethodConfigs: demoConfigs(paymentMethods, newId),
    printers,
    kitchens: demoKitchens(branchId, printers, newId),
    customers: demoCustomers(marketId, newId),
    ingredients,
    productIngredients,
  };
}
