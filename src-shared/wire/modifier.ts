import type { Modifier, ModifierGroup } from '../catalog/index.ts';
import { schemaOf } from './schema-from-table.ts';
import { ReadTally } from './read-tally.ts';

/** A product modifier: not shown by the spec, so every member is optional (member table, "modifier"). */
export const modifierSchema = schemaOf('modifier', '2.5.0');

/** The group members a record may carry: on each option (flat), or on a group record around its `options` (nested). */
interface WireGroupRule {
  min?: number | null;
  max?: number | null;
  is_required?: boolean | null;
}

export interface WireModifierOption {
  id?: string | null;
  name_en?: string | null;
  name_ar?: string | null;
  price?: string | number | null;
}

export interface WireModifier extends WireModifierOption, WireGroupRule {
  product_id?: string | null;
  group_id?: string | null;
  group_name_en?: string | null;
  group_name_ar?: string | null;
  /** Present: this record is a group and these are its options. */
  options?: WireModifierOption[] | null;
}

/**
 * A group's rule from what a service sent (member table, "modifier"):
 * `min`, else 1 when `is_required`, else 0; `max` above 0, else no limit,
 * and never below `min`.
 */
function groupRule(wire: WireGroupRule): Pick<ModifierGroup, 'min' | 'max'> {
  const min = Math.max(0, wire.min ?? (wire.is_required === true ? 1 : 0));
  const max = wire.max == null || wire.max <= 0 ? null : Math.max(wire.max, min);
  return { min, max };
}

/** The group of a flat option: its group id or name, with the rule it repeats; neither: none (an optional add-on). */
function flatGroup(wire: WireModifier): ModifierGroup | null {
  const name = wire.group_name_en ?? wire.group_name_ar ?? null;
  if (wire.group_id == null && name === null) return null;
  const id = wire.group_id ?? `name:${name}`;
  return { id, name_en: wire.group_name_en ?? wire.group_name_ar ?? id, name_ar: wire.group_name_ar ?? wire.group_name_en ?? id, ...groupRule(wire) };
}

function option(wire: WireModifierOption, id: string, productId: string, position: number, tally: ReadTally, group: ModifierGroup | null): Modifier {
  const fallbackName = `Option ${position + 1}`;
  return {
    id,
    product_id: productId,
    name_en: wire.name_en ?? wire.name_ar ?? fallbackName,
    name_ar: wire.name_ar ?? wire.name_en ?? fallbackName,
    // No price: a free add-on.
    price: tally.money(wire.price, '0.00', `product ${productId} modifier ${id} price`),
    // Left out rather than null, so an option in no group reads as it always did.
    ...(group ? { group } : {}),
  };
}

/**
 * One record of a product's modifiers as the options it holds: itself (an
 * option, maybe naming its group), or, for a group record (one carrying
 * `options`), each of its options in that group. Missing members take the
 * member table's fallbacks; `parentProductId` is the product it is nested in
 * or read for.
 */
export function normalizeModifiers(input: unknown, position = 0, tally: ReadTally = new ReadTally(), parentProductId?: string): Modifier[] {
  const wire = input as WireModifier;
  const productId = wire.product_id ?? parentProductId ?? '';
  if (wire.options == null) return [option(wire, wire.id ?? `${productId}:modifier:${position + 1}`, productId, position, tally, flatGroup(wire))];
  const fallbackName = `Option ${position + 1}`;
  const groupId = wire.id ?? `name:${wire.name_en ?? wire.name_ar ?? fallbackName}`;
  const group: ModifierGroup = {
    id: groupId,
    name_en: wire.name_en ?? wire.name_ar ?? fallbackName,
    name_ar: wire.name_ar ?? wire.name_en ?? fallbackName,
    ...groupRule(wire),
  };
  return wire.options.map((nested, index) => option(nested, nested.id ?? `${productId}:modifier:${position + 1}.${index + 1}`, productId, index, tally, group));
}
