import type { OrderType } from '../pricing/index.ts';

/**
 * How every tab is priced: dine-in, at the cash price list. The tab service
 * prices its lines with it and the tab screen's picker shows its products
 * with it, so the price on the tile is the price the tab line charges.
 */
export const TAB_PRICING: { readonly order_type: OrderType; readonly price_list: string } = { order_type: 'DINE_IN', price_list: 'CASH' };
