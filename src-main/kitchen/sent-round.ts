import type { KitchenOrder } from '../../src-shared/kitchen/index.ts';

/** A round sent to the kitchen (its round number is the ticket's), and which tab it is. */
export interface SentRound {
  ticket: KitchenOrder;
  /** The tab's table name, or the name it was opened under. */
  label: string;
}
