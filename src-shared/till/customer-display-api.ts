import type { CustomerDisplayView } from '../stations/index.ts';

/**
 * The customer display (issue 21, part 5): a screen facing the customers of
 * one counter. It needs no cashier, and this is all it may call beside
 * `thisStation` (STATION_KIND_METHODS): the host pushes the same view in a
 * `customer-display` event after every change, so it asks only when it
 * (re)connects. Any other station asking is refused.
 */
export interface CustomerDisplayApi {
  customerDisplay(): Promise<CustomerDisplayView>;
}

export const CUSTOMER_DISPLAY_METHODS = ['customerDisplay'] as const satisfies readonly (keyof CustomerDisplayApi)[];
