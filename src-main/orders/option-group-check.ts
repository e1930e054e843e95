import { groupBreaches } from '../../src-shared/catalog/index.ts';
import { TillError } from '../../src-shared/errors/index.ts';
import type { SaleProduct } from '../catalog/index.ts';

/**
 * Refuses a line whose options break a rule of the product's option groups
 * (issue 34 item 2): a required group not answered, or more of a group than
 * it allows. The picker keeps Add back until the rules hold; this is the
 * host's own check, since a screen may send anything. Says which group, in
 * the cashier's words (both languages, through the reason's params).
 */
export function refuseGroupBreach(product: Pick<SaleProduct, 'id' | 'name_en' | 'name_ar' | 'modifiers'>, modifierIds: readonly string[]): void {
  const breach = groupBreaches(product.modifiers, modifierIds)[0];
  if (!breach) return;
  const { group } = breach;
  const params = {
    // The product, so a screen can open its picker for the choice asked (a scanned drink names no size).
    product_id: product.id,
    name: product.name_en,
    name_ar: product.name_ar,
    group: group.name_en ?? '',
    group_ar: group.name_ar ?? '',
    min: group.min,
    max: group.max ?? 0,
  };
  if (breach.problem === 'too_many') {
    throw new TillError('option_choice', `${product.name_en}: at most ${group.max} of ${group.name_en}, not ${breach.chosen}`, {
      code: 'optionGroup.tooMany',
      params,
    });
  }
  const code = group.min === 1 ? 'optionGroup.required' : 'optionGroup.atLeast';
  const words = group.min === 1 ? `choose ${group.name_en} first (required)` : `choose at least ${group.min} of ${group.name_en}`;
  throw new TillError('option_choice', `${product.name_en}: ${words}`, { code, params });
}
