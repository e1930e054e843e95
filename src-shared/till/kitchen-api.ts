import type { KitchenBoardView } from '../kitchen/index.ts';
import type { KitchenInputs } from './kitchen-inputs.ts';

/**
 * The kitchen display (issue 21, part 4). The calling screen must be a
 * kitchen_display station (a counter gets 'not_allowed'); a display needs
 * no cashier and may call nothing else but these and a screen's start-up
 * basics. Each change answers the board as it is now; every screen of that
 * display hears `{ type: 'kitchen', station_id }` after the commit.
 */
export interface KitchenApi {
  /** The calling display's open tickets oldest first, its all-day counts and what recall would bring back. */
  kitchenBoard(): Promise<KitchenBoardView>;
  /** Toggles one item: bumping a bumped item un-bumps it. */
  bumpKitchenItem(input: KitchenInputs['bumpKitchenItem']): Promise<KitchenBoardView>;
  /** The whole ticket is done: it leaves the board. */
  bumpKitchenTicket(input: KitchenInputs['bumpKitchenTicket']): Promise<KitchenBoardView>;
  /** The last ticket bumped at this display comes back open. */
  recallKitchenTicket(): Promise<KitchenBoardView>;
}

export const KITCHEN_API_METHODS = [
  'kitchenBoard',
  'bumpKitchenItem',
  'bumpKitchenTicket',
  'recallKitchenTicket',
] as const satisfies readonly (keyof KitchenApi)[];
