/**
 * Modifier templates of the demo cafe, keyed so menu items can name them.
 * Prices are what the option adds to the line, in SAR.
 */
export interface ModifierTemplate {
  en: string;
  ar: string;
  price: string;
}

export const MODIFIER_TEMPLATES = {
  extraShot: { en: 'Extra shot', ar: 'شوت إسبريسو إضافي', price: '3.00' },
  oatMilk: { en: 'Oat milk', ar: 'حليب الشوفان', price: '4.00' },
  almondMilk: { en: 'Almond milk', ar: 'حليب اللوز', price: '4.00' },
  largeCoffee: { en: 'Large size', ar: 'حجم كبير', price: '3.00' },
  sugarFreeVanilla: { en: 'Sugar-free vanilla syrup', ar: 'شراب فانيليا خالٍ من السكر', price: '2.00' },
  sugarFreeCaramel: { en: 'Sugar-free caramel syrup', ar: 'شراب كراميل خالٍ من السكر', price: '2.00' },
  decaf: { en: 'Decaf', ar: 'منزوع الكافيين', price: '0.00' },
  lessIce: { en: 'Less ice', ar: 'ثلج أقل', price: '0.00' },
  largeTea: { en: 'Large size', ar: 'حجم كبير', price: '2.00' },
  honey: { en: 'Add honey', ar: 'إضافة عسل', price: '2.00' },
  extraMint: { en: 'Extra mint', ar: 'نعناع إضافي', price: '1.00' },
  largeJuice: { en: 'Large size', ar: 'حجم كبير', price: '4.00' },
  noSugar: { en: 'No added sugar', ar: 'بدون سكر مضاف', price: '0.00' },
  extraGinger: { en: 'Extra ginger', ar: 'زنجبيل إضافي', price: '1.00' },
  proteinScoop: { en: 'Protein scoop', ar: 'مغرفة بروتين', price: '6.00' },
  warmedUp: { en: 'Warmed up', ar: 'تسخين', price: '0.00' },
  butterJam: { en: 'Butter and jam on the side', ar: 'زبدة ومربى جانباً', price: '3.00' },
  extraCheese: { en: 'Extra cheese', ar: 'جبن إضافي', price: '3.00' },
  avocado: { en: 'Add avocado', ar: 'إضافة أفوكادو', price: '5.00' },
  glutenFree: { en: 'Gluten-free bread', ar: 'خبز خالٍ من الغلوتين', price: '4.00' },
  sideFries: { en: 'Side of fries', ar: 'بطاطس مقلية جانبية', price: '7.00' },
  iceCream: { en: 'Scoop of vanilla ice cream', ar: 'كرة آيس كريم فانيليا', price: '5.00' },
  whippedCream: { en: 'Whipped cream', ar: 'كريمة مخفوقة', price: '2.00' },
  extraEgg: { en: 'Extra egg', ar: 'بيضة إضافية', price: '3.00' },
  halloumi: { en: 'Add halloumi', ar: 'إضافة حلومي', price: '5.00' },
  grilledChicken: { en: 'Add grilled chicken', ar: 'إضافة دجاج مشوي', price: '9.00' },
  dressingSide: { en: 'Dressing on the side', ar: 'الصلصة جانباً', price: '0.00' },
  giftWrap: { en: 'Gift wrap', ar: 'تغليف هدية', price: '5.00' },
  chilled: { en: 'Chilled', ar: 'مبرد', price: '0.00' },
} as const satisfies Record<string, ModifierTemplate>;

export type ModifierKey = keyof typeof MODIFIER_TEMPLATES;
