import type { KitchenBoardView, KitchenDisplayRouteView } from './kitchen-views.ts';
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

/** The Branch screen's Kitchens tab: which categories each kitchen display shows, and its fallback printer ('branch-settings'). */
export interface KitchenSetupApi {
  kitchenDisplays(): Promise<KitchenDisplayRouteView[]>;
  routeKitchenDisplay(input: KitchenInputs['routeKitchenDisplay']): Promise<KitchenDisplayRouteView[]>;
}

export const KITCHEN_SETUP_METHODS = ['kitchenDisplays', 'routeKitchenDisplay'] as const satisfies readonly (keyof KitchenSetupApi)[];

export const KITCHEN_API_METHODS = [
  'kitchenBoard',
  'bumpKitchenItem',
  'bumpKitchenTicket',
  'recallKitchenTicket',
] as const satisfies readonly (keyof KitchenApi)[];

/**
 * All a kitchen display's screen may call: its board, and what any screen
 * needs to start (the session, its station, who is at the till, the sync
 * state for the status bar). Every other call from a display is refused.
 */
export const KITCHEN_DISPLAY_METHODS = [
  ...KITCHEN_API_METHODS,
  'session',
  'thisStation',
  'staffState',
  'syncStatus',
  // The kitchen says what ran out (issue 34 item 6): its list, marking and marking back.
  'soldOut',
  'markSoldOut',
  'markBack',
  // Its list's names come from the catalog.
  'search',
] as const;
