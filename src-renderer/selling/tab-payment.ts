import type { Minor } from '../../src-shared/money/index.ts';

/** A tab (or one part of a split tab) paid from the floor through the payment dialog. */
export interface TabPayment {
  tab_id: string;
  /** The version the screen saw: paid on a stale tab, the host refuses and names what changed. */
  version: number;
  /** The part of a split tab; null: the whole tab. */
  part: number | null;
  total: Minor;
  /** The dialog's title ("Pay tab T4, part 2"). */
  title: string;
  /** Called when the host refused the payment (its reason is already a notice). */
  onrefused?: () => void;
}
