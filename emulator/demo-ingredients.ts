import type { Ingredient } from '../src-shared/catalog/index.ts';

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

export type IngredientKey = (typeof INGREDIENTS)[number][0];

/** What an item of a category is made of, per unit sold. */
export function recipeFor(categoryId: number, name: string): [IngredientKey, string][] {
  const milky = !/Espresso|Americano|Saudi|Turkish|V60|Cold brew|Affogato/.test(name);
  switch (categoryId) {
    case 1:
    case 2:
      if (/Chocolate/.test(name))
        return [
          ['chocolate', '30.00'],
          ['milk', '220.00'],
        ];
      if (/Matcha|Hibiscus|lemon/i.test(name)) return [];
      return milky
        ? [
            ['espresso', '18.00'],
            ['milk', '180.00'],
          ]
        : [['espresso', '18.00']];
    case 3:
      return /Matcha|Chamomile|Hibiscus|Ginger|Green/.test(name) ? [] : [['tea', '4.00']];
    case 4:
      return /orange/i.test(name) ? [['orange', '3.00']] : [];
    case 5:
      return [
        ['flour', '60.00'],
        ['butter', '25.00'],
      ];
    case 8:
      return /Shakshuka|Benedict|Omelette|platter/.test(name)
        ? [
            ['egg', '2.00'],
            ['bread', '2.00'],
          ]
        : [];
    default:
      return [];
  }
}

/** The stock ingredients, and a lookup of their ids by key. */
export function demoIngredients(newId: () => string): { ingredients: Ingredient[]; idOf: (key: IngredientKey) => string } {
  const ingredients: Ingredient[] = INGREDIENTS.map(([, name, cost]) => ({ id: newId(), name, cost }));
  const ids = new Map<IngredientKey, string>(INGREDIENTS.map(([key], index) => [key, ingredients[index]!.id]));
  return { ingredients, idOf: (key) => ids.get(key)! };
}

/** Modifiers that swap or add a stocked ingredient ("Oat milk"), and how much of it. */
export function modifierIngredient(modifierName: string): [IngredientKey, string] | null {
  if (modifierName === 'Oat milk') return ['oat', '180.00'];
  if (modifierName === 'Almond milk') return ['almond', '180.00'];
  if (modifierName === 'Extra shot') return ['espresso', '9.00'];
  return null;
}
