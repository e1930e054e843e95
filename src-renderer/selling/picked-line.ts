import type { Minor } from '../../src-shared/money/index.ts';
import type { ModifierView } from '../../src-shared/selling/index.ts';

/** A product as chosen in the line dialog (options, quantity, a note), for a list other than the cart: a tab's next round. */
export interface PickedLine {
  product_id: string;
  quantity: number;
  modifier_ids: string[];
  modifiers: ModifierView[];
  notes: string | null;
  /** The price of one, options included; null while the product is not priced. */
  unit_price: Minor | null;
}
