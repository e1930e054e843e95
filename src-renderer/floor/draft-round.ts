import type { Minor } from '../../src-shared/money/index.ts';
import type { ModifierView, ProductCard } from '../../src-shared/selling/index.ts';
import type { PickedLine } from '../selling/index.ts';

/**
 * A line of the round being taken, kept on this screen until it is added
 * to the tab: a refused change (another screen changed the tab first)
 * never loses what the cashier picked.
 */
export interface DraftLine {
  key: number;
  product_id: string;
  name_en: string;
  name_ar: string;
  quantity: number;
  modifier_ids: string[];
  modifiers: ModifierView[];
  notes: string | null;
  unit_price: Minor | null;
}

let nextKey = 0;

/** The round with one more of `product` (options as picked): a plain product already in it counts up instead. */
export function withPicked(draft: readonly DraftLine[], product: ProductCard, picked?: PickedLine): DraftLine[] {
  if (!picked) {
    const same = draft.find((l) => l.product_id === product.id && l.modifier_ids.length === 0 && l.notes === null);
    if (same) return draft.map((l) => (l === same ? { ...l, quantity: l.quantity + 1 } : l));
  }
  return [
    ...draft,
    {
      key: ++nextKey,
      product_id: product.id,
      name_en: product.name_en,
      name_ar: product.name_ar,
      quantity: picked?.quantity ?? 1,
      modifier_ids: picked?.modifier_ids ?? [],
      modifiers: picked?.modifiers ?? [],
      notes: picked?.notes ?? null,
      unit_price: picked ? picked.unit_price : product.price,
    },
  ];
}

/** The round with one of its lines changed as picked again (its options, quantity and note). */
export function withChanged(draft: readonly DraftLine[], key: number, picked: PickedLine): DraftLine[] {
  return draft.map((l) =>
    l.key === key
      ? { ...l, quantity: picked.quantity, modifier_ids: picked.modifier_ids, modifiers: picked.modifiers, notes: picked.notes, unit_price: picked.unit_price }
      : l,
  );
}

/** A draft line as the line dialog opens it to be changed. */
export function pickedOf(line: DraftLine): PickedLine {
  return {
    product_id: line.product_id,
    quantity: line.quantity,
    modifier_ids: line.modifier_ids,
    modifiers: line.modifiers,
    notes: line.notes,
    unit_price: line.unit_price,
  };
}

/** The round as addRound takes it. */
export function roundInput(draft: readonly DraftLine[]): { product_id: string; quantity: number; modifier_ids: string[]; notes: string | null }[] {
  return draft.map((l) => ({ product_id: l.product_id, quantity: l.quantity, modifier_ids: l.modifier_ids, notes: l.notes }));
}
