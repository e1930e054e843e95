import { chosenIn, optionGroupsOf, type GroupedOption } from '../../src-shared/catalog/index.ts';

/**
 * `wanted` made into a choice the product's option groups allow (issue 34):
 * an option past its group's most is left out, and each required group
 * still open gets its first options (the demo's size "Small", which adds
 * nothing to the price). For tests that sell a product without caring
 * which size it is.
 */
export function allowedChoice(modifiers: readonly GroupedOption[], wanted: readonly string[] = []): string[] {
  const groups = optionGroupsOf(modifiers);
  const chosen: string[] = [];
  for (const id of wanted) {
    const group = groups.find((g) => g.options.some((option) => option.id === id));
    if (group && group.max !== null && chosenIn(group, chosen) >= group.max) continue;
    chosen.push(id);
  }
  for (const group of groups) {
    for (const option of group.options) {
      if (chosenIn(group, chosen) >= group.min) break;
      if (!chosen.includes(option.id)) chosen.push(option.id);
    }
  }
  // What was wanted in its order, the required choices after it.
  return chosen;
}
