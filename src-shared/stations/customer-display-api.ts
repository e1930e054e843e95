import type { CustomerDisplayView } from './customer-display-view.ts';

/**
 * The customer display (issue 21, part 5): a screen facing the customers of
 * one counter. It needs no cashier, and this is all it may call beside
 * `thisStation` (CUSTOMER_DISPLAY_SCREEN_METHODS): the host pushes the same view in a
 * `customer-display` event after every change, so it asks only when it
 * (re)connects. Any other station asking is refused.
 */
export interface CustomerDisplayApi {
  customerDisplay(): Promise<CustomerDisplayView>;
}

export const CUSTOMER_DISPLAY_METHODS = ['customerDisplay'] as const satisfies readonly (keyof CustomerDisplayApi)[];

/** All a customer display's screen may call: its view and its own station (no session, no cashier, no cart). */
export const CUSTOMER_DISPLAY_SCREEN_METHODS = [...CUSTOMER_DISPLAY_METHODS, 'thisStation'] as const;
