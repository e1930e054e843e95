import { BRANCH_API_METHODS, type BranchApi } from '../branch/index.ts';
import { CUSTOMER_DISPLAY_METHODS, type CustomerDisplayApi } from '../stations/index.ts';
import { FLOOR_API_METHODS, type FloorApi, type TabView } from '../floor/index.ts';
import { KITCHEN_API_METHODS, KITCHEN_SETUP_METHODS, type KitchenApi, type KitchenSetupApi } from '../kitchen/index.ts';
import { STATION_API_METHODS, type StationApi } from '../stations/index.ts';
import { ZATCA_API_METHODS, type ZatcaApi } from '../zatca/index.ts';
import type { TillInputs } from '../selling/index.ts';
import type { CashierView, DayReport, ShiftReport, ShiftView, StaffState } from '../shifts/index.ts';
import type { PrinterStateView } from './till-events.ts';
import type { ApprovalCheckView } from './approval-check.ts';
import type {
  CartView,
  DiscountView,
  CategoryView,
  CustomerView,
  CounterCustomerView,
  EditedCustomerView,
  OrderSummary,
  OrderView,
  ParkedCartView,
  PaymentMethodView,
  SessionView,
  ProductCard,
  ProductDetail,
  SoldOutView,
  SyncStatus,
} from '../selling/index.ts';

/**
 * The one API the UI, the CLI and the tests use. Every method is async (it
 * crosses a MessagePort or a WebSocket in the app) and validates its input
 * with `tillInputs`; a bad input throws TillInputError and changes nothing.
 */
export interface TillApi extends BranchApi, StationApi, ZatcaApi, FloorApi, KitchenApi, KitchenSetupApi, CustomerDisplayApi {
  categories(): Promise<CategoryView[]>;
  products(input: TillInputs['products']): Promise<{ items: ProductCard[]; total: number }>;
  search(input: TillInputs['search']): Promise<ProductCard[]>;
  product(input: TillInputs['product']): Promise<ProductDetail>;
  paymentMethods(): Promise<PaymentMethodView[]>;
  /** Active customers whose name, phone or email contains the query (any case), or whose id it is; all of them (up to `limit`) for no query. */
  customers(input: TillInputs['customers']): Promise<CustomerView[]>;

  cart(): Promise<CartView>;
  addItem(input: TillInputs['addItem']): Promise<CartView>;
  /** Adds the product a barcode labels (with its modifier when the barcode names one). */
  scan(input: TillInputs['scan']): Promise<CartView>;
  updateItem(input: TillInputs['updateItem']): Promise<CartView>;
  removeItem(input: TillInputs['removeItem']): Promise<CartView>;
  setOrderType(input: TillInputs['setOrderType']): Promise<CartView>;
  setCustomer(input: TillInputs['setCustomer']): Promise<CartView>;
  /**
   * Adds a customer at the counter (issue 35): kept on this till at once,
   * uploaded once, and (unless `attach: false`, then `cart` is null) made the cart's customer.
   * A phone the till already knows is refused with `customer_exists`,
   * naming that customer (`params.id`, `params.name`) to choose instead.
   */
  addCustomer(input: TillInputs['addCustomer']): Promise<{ customer: CounterCustomerView; cart: CartView | null }>;
  /**
   * Corrects a customer's name, phone or email (issue 35): the one on the
   * cart or one found by search. Kept on this till at once, uploaded once
   * with Customers Update; `cart` is the cart when it names this customer,
   * else null. A phone another customer has is refused (`customer_phone_taken`).
   */
  updateCustomer(input: TillInputs['updateCustomer']): Promise<{ customer: EditedCustomerView; cart: CartView | null }>;
  setPriceList(input: TillInputs['setPriceList']): Promise<CartView>;
  setOrderDiscount(input: TillInputs['setOrderDiscount']): Promise<CartView>;
  /** The service's discounts (issue 35), each with whether it applies to this cart now and why not. */
  discounts(): Promise<DiscountView[]>;
  /** Picks one of them for this cart (or takes it off): refused, in the cashier's words, when its rules do not hold now. */
  pickDiscount(input: TillInputs['pickDiscount']): Promise<CartView>;
  /**
   * A coupon or loyalty reward code typed or scanned at the counter (issue
   * 35): checked with the service (a coupon with Discounts Verify, a reward
   * with the loyalty provider's check_reward) and, when it gives a discount,
   * applied to this screen's cart. Refused with `code_refused` and a reason
   * the cashier reads (refused, offline, already on this order); the cart is
   * then unchanged and the sale goes on.
   */
  applyCode(input: TillInputs['applyCode']): Promise<CartView>;
  /** Takes a coupon or reward off this screen's cart. */
  removeCode(input: TillInputs['removeCode']): Promise<CartView>;
  /** A coupon or reward code for a table's open tab (issue 35): checked as applyCode checks it, given on the tab (a change of its version). */
  applyTabCode(input: TillInputs['applyTabCode']): Promise<TabView>;
  /** Takes a coupon or reward off a tab. */
  removeTabCode(input: TillInputs['removeTabCode']): Promise<TabView>;
  /** Voids the unpaid cart: everything in it is dropped (a manager approves when kitchen tickets already printed). */
  voidCart(input?: TillInputs['voidCart']): Promise<CartView>;
  parkCart(input: TillInputs['parkCart']): Promise<ParkedCartView>;
  parkedCarts(): Promise<ParkedCartView[]>;
  resumeCart(input: TillInputs['resumeCart']): Promise<CartView>;

