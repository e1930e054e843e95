/**
 * The one place a line becomes a kitchen line (issue 33): a sale's line at
 * checkout, a tab's line when its round is sent, and a display's stored
 * item all pass through `kitchenLine`, so the printed ticket, the display
 * and the paper fallback can never disagree on what the kitchen makes.
 */

/** A modifier as the kitchen reads it: its names only, never its price. */
export interface KitchenModifier {
  name_en: string;
  name_ar: string;
}

/** A line as the kitchen makes it: what, how many, with what. */
export interface KitchenLine {
  product_id: string;
  /** Routes the line to a kitchen printer or display. */
  category_id: number;
  name_en: string;
  name_ar: string;
  quantity: number;
  modifiers: KitchenModifier[];
  notes: string | null;
}

/** A line that names its product itself: a sold line, a stored display item (its modifiers decoded). */
type NamedLine = Omit<KitchenLine, 'modifiers'> & { modifiers: readonly KitchenModifier[] };

/** A line that carries its product's snapshot: a cart or tab line, with the modifiers it chose. */
interface ProductLine {
  product: { id: string; category_id: number; name_en: string; name_ar: string };
  quantity: number;
  modifiers: readonly KitchenModifier[];
  notes: string | null;
}

export type KitchenLineSource = NamedLine | ProductLine;

/** Only what the kitchen makes: prices, ids and discounts stay behind. */
export function kitchenLine(line: KitchenLineSource): KitchenLine {
  const product = 'product' in line ? line.product : { id: line.product_id, category_id: line.category_id, name_en: line.name_en, name_ar: line.name_ar };
  return {
    product_id: product.id,
    category_id: product.category_id,
    name_en: product.name_en,
    name_ar: product.name_ar,
    quantity: line.quantity,
    modifiers: line.modifiers.map((m) => ({ name_en: m.name_en, name_ar: m.name_ar })),
    notes: line.notes,
  };
}
