/**
 * Modifier templates of the demo cafe, keyed so menu items can name them.
 * Prices are what the option adds to the line, in SAR. A drink's options
 * come in groups as a café's do (issue 34): its size one of three and
 * required, its milk one of two or none, its extras up to three; food's
 * options are in no group (optional add-ons, as a service without groups
 * sends them).
 */
export interface ModifierTemplate {
  en: string;
  ar: string;
  price: string;
  group?: DemoGroupKey;
}

/** The demo's option groups, in the order a product's options are listed. */
export const DEMO_GROUPS = {
  size: { id: 'grp-size', en: 'Size', ar: 'الحجم', min: 1, max: 1 },
  milk: { id: 'grp-milk', en: 'Milk', ar: 'الحليب', min: 0, max: 1 },
  extras: { id: 'grp-extras', en: 'Extras', ar: 'الإضافات', min: 0, max: 3 },
} as const;

export type DemoGroupKey = keyof typeof DEMO_GROUPS;

/** An option of one of the demo's groups. */
const inGroup =
  <G extends DemoGroupKey>(group: G) =>
  (en: string, ar: string, price: string) =>
    ({ en, ar, price, group }) as const;
const size = inGroup('size');
const milk = inGroup('milk');
const extra = inGroup('extras');

export const MODIFIER_TEMPLATES = {
  extraShot: extra('Extra shot', 'شوت إسبريسو إضافي', '3.00'),
  oatMilk: milk('Oat milk', 'حليب الشوفان', '4.00'),
  almondMilk: milk('Almond milk', 'حليب اللوز', '4.00'),
  smallCoffee: size('Small', 'صغير', '0.00'),
  mediumCoffee: size('Medium', 'وسط', '2.00'),
  largeCoffee: size('Large', 'كبير', '3.00'),
  sugarFreeVanilla: extra('Sugar-free vanilla syrup', 'شراب فانيليا خالٍ من السكر', '2.00'),
  sugarFreeCaramel: extra('Sugar-free caramel syrup', 'شراب كراميل خالٍ من السكر', '2.00'),
  decaf: extra('Decaf', 'منزوع الكافيين', '0.00'),
  lessIce: extra('Less ice', 'ثلج أقل', '0.00'),
  smallTea: size('Small', 'صغير', '0.00'),
  mediumTea: size('Medium', 'وسط', '1.00'),
  largeTea: size('Large', 'كبير', '2.00'),
  honey: extra('Add honey', 'إضافة عسل', '2.00'),
  extraMint: extra('Extra mint', 'نعناع إضافي', '1.00'),
  smallJuice: size('Small', 'صغير', '0.00'),
  mediumJuice: size('Medium', 'وسط', '2.00'),
  largeJuice: size('Large', 'كبير', '4.00'),
  noSugar: extra('No added sugar', 'بدون سكر مضاف', '0.00'),
  extraGinger: extra('Extra ginger', 'زنجبيل إضافي', '1.00'),
  proteinScoop: extra('Protein scoop', 'مغرفة بروتين', '6.00'),
  warmedUp: { en: 'Warmed up', ar: 'تسخين', price: '0.00' },
  butterJam: { en: 'Butter and jam on the side', ar: 'زبدة ومربى جانباً', price: '3.00' },
  extraCheese: { en: 'Extra cheese', ar: 'جبن إضافي', price: '3.00' },
  avocado: { en: 'Add avocado', ar: 'إضافة أفوكادو', price: '5.00' },
  glutenFree: { en: 'Gluten-free bread', ar: 'خبز خالٍ من الغلوتين', price: '4.00' },
  sideFries: { en: 'Side of fries', ar: 'بطاطس مقلية جانبية', price: '7.00' },
  iceCream: { en: 'Scoop of vanilla ice cream', ar: 'كرة آيس كريم فانيليا', price: '5.00' },
  whippedCream: extra('Whipped cream', 'كريمة مخفوقة', '2.00'),
  extraEgg: { en: 'Extra egg', ar: 'بيضة إضافية', price: '3.00' },
  halloumi: { en: 'Add halloumi', ar: 'إضافة حلومي', price: '5.00' },
  grilledChicken: { en: 'Add grilled chicken', ar: 'إضافة دجاج مشوي', price: '9.00' },
  dressingSide: { en: 'Dressing on the side', ar: 'الصلصة جانباً', price: '0.00' },
  giftWrap: { en: 'Gift wrap', ar: 'تغليف هدية', price: '5.00' },
  chilled: { en: 'Chilled', ar: 'مبرد', price: '0.00' },
} as const satisfies Record<string, ModifierTemplate>;

export type ModifierKey = keyof typeof MODIFIER_TEMPLATES;

/** The three sizes a drink of each kind comes in (one group, required): what a menu item names in place of one size. */
export const COFFEE_SIZES = ['smallCoffee', 'mediumCoffee', 'largeCoffee'] as const satisfies readonly ModifierKey[];
export const TEA_SIZES = ['smallTea', 'mediumTea', 'largeTea'] as const satisfies readonly ModifierKey[];
export const JUICE_SIZES = ['smallJuice', 'mediumJuice', 'largeJuice'] as const satisfies readonly ModifierKey[];
