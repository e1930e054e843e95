import { chosenIn, groupBreaches, type GroupedOption, type OptionGroup } from '../../src-shared/catalog/index.ts';
import type { ProductCard } from '../../src-shared/selling/index.ts';

/**
 * The one-tap rule (issue 34): a tap on a product puts it in the cart at
 * once unless it has a choice that must be made first (an option group with
 * a minimum: `requires_choice`); its optional options are changed afterwards
 * by tapping its line.
 */
export function opensPickerFirst(product: ProductCard): boolean {
  return product.requires_choice === true;
}

/**
 * The product whose picker answers a refusal: a scanned barcode names a
 * product, not its size, so the host refuses the line until the required
 * choice is made (`option_choice`, with the product in its params); the
 * screen then asks that question instead of leaving the cashier to find the
 * tile. Any other error opens nothing.
 */
export function pickerForRefusal(error: unknown): Pick<ProductCard, 'id' | 'name_en' | 'name_ar'> | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, reason } = error as { code?: unknown; reason?: { code?: unknown; params?: Record<string, unknown> } };
  if (code !== 'option_choice' || reason?.code === 'optionGroup.tooMany') return null;
  const params = reason?.params ?? {};
  const { product_id: id, name: nameEn, name_ar: nameAr } = params;
  if (typeof id !== 'string' || id === '') return null;
  return { id, name_en: typeof nameEn === 'string' ? nameEn : '', name_ar: typeof nameAr === 'string' ? nameAr : '' };
}

/** One-of: a line has at most one option of the group (size, milk); it is shown as radio buttons. */
export function isOneOf(group: OptionGroup): boolean {
  return group.max === 1;
}

/**
 * The options chosen after a tap on `optionId` of `group`: in a one-of group
 * the tapped option replaces the group's other (a second tap on an optional
 * one clears it; a required one stays); elsewhere it is ticked or unticked,
 * and a group at its most takes no more.
 */
export function afterTap(group: OptionGroup, chosen: readonly string[], optionId: string): string[] {
  const inGroup = new Set(group.options.map((option) => option.id));
  if (chosen.includes(optionId)) {
    if (isOneOf(group) && group.min > 0) return [...chosen];
    return chosen.filter((id) => id !== optionId);
  }
  if (isOneOf(group)) return [...chosen.filter((id) => !inGroup.has(id)), optionId];
  if (group.max !== null && chosenIn(group, chosen) >= group.max) return [...chosen];
  return [...chosen, optionId];
}

/** Is `group` at its most, so its options not yet chosen cannot be (a one-of group is never full: a tap swaps). */
export function isFull(group: OptionGroup, chosen: readonly string[]): boolean {
  return !isOneOf(group) && group.max !== null && chosenIn(group, chosen) >= group.max;
}

/** The first group whose rule `chosen` breaks (what keeps Add back, to name to the cashier), or null. */
export function firstOpenGroup<M extends GroupedOption>(modifiers: readonly M[], chosen: readonly string[]): OptionGroup<M> | null {
  return groupBreaches(modifiers, chosen)[0]?.group ?? null;
}

/**
 * A tap on a choice adds the line itself (no separate Add) when it answers a
 * required one-of group and leaves nothing open: every required group is
 * answered. Optional options are not an open question (the line's tap edits
 * them), so a cashier who wants one taps it before the required choice.
 */
export function tapAddsLine<M extends GroupedOption>(modifiers: readonly M[], group: OptionGroup, chosenAfter: readonly string[]): boolean {
  return isOneOf(group) && group.min > 0 && groupBreaches(modifiers, chosenAfter).length === 0;
}
