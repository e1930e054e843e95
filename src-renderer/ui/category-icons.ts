/**
 * Which of the till's own category icons a category gets, read from its
 * name (English or Arabic) and the emoji the service sent, as keywords only:
 * the service's text is never drawn as markup, and an emoji is never drawn
 * at all (Debian's Chromium draws the COLRv1 emoji font blank). A category
 * that matches nothing gets the neutral icon.
 */
export const CATEGORY_ICON_KEYS = [
  'coffee',
  'iced',
  'tea',
  'juice',
  'bakery',
  'sandwich',
  'dessert',
  'breakfast',
  'salad',
  'soup',
  'pizza',
  'burger',
  'meat',
  'fish',
  'water',
  'packaged',
  'other',
] as const;

export type CategoryIconKey = (typeof CATEGORY_ICON_KEYS)[number];

/**
 * Keywords by icon, first match wins (so "Ice cream" is a dessert, "Iced coffee" iced before it is coffee, "Salads &
 * soups" a salad). A keyword matches the start of a word ("sandwich" in "Sandwiches"; Arabic with or without its
 * "ال"); an emoji matches anywhere.
 */
const KEYWORDS: readonly [CategoryIconKey, readonly string[]][] = [
  ['dessert', ['ice cream', 'gelato', 'آيس كريم', 'ايس كريم', 'بوظة', '🍨', '🍦']],
  ['iced', ['iced', 'cold', 'frapp', 'frapp', 'بارد', 'مثلج', 'آيس', '🧊', '🥶']],
  ['juice', ['juice', 'smoothie', 'lemonade', 'soft drink', 'soda', 'عصير', 'عصائر', 'سموذي', 'ليمون', '🥤', '🧃', '🍹', '🍊', '🍋']],
  ['tea', ['tea', 'chai', 'matcha', 'infusion', 'شاي', 'ماتشا', 'أعشاب', '🍵', '🫖']],
  ['coffee', ['coffee', 'espresso', 'latte', 'قهوة', 'اسبريسو', 'إسبريسو', 'لاتيه', '☕']],
  ['breakfast', ['breakfast', 'egg', 'brunch', 'فطور', 'إفطار', 'بيض', '🍳', '🥚']],
  ['bakery', ['bakery', 'bread', 'pastr', 'croissant', 'viennoiserie', 'مخبوزات', 'معجنات', 'خبز', 'كرواسون', '🥐', '🥖', '🍞']],
  ['sandwich', ['sandwich', 'wrap', 'panini', 'toast', 'ساندويتش', 'سندويتش', 'ساندويتشات', 'شطائر', 'لفائف', '🥪', '🌯']],
  ['dessert', ['dessert', 'cake', 'sweet', 'cookie', 'pastry', 'ice cream', 'حلويات', 'حلى', 'كيك', 'كعك', '🍰', '🎂', '🍪', '🍩', '🍨', '🧁']],
  ['salad', ['salad', 'سلطة', 'سلطات', '🥗']],
  ['soup', ['soup', 'شوربة', 'شوربات', '🍲']],
  ['pizza', ['pizza', 'بيتزا', '🍕']],
  ['burger', ['burger', 'برجر', 'برغر', '🍔']],
  ['meat', ['grill', 'meat', 'chicken', 'kebab', 'shawarma', 'مشاوي', 'لحم', 'لحوم', 'دجاج', 'شاورما', '🍗', '🥩', '🍖']],
  ['fish', ['fish', 'seafood', 'سمك', 'أسماك', 'مأكولات بحرية', '🐟', '🦐']],
  ['water', ['water', 'drink', 'beverage', 'ماء', 'مياه', 'مشروبات', '💧']],
  ['packaged', ['packaged', 'retail', 'grocery', 'merch', 'beans', 'منتجات معبأة', 'معبأ', 'بقالة', '📦', '🛍']],
];

/** The icon for a category, from its names and its service emoji; `other` when none says what it is. */
export function categoryIconKey(category: { icon?: string | null; name_en?: string | null; name_ar?: string | null } | null | undefined): CategoryIconKey {
  if (!category) return 'other';
  const texts = [category.name_en, category.name_ar, category.icon].filter((text): text is string => typeof text === 'string');
  const raw = texts.join(' ');
  // Words only, each after one space, the Arabic article taken off: " hot coffee قهوة ساخنة".
  const words = texts
    .join(' ')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((word) => (word.startsWith('ال') && word.length > 3 ? word.slice(2) : word));
  const spoken = ` ${words.join(' ')}`;
  const says = (keyword: string) => (/[\p{L}\p{N}]/u.test(keyword) ? spoken.includes(` ${keyword}`) : raw.includes(keyword));
  for (const [key, keywords] of KEYWORDS) if (keywords.some(says)) return key;
  return 'other';
}
