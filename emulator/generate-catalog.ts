import type { Barcode } from '../src-shared/catalog/index.ts';
import { MODIFIER_TEMPLATES } from './demo-modifiers.ts';
import type { ModifierKey, ModifierTemplate } from './demo-modifiers.ts';
import { DEMO_MENU } from './demo-menu.ts';
import { DEFAULT_SEED, DEMO_EPOCH } from './demo-constants.ts';
import { createDemoTenant, markedUp } from './demo-tenant.ts';
import { ean13, GS1_PREFIX } from './ean13.ts';
import { createUuidFactory } from './ids.ts';
import { fromCents, toCents } from './money.ts';
import { createPrng, deriveSeed } from '../src-shared/random/index.ts';
import type { ServedModifier, ServedPrice, ServedProduct, Tenant } from './tenant.ts';

/** Words combined with the demo menu's item names; Arabic adjectives follow the noun. */
const STYLES: readonly (readonly [string, string])[] = [
  ['Classic', 'كلاسيك'],
  ['Golden', 'ذهبي'],
  ['Royal', 'ملكي'],
  ['Velvet', 'مخملي'],
  ['Smoky', 'مدخن'],
  ['Honeyed', 'بالعسل'],
  ['Spiced', 'بالبهارات'],
  ['Saffron', 'بالزعفران'],
  ['Cardamom', 'بالهيل'],
  ['Rose', 'بالورد'],
  ['Pistachio', 'بالفستق'],
  ['Date', 'بالتمر'],
  ['Vanilla', 'بالفانيليا'],
  ['Hazelnut', 'بالبندق'],
  ['Coconut', 'بجوز الهند'],
  ['Mint', 'بالنعناع'],
  ['Lemon', 'بالليمون'],
  ['Sesame', 'بالسمسم'],
  ['Double', 'مزدوج'],
  ['Signature', 'مميز'],
];

const ORIGINS: readonly (readonly [string, string])[] = [
  ['Riyadh', 'الرياض'],
  ['Jeddah', 'جدة'],
  ['Dammam', 'الدمام'],
  ['Abha', 'أبها'],
  ['Taif', 'الطائف'],
  ['Medina', 'المدينة'],
  ['Makkah', 'مكة'],
  ['Khobar', 'الخبر'],
  ['Tabuk', 'تبوك'],
  ['Hail', 'حائل'],
  ['Jazan', 'جازان'],
  ['Najran', 'نجران'],
  ['Qassim', 'القصيم'],
  ['AlUla', 'العلا'],
  ['Yanbu', 'ينبع'],
  ['Al Ahsa', 'الأحساء'],
  ['Baha', 'الباحة'],
  ['Jubail', 'الجبيل'],
  ['Khamis', 'خميس مشيط'],
  ['Diriyah', 'الدرعية'],
];

const FALLBACK_MODIFIERS: readonly ModifierKey[] = ['chilled', 'giftWrap'];

interface Base {
  categoryId: number;
  en: string;
  ar: string;
  descEn: string;
  descAr: string;
  cents: number;
  duration: number | null;
  packaged: boolean;
  deliveryApp: string;
  markup: number;
  modifiers: readonly ModifierTemplate[];
}

/** Each category's items with what a generated variant inherits, worked out once. */
function bases(): Base[][] {
  return DEMO_MENU.map((category) =>
    category.items.map(([en, ar, descEn, descAr, price, options = {}]) => {
      const keys = [...new Set([...(options.mods ?? []), ...category.mods, ...FALLBACK_MODIFIERS])].slice(0, 2);
      return {
        categoryId: category.id,
        en,
        ar,
        descEn,
        descAr,
        cents: toCents(price) ?? 0,
        duration: category.minutes,
        packaged: options.packaged ?? false,
        deliveryApp: category.kind === 'food' ? 'JAHEZ' : 'HUNGERSTATION',
        markup: category.kind === 'food' ? 20 : 15,
        modifiers: keys.map((key) => MODIFIER_TEMPLATES[key]),
      };
    }),
  );
}

