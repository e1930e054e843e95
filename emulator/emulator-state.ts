import type { Faults } from './faults.ts';
import type { Prng } from '../src-shared/random/index.ts';
import type { ReceivedAttendance, ReceivedOrder, ReceivedSettlement } from './received-order.ts';
import type { ArmedHold } from './request-hold.ts';
import type { Tenant } from './tenant.ts';
import type { PromotionState } from './promotions.ts';
import type { TokenStore } from './tokens.ts';

/** What one running emulator holds; the routes read it on every request, so changes apply at once. */
export interface EmulatorState {
  tenant: Tenant;
  faults: Faults;
  tokens: TokenStore;
  /** The stream fault decisions are drawn from. */
  faultPrng: Prng;
  /** New ids for records the service creates (modifiers, orders, renewals). */
  newId: () => string;
  now: () => number;
  orders: Map<string, ReceivedOrder>;
  orderPosts: number;
  /** Every order uuid `POST /orders/sync` carried, in arrival order, duplicates and rejected ones too. */
  orderArrivals: string[];
  /** Later payments of held orders, by their uuid (POST /orders/payments). */
  settlements: Map<string, ReceivedSettlement>;
  /** Closed shifts, by their uuid (POST /attendances/sync). */
  attendances: Map<string, ReceivedAttendance>;
  /** Customers created by POST /customers, by the client's key (`uuid`): the id each got, so a resend gets the same one. */
  customerKeys: Map<string, string>;
  /** Every Customers Update received (`POST /customers/:id`), in order, with the body as sent (issue 35). */
  customerUpdates: ReceivedCustomerUpdate[];
  /** Coupons and loyalty rewards, and every check received (issue 35). */
  promotions: PromotionState;
  /** Requests to keep waiting before they are answered (tests that interleave work with a request in flight). */
  holds: ArmedHold[];
  /** Requests being answered now, and the most at once since start (how many a client keeps in flight). */
  traffic: { inFlight: number; peakInFlight: number };
  /** Told of every request as it arrives (the route's last path segment and the page asked for). */
  onRequest?: (resource: string, page: number) => void;
}

/** One Customers Update as the emulated service received it. */
export interface ReceivedCustomerUpdate {
  id: string;
  body: unknown;
  status: number;
}
