import type { ModifierGroup } from './records.ts';

/** What grouping needs of an option: the catalog's Modifier, a picker's view of it, a line's snapshot. */
export interface GroupedOption {
  id: string;
  group?: ModifierGroup | null;
}

/**
 * A product's options of one group, with the group's rule as the till
 * applies it (issue 34 item 2). `id` null is the product's optional add-ons:
 * the options a service put in no group (every option, when it sends no
 * groups at all), any number of them, none required.
 */
export interface OptionGroup<M extends GroupedOption = GroupedOption> {
  id: string | null;
  name_en: string | null;
  name_ar: string | null;
  min: number;
  max: number | null;
  options: M[];
}

/** Which rule of which group a choice breaks: too few of a required group, or more than its most. */
export interface GroupBreach<M extends GroupedOption = GroupedOption> {
  group: OptionGroup<M>;
  problem: 'too_few' | 'too_many';
  chosen: number;
}

/**
 * The groups of a product's options, in the order their first option comes.
 * A group's rule is its first option's (a service that repeats it on each
 * option says it once per option); a minimum above the group's options is
 * lowered to their number, so a product can always be sold.
 */
export function optionGroupsOf<M extends GroupedOption>(modifiers: readonly M[]): OptionGroup<M>[] {
  const groups = new Map<string | null, OptionGroup<M>>();
  for (const modifier of modifiers) {
    const rule = modifier.group ?? null;
    const key = rule?.id ?? null;
    let group = groups.get(key);
    if (!group) {
      group = rule
        ? { id: rule.id, name_en: rule.name_en, name_ar: rule.name_ar, min: rule.min, max: rule.max, options: [] }
        : { id: null, name_en: null, name_ar: null, min: 0, max: null, options: [] };
      groups.set(key, group);
    }
    group.options.push(modifier);
  }
  for (const group of groups.values()) {
    group.min = Math.min(Math.max(0, group.min), group.options.length);
    if (group.max !== null) group.max = Math.max(group.max, group.min, 1);
  }
  return [...groups.values()];
}

/** How many of `chosenIds` are options of `group` (an option chosen twice counts twice). */
export function chosenIn(group: OptionGroup, chosenIds: readonly string[]): number {
  return chosenIds.filter((id) => group.options.some((option) => option.id === id)).length;
}

/** Every group rule `chosenIds` breaks, in the groups' order: the one to name first is the first. */
export function groupBreaches<M extends GroupedOption>(modifiers: readonly M[], chosenIds: readonly string[]): GroupBreach<M>[] {
  const breaches: GroupBreach<M>[] = [];
  for (const group of optionGroupsOf(modifiers)) {
    const chosen = chosenIn(group, chosenIds);
    if (chosen < group.min) breaches.push({ group, problem: 'too_few', chosen });
    else if (group.max !== null && chosen > group.max) breaches.push({ group, problem: 'too_many', chosen });
  }
  return breaches;
}

/** Does the product need a choice before it can be sold (a group with a minimum). */
export function requiresChoice(modifiers: readonly GroupedOption[]): boolean {
  return optionGroupsOf(modifiers).some((group) => group.min > 0);
}
