import { TillError } from '../../src-shared/errors/index.ts';
import type { SaleProduct, SoldOutToday } from '../catalog/index.ts';

/**
 * Refuses a line of a product sold out today, or with an option sold out
 * today (issue 34 item 6), in the cashier's words: which one, and what to do.
 * Lines already in a cart or a tab stay: the mark stops new ones only, so
 * an edit of a line checks only the options it newly chose (`options`).
 */
export function refuseSoldOut(product: SaleProduct, modifierIds: readonly string[], today: SoldOutToday, what: 'line' | 'options' = 'line'): void {
  const names = { name: product.name_en, name_ar: product.name_ar };
  if (what === 'line' && today.products.has(product.id)) {
    throw new TillError('sold_out', `${product.name_en} is sold out today: pick something else, or ask a manager or the kitchen to mark it back`, {
      code: 'soldOut.product',
      params: names,
    });
  }
  for (const id of modifierIds) {
    if (!today.modifiers.has(id)) continue;
    const option = product.modifiers.find((m) => m.id === id);
    throw new TillError('sold_out', `the option ${option?.name_en ?? id} is sold out today: choose another one for ${product.name_en}`, {
      code: 'soldOut.option',
      params: { ...names, option: option?.name_en ?? id, option_ar: option?.name_ar ?? id },
    });
  }
}