  /** One durable transaction; resolves only once the order is on disk. */
  checkout(input: TillInputs['checkout']): Promise<OrderView>;
  /** For a sale whose standard (B2B) invoice ZATCA did not clear: a simplified invoice for the same sale, then its receipt. */
  issueSimplifiedInvoice(input: TillInputs['issueSimplifiedInvoice']): Promise<OrderView>;
  /** For a refund whose standard credit note ZATCA did not clear: asked again when unanswered; refused, a new credit note for it, cleared, then its receipt. */
  clearCreditNoteAgain(input: TillInputs['clearCreditNoteAgain']): Promise<OrderView>;
  orders(input: TillInputs['orders']): Promise<OrderSummary[]>;
  order(input: TillInputs['order']): Promise<OrderView>;
  /** Gives back chosen lines and quantities (all that is left by default), with a reason; never more than is left. */
  refund(input: TillInputs['refund']): Promise<OrderView>;
  /** Pays an UNPAID (PAY_LATER) order now, in full, by one or more methods. */
  settleOrder(input: TillInputs['settleOrder']): Promise<OrderView>;

  /** Who is at the till, the open shift, and whether the first manager is still to be made. */
  staffState(): Promise<StaffState>;
  cashiers(): Promise<CashierView[]>;
  /** The first manager needs no approval; every later cashier is added by a manager. */
  addCashier(input: TillInputs['addCashier']): Promise<CashierView>;
  updateCashier(input: TillInputs['updateCashier']): Promise<CashierView>;
  unlock(input: TillInputs['unlock']): Promise<StaffState>;
  lock(): Promise<StaffState>;
  openShift(input: TillInputs['openShift']): Promise<ShiftView>;
  cashMovement(input: TillInputs['cashMovement']): Promise<ShiftReport>;
  /** X report of the open shift, or the Z report of a closed one. */
  shiftReport(input: TillInputs['shiftReport']): Promise<ShiftReport>;
  /** Closes the open shift with a blind count and returns its Z report. */
  closeShift(input: TillInputs['closeShift']): Promise<ShiftReport>;
  dayReport(input: TillInputs['dayReport']): Promise<DayReport>;
  /** Prints the X/Z report (or the day's) on the receipt printer. */
  printReport(input: TillInputs['printReport']): Promise<void>;
  /** Opens the cash drawer without a sale (a manager approves). */
  openDrawer(input: TillInputs['openDrawer']): Promise<void>;

  syncStatus(): Promise<SyncStatus>;

  /** What is sold out today (issue 34 item 6): products and options, for every screen. */
  soldOut(): Promise<SoldOutView[]>;
  /** Marks a product or an option sold out until the next business day (a manager, or a kitchen display); every screen hears `sold-out`. */
  markSoldOut(input: TillInputs['markSoldOut']): Promise<SoldOutView[]>;
  /** Puts it back on sale now. */
  markBack(input: TillInputs['markBack']): Promise<SoldOutView[]>;

