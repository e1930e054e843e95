import type { ProductCard } from '../../src-shared/selling/index.ts';

/**
 * The one-tap rule (issue 34): a tap on a product puts it in the cart at
 * once unless it has a choice that must be made first; its optional add-ons
 * are changed afterwards by tapping its line. Today's catalog has no
 * required choice (every modifier is an optional add-on), so only a card
 * that says it needs one (`requires_choice`, set once option groups with a
 * minimum exist) opens the picker first.
 */
export function opensPickerFirst(product: ProductCard): boolean {
  return product.requires_choice === true;
}
