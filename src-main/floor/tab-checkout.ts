import type { PricedCart, Settlement } from '../../src-shared/pricing/index.ts';
import type { OrderRecord, OrderView } from '../../src-shared/selling/index.ts';
import type { Cart } from '../orders/index.ts';
import type { SaleProduct } from '../catalog/index.ts';

/**
 * What paying a tab needs of selling: the counter's order path at the
 * calling station (its number, drawer, outbox, receipt and ZATCA stamp).
 * The host hands in its selling service; floor does not import selling.
 */
export interface TabCheckout {
  /** Writes the order in the caller's transaction; `alsoWrite` runs in it too. */
  sellPriced(input: {
    cart: Cart;
    priced: PricedCart;
    payments: { method_key: string; amount: number }[];
    cash_tendered: number | undefined;
    alsoWrite: (order: OrderRecord) => void;
  }): { record: OrderRecord; settlement: Settlement };
  /** After that transaction committed: the order's wake-ups, and the view the screen gets. */
  orderCommitted(record: OrderRecord, settlement: Settlement): OrderView;
  /** Refuses a round's line of a product, or with an option, sold out today (issue 34 item 6), as the counter refuses it. */
  refuseSoldOut(product: SaleProduct, modifierIds: readonly string[]): void;
}