  /** Whether this till is paired with a service, and with which market and branch. */
  session(): Promise<SessionView>;
  /** Pairs with a service and runs the first catalog pull (progress arrives as `pull` events). */
  signIn(input: TillInputs['signIn']): Promise<SessionView>;
  /** Pulls the catalog again and uploads pending orders now. */
  syncNow(): Promise<SessionView>;

  printers(): Promise<PrinterStateView[]>;
  /** The receipt exactly as it prints, as a `data:image/png;base64,...` URL. */
  receiptPreview(input: TillInputs['receiptPreview']): Promise<string>;
  reprint(input: TillInputs['reprint']): Promise<void>;

  /** Whether this call would need a manager's approval from this screen, and the branch's limits; never runs it, never audits. */
  approvalCheck(input: TillInputs['approvalCheck']): Promise<ApprovalCheckView>;
}

const methods = <const Names extends readonly (keyof TillApi)[]>(names: Names) => names;

// The till API in the parts the host composes it from, one service each
// (src-main/host/till-host.ts); TILL_API_METHODS is their union.

/** Selling over the local database: the catalog, the cart, payment, orders and refunds. */
export const SELLING_METHODS = methods([
  'categories',
  'products',
  'search',
  'product',
  'paymentMethods',
  'customers',
  'cart',
  'addItem',
  'scan',
  'updateItem',
  'removeItem',
  'setOrderType',
  'setCustomer',
  'addCustomer',
  'updateCustomer',
  'setPriceList',
  'setOrderDiscount',
  'discounts',
  'pickDiscount',
  'voidCart',
  'parkCart',
  'parkedCarts',
  'resumeCart',
  'checkout',
  'issueSimplifiedInvoice',
  'clearCreditNoteAgain',
  'orders',
  'order',
  'refund',
  'settleOrder',
  'syncStatus',
  'soldOut',
  'markSoldOut',
  'markBack',
]);

/** Staff and shifts: cashiers, PINs, shifts, cash movements and their reports. */
export const SHIFT_METHODS = methods([
  'staffState',
  'cashiers',
  'addCashier',
  'updateCashier',
  'unlock',
  'lock',
  'openShift',
  'cashMovement',
  'shiftReport',
  'closeShift',
  'dayReport',
]);

/** The session with the service: pairing, pulling the catalog, uploading. */
export const SESSION_METHODS = methods(['session', 'signIn', 'syncNow']);

/** Printing: printer states, the receipt preview, reprints, reports and the drawer. */
export const PRINTING_METHODS = methods(['printers', 'receiptPreview', 'reprint', 'printReport', 'openDrawer']);

/** Coupons and loyalty rewards (issue 35): checked with the service, then applied to the cart. */
export const PROMOTION_METHODS = methods(['applyCode', 'removeCode', 'applyTabCode', 'removeTabCode']);

/** The host's authorization hook, asked ahead: does this call need a manager's approval from this screen? */
export const APPROVAL_METHODS = methods(['approvalCheck']);

/** The part of the till API that works from the local database alone: selling and shifts. */
export type SellingApi = Pick<TillApi, (typeof SELLING_METHODS)[number] | (typeof SHIFT_METHODS)[number]>;

/**
 * Every method of TillApi, at run time: the host exposes exactly these to
 * a UI and nothing else. The check below makes a method added to the
 * interface but to no part a type error.
 */
export const TILL_API_METHODS = [
  ...SELLING_METHODS,
  ...SHIFT_METHODS,
  ...SESSION_METHODS,
  ...PRINTING_METHODS,
  ...BRANCH_API_METHODS,
  ...STATION_API_METHODS,
  ...APPROVAL_METHODS,
  ...PROMOTION_METHODS,
  ...ZATCA_API_METHODS,
  ...FLOOR_API_METHODS,
  ...CUSTOMER_DISPLAY_METHODS,
  ...KITCHEN_API_METHODS,
  ...KITCHEN_SETUP_METHODS,
] as const;

type Missing = Exclude<keyof TillApi, (typeof TILL_API_METHODS)[number]>;
const everyMethodListed: Missing extends never ? true : Missing = true;
void everyMethodListed;