/** Money strings repeat a lot in a generated catalog: share one string per amount. */
function moneyCache(): (cents: number) => string {
  const cache = new Map<number, string>();
  return (cents) => {
    let text = cache.get(cents);
    if (text === undefined) cache.set(cents, (text = fromCents(cents)));
    return text;
  };
}

export interface GenerateCatalogOptions {
  products: number;
  seed?: number;
}

/**
 * A large synthetic catalog in the demo tenant's categories: each product
 * is a demo item with a style and an origin ("Golden Cortado (Jeddah)" /
 * "كورتادو ذهبي (جدة)"), so a prefix search finds many; each has two
 * modifiers, a CASH and a delivery-app price and a barcode. Strings that do
 * not vary (descriptions) are shared, and nothing is kept per version.
 */
export function generateCatalog(options: GenerateCatalogOptions): Tenant {
  const seed = options.seed ?? DEFAULT_SEED;
  const tenant = createDemoTenant(seed);
  const marketId = tenant.me.market.id;
  const branchId = tenant.me.branch?.id ?? null;
  const newId = createUuidFactory(createPrng(deriveSeed(seed, 'generated-catalog')));
  const byCategory = bases();
  const money = moneyCache();
  const markups = new Map<string, string>();
  const products: ServedProduct[] = [];
  const barcodes: Barcode[] = [];

  for (let i = 0; i < options.products; i++) {
    const items = byCategory[i % byCategory.length]!;
    const q = Math.floor(i / byCategory.length);
    const base = items[q % items.length]!;
    const variant = Math.floor(q / items.length);
    const style = STYLES[variant % STYLES.length]!;
    const origin = ORIGINS[Math.floor(variant / STYLES.length) % ORIGINS.length]!;
    const round = Math.floor(variant / (STYLES.length * ORIGINS.length));
    const suffix = round === 0 ? '' : ` ${round + 1}`;
    const id = newId();
    const cents = base.cents + (variant % 5) * 100;
    const price = money(cents);
    const markupKey = `${price}+${base.markup}`;
    let deliveryPrice = markups.get(markupKey);
    if (deliveryPrice === undefined) markups.set(markupKey, (deliveryPrice = markedUp(price, base.markup)));
    const modifiers: ServedModifier[] = base.modifiers.map((m) => ({
      id: newId(),
      product_id: id,
      name_en: m.en,
      name_ar: m.ar,
      price: m.price,
    }));
    const prices: ServedPrice[] = [
      { id: newId(), product_id: id, modifier_id: null, priceable_type: 'PAYMENT_METHOD', priceable_id: 'CASH', value: price, value_type: 'NOMINAL' },
      {
        id: newId(),
        product_id: id,
        modifier_id: null,
        priceable_type: 'PAYMENT_METHOD',
        priceable_id: base.deliveryApp,
        value: deliveryPrice,
        value_type: 'NOMINAL',
      },
    ];
    const created = DEMO_EPOCH + i * 1000;
    products.push({
      id,
      market_id: marketId,
      branch_id: base.packaged ? branchId : null,
      category_id: base.categoryId,
      // Joined, not concatenated: one flat string each rather than a rope of pieces.
      name_en: [style[0], ' ', base.en, ' (', origin[0], ')', suffix].join(''),
      name_ar: [base.ar, ' ', style[1], ' (', origin[1], ')', suffix].join(''),
      description_en: base.descEn,
      description_ar: base.descAr,
      duration: base.duration,
      stock: base.packaged ? 20 + (i % 200) : null,
      order: i + 1,
      images: null,
      is_active: i % 97 !== 96,
      created_at: created,
      updated_at: created,
      deleted_at: null,
      rating_amount: i % 500,
      rating_avg: money(350 + (i % 151)),
      sold_amount: i % 3000,
      sold_revenue: ((i % 3000) * cents) / 100,
      accounting_id: null,
      modifiers,
      prices,
    });
    barcodes.push({
      id: newId(),
      barcode: ean13(GS1_PREFIX + String(i).padStart(9, '0')),
      product_id: id,
      modifier_id: null,
    });
  }
  return { ...tenant, products, barcodes, productIngredients: [] };
}
